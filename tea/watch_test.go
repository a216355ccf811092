package tea_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/facetui/facet/tea"
)

// versions records the versions a Watch sees.
type versions struct {
	mu  sync.Mutex
	got []uint64
}

func (v *versions) see(s tea.Snapshot) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.got = append(v.got, s.Version)
}

func (v *versions) list() []uint64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	return slices.Clone(v.got)
}

func TestWatchSeesEverySnapshotOnceInVersionOrder(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b", "c"}})
	var v versions
	cancel := rt.Watch(v.see)
	defer cancel()
	first := rt.Snapshot().Version
	ctx := context.Background()
	for _, msg := range []tea.Msg{
		showMsg{"a", "b", "c", "d"},
		tea.FocusNextMsg{}, tea.FocusPrevMsg{}, tea.FocusMsg{ID: "c"},
		tea.HoverMsg{ID: "a"}, tea.HoverMsg{ID: "a"},
		tea.AttachAgentMsg{Agent: "x"}, tea.AttachAgentMsg{Agent: "x"}, tea.DetachAgentMsg{Agent: "x"},
		tea.DetachAgentsMsg{}, tea.AllowAgentsMsg{},
		tea.NotifyMsg{Key: "k", Text: "hello", TTL: -1}, tea.DismissMsg{Key: "k"},
		tea.KeyInputMsg{Key: tea.Named(tea.KeyTab)},
		tea.MouseInputMsg{ID: "b", Mouse: tea.Mouse{Action: tea.MousePress, Button: tea.MouseLeft}},
	} {
		if _, err := rt.Dispatch(ctx, msg); err != nil {
			t.Fatalf("Dispatch(%#v): %v", msg, err)
		}
	}
	got := v.list()
	last := rt.Snapshot().Version
	want := make([]uint64, 0, last-first+1)
	for n := first; n <= last; n++ {
		want = append(want, n)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Watch saw versions %v, want each of %d..%d once, in order", got, first, last)
	}
}

func TestControlMessagesAreTheRuntimesOwn(t *testing.T) {
	press := tea.Mouse{Action: tea.MousePress, Button: tea.MouseLeft}
	tests := []struct {
		name      string
		msg       tea.Msg
		published int // snapshots the message publishes
		check     func(s tea.Snapshot) bool
	}{
		{"FocusMsg moves focus to the widget", tea.FocusMsg{ID: "c"}, 1, func(s tea.Snapshot) bool { return s.Focus == "c" }},
		{"FocusNextMsg moves focus as Tab does", tea.FocusNextMsg{}, 1, func(s tea.Snapshot) bool { return s.Focus == "b" }},
		{"FocusPrevMsg moves focus as Shift+Tab does", tea.FocusPrevMsg{}, 1, func(s tea.Snapshot) bool { return s.Focus == "c" }},
		{"a Tab KeyInputMsg moves focus", tea.KeyInputMsg{Key: tea.Named(tea.KeyTab)}, 1, func(s tea.Snapshot) bool { return s.Focus == "b" }},
		{"HoverMsg records the hovered widget", tea.HoverMsg{ID: "b"}, 1, func(s tea.Snapshot) bool { return s.Hover == "b" }},
		{"HoverMsg for no change publishes nothing", tea.HoverMsg{}, 0, func(s tea.Snapshot) bool { return s.Hover == "" }},
		{"a press MouseInputMsg focuses the widget", tea.MouseInputMsg{ID: "c", Mouse: press}, 1, func(s tea.Snapshot) bool { return s.Focus == "c" }},
		{"AttachAgentMsg attaches", tea.AttachAgentMsg{Agent: "x"}, 1, func(s tea.Snapshot) bool { return s.Presence.Attached("x") }},
		{"DetachAgentMsg for an agent not attached publishes nothing", tea.DetachAgentMsg{Agent: "x"}, 0, func(s tea.Snapshot) bool { return len(s.Presence.Agents) == 0 }},
		{"DetachAgentsMsg blocks agents", tea.DetachAgentsMsg{}, 1, func(s tea.Snapshot) bool { return s.Presence.Blocked }},
		{"AllowAgentsMsg publishes an unblocked presence", tea.AllowAgentsMsg{}, 1, func(s tea.Snapshot) bool { return !s.Presence.Blocked }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, focusModel{ids: []string{"a", "b", "c"}})
			tr, err := rt.Dispatch(context.Background(), tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(tr.After) {
				t.Errorf("after %#v: %+v", tt.msg, tr.After)
			}
			if got := int(tr.After.Version - tr.Before.Version); got != tt.published {
				t.Errorf("published %d snapshots, want %d", got, tt.published)
			}
			if log := tr.After.Model.(focusModel).log; len(log) != 0 {
				t.Errorf("Update saw the runtime's own message: %v", log)
			}
		})
	}
}

func TestWatchStopsOnCancelAndWithTheRuntime(t *testing.T) {
	rt := start(t, logModel{})
	var v versions
	cancel := rt.Watch(v.see)
	if got := len(v.list()); got != 1 {
		t.Fatalf("Watch saw %d snapshots on the start, want the current one", got)
	}
	if rt.Subscribers() != 0 {
		t.Fatalf("a Watch counts as a subscription: Subscribers = %d", rt.Subscribers())
	}
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, appendMsg("a")); err != nil {
		t.Fatal(err)
	}
	cancel()
	cancel()
	if _, err := rt.Dispatch(ctx, appendMsg("b")); err != nil {
		t.Fatal(err)
	}
	if got := len(v.list()); got != 2 {
		t.Fatalf("Watch saw %d snapshots, want 2 (none after cancel)", got)
	}
	rt.Stop()
	var after versions
	rt.Watch(after.see)()
	if got := after.list(); len(got) != 0 {
		t.Fatalf("Watch on a stopped runtime saw %v", got)
	}
}
