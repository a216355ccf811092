package tea_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/facetui/facet/tea"
)

var (
	tab      = tea.Named(tea.KeyTab)
	shiftTab = tea.Key{Code: tea.KeyTab, Shift: true}
	enter    = tea.Named(tea.KeyEnter)
)

// press sends k through HandleKey and returns the focus after it.
func press(t *testing.T, rt *tea.Runtime, k tea.Key) string {
	t.Helper()
	tr, err := rt.Dispatch(context.Background(), tea.KeyInputMsg{Key: k})
	if err != nil {
		t.Fatalf("HandleKey(%s): %v", k, err)
	}
	return tr.After.Focus
}

func TestFocusStartsOnTheFirstFocusableWidget(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b", "c"}, disabled: map[string]bool{"a": true}})
	if got := rt.Snapshot().Focus; got != "b" {
		t.Fatalf("initial focus = %q, want b (a is disabled)", got)
	}
}

func TestTabAndShiftTabCycleInViewOrder(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b", "c", "d"}, disabled: map[string]bool{"c": true}})
	tests := []struct {
		key  tea.Key
		want string
	}{
		{tab, "b"},
		{tab, "d"}, // c is disabled
		{tab, "a"}, // wraps
		{shiftTab, "d"},
		{shiftTab, "b"},
		{shiftTab, "a"},
		{shiftTab, "d"}, // wraps back
	}
	for i, tt := range tests {
		if got := press(t, rt, tt.key); got != tt.want {
			t.Fatalf("step %d (%s): focus = %q, want %q", i, tt.key, got, tt.want)
		}
	}
	if log := focusLog(rt); len(log) != 0 {
		t.Fatalf("Tab reached Update: %v", log)
	}
}

func TestCtrlTabIsNotFocusNavigation(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b"}})
	if got := press(t, rt, tea.Key{Code: tea.KeyTab, Ctrl: true}); got != "a" {
		t.Fatalf("ctrl+tab moved focus to %q", got)
	}
	if got := focusLog(rt); !slices.Equal(got, []string{"key:ctrl+tab"}) {
		t.Fatalf("log = %v, want ctrl+tab delivered to Update", got)
	}
}

func TestFocusMethods(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b", "c"}})
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "c"}); err != nil || rt.Snapshot().Focus != "c" {
		t.Fatalf("Focus(c): err=%v focus=%q", err, rt.Snapshot().Focus)
	}
	if _, err := rt.Dispatch(ctx, tea.FocusNextMsg{}); err != nil || rt.Snapshot().Focus != "a" {
		t.Fatalf("FocusNext: err=%v focus=%q", err, rt.Snapshot().Focus)
	}
	if _, err := rt.Dispatch(ctx, tea.FocusPrevMsg{}); err != nil || rt.Snapshot().Focus != "c" {
		t.Fatalf("FocusNext(back): err=%v focus=%q", err, rt.Snapshot().Focus)
	}
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "missing"}); !errors.Is(err, tea.ErrNotFocusable) {
		t.Fatalf("Focus on a widget not in the view = %v, want ErrNotFocusable", err)
	}
	if rt.Snapshot().Focus != "c" {
		t.Fatalf("a failed Focus moved focus to %q", rt.Snapshot().Focus)
	}
}

func TestFocusSurvivesReRender(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b", "c"}})
	press(t, rt, tab) // b
	ctx := context.Background()
	// Re-render with the same widgets, then with b moved to the front.
	for _, ids := range [][]string{{"a", "b", "c"}, {"b", "a", "c"}, {"x", "b"}} {
		if _, err := rt.Dispatch(ctx, showMsg(ids)); err != nil {
			t.Fatal(err)
		}
		if got := rt.Snapshot().Focus; got != "b" {
			t.Fatalf("after showing %v focus = %q, want b kept", ids, got)
		}
	}
}

func TestFocusMovesToANeighbourWhenTheFocusedWidgetLeaves(t *testing.T) {
	tests := []struct {
		name    string
		ids     []string
		focus   string
		next    []string
		wantNow string
	}{
		{name: "the following widget", ids: []string{"a", "b", "c"}, focus: "b", next: []string{"a", "c"}, wantNow: "c"},
		{name: "the previous widget when it was last", ids: []string{"a", "b", "c"}, focus: "c", next: []string{"a", "b"}, wantNow: "b"},
		{name: "a new widget when none survive", ids: []string{"a", "b"}, focus: "a", next: []string{"x", "y"}, wantNow: "x"},
		{name: "nothing when nothing can focus", ids: []string{"a"}, focus: "a", next: nil, wantNow: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, focusModel{ids: tt.ids})
			ctx := context.Background()
			if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: tt.focus}); err != nil {
				t.Fatal(err)
			}
			if _, err := rt.Dispatch(ctx, showMsg(tt.next)); err != nil {
				t.Fatal(err)
			}
			if got := rt.Snapshot().Focus; got != tt.wantNow {
				t.Fatalf("focus = %q, want %q", got, tt.wantNow)
			}
		})
	}
}

func TestKeysReachTheFocusedWidgetAndUnusedKeysReachUpdate(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b"}})
	press(t, rt, tab)           // focus b
	press(t, rt, enter)         // b uses enter
	press(t, rt, tea.Char('q')) // b does not use q
	press(t, rt, tea.Named(tea.KeyDown))
	want := []string{"pressed:b", "key:q", "key:down"}
	if got := focusLog(rt); !slices.Equal(got, want) {
		t.Fatalf("log = %v, want %v", got, want)
	}
}

func TestKeysReachUpdateWhenNothingIsFocused(t *testing.T) {
	rt := start(t, focusModel{})
	if rt.Snapshot().Focus != "" {
		t.Fatalf("focus = %q with no widgets", rt.Snapshot().Focus)
	}
	press(t, rt, enter)
	press(t, rt, tab)
	if got := focusLog(rt); !slices.Equal(got, []string{"key:enter"}) {
		t.Fatalf("log = %v, want enter delivered as a KeyMsg", got)
	}
}

func TestHoverIsRecorded(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a"}})
	if _, err := rt.Dispatch(context.Background(), tea.HoverMsg{ID: "a"}); err != nil {
		t.Fatal(err)
	}
	if got := rt.Snapshot().Hover; got != "a" {
		t.Fatalf("Hover = %q", got)
	}
}

func TestSetHoverToTheCurrentWidgetPublishesNothing(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b"}})
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, tea.HoverMsg{ID: "a"}); err != nil {
		t.Fatal(err)
	}
	ch, cancel := rt.Subscribe()
	defer cancel()
	version := rt.Snapshot().Version
	for range 3 {
		if _, err := rt.Dispatch(ctx, tea.HoverMsg{ID: "a"}); err != nil {
			t.Fatal(err)
		}
	}
	if got := rt.Snapshot().Version; got != version {
		t.Fatalf("version %d -> %d after hovering the widget already hovered", version, got)
	}
	select {
	case s := <-ch:
		t.Fatalf("a subscriber got snapshot %d for no change", s.Version)
	default:
	}
	if _, err := rt.Dispatch(ctx, tea.HoverMsg{ID: "b"}); err != nil {
		t.Fatal(err)
	}
	if s := rt.Snapshot(); s.Hover != "b" || s.Version == version {
		t.Fatalf("after hovering b: Hover %q, version %d (was %d)", s.Hover, s.Version, version)
	}
}

func TestMousePressFocusesTheWidget(t *testing.T) {
	rt := start(t, focusModel{ids: []string{"a", "b"}})
	ctx := context.Background()
	tr, err := rt.Dispatch(ctx, tea.MouseInputMsg{ID: "b", Mouse: tea.Mouse{Action: tea.MousePress, Button: tea.MouseLeft}})
	if err != nil {
		t.Fatal(err)
	}
	if tr.After.Focus != "b" {
		t.Fatalf("focus = %q after clicking b", tr.After.Focus)
	}
	if _, err := rt.Dispatch(ctx, tea.MouseInputMsg{ID: "gone", Mouse: tea.Mouse{Action: tea.MousePress}}); !errors.Is(err, tea.ErrNotInView) {
		t.Fatalf("mouse on a widget not in the view = %v, want ErrNotInView", err)
	}
}
