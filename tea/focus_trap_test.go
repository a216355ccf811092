package tea_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/facetui/facet/tea"
)

// dialog is a test-local container that traps focus while open, as a modal
// dialog does. Esc closes it; it takes focus itself unless bare.
type dialog struct {
	id    string
	open  bool
	bare  bool // cannot take focus itself (its children can)
	items []tea.Node
}

// closed is what a dialog sends when Esc is pressed on it.
type closed struct{ id string }

func (d dialog) Children() []tea.Node {
	if !d.open {
		return nil
	}
	return d.items
}
func (d dialog) WidgetID() string                { return d.id }
func (dialog) WidgetKind() string                { return "dialog" }
func (d dialog) CanFocus() bool                  { return d.open && !d.bare }
func (d dialog) TrapsFocus() bool                { return d.open }
func (d dialog) Render(tea.RenderContext) string { return "" }
func (d dialog) HandleKey(k tea.Key) tea.Msg {
	if k.Is("esc") {
		return closed{id: d.id}
	}
	return nil
}

// trapModel shows probes, then a dialog holding more probes when open.
type trapModel struct {
	ids     []string // probes outside the dialog
	open    bool
	bare    bool
	inside  []string // probes inside the dialog
	another bool     // a second open dialog after the first
}

type (
	openMsg  struct{}
	closeMsg struct{}
)

func (m trapModel) Init() tea.Cmd { return nil }

func (m trapModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case openMsg:
		m.open = true
	case closeMsg, closed:
		m.open = false
	case showMsg:
		m.ids = slices.Clone(msg)
	}
	return m, nil
}

func (m trapModel) View() tea.Node {
	var items []tea.Node
	for _, id := range m.ids {
		items = append(items, probe{id: id})
	}
	var inside []tea.Node
	for _, id := range m.inside {
		inside = append(inside, tea.Row{Items: []tea.Node{probe{id: id}}})
	}
	items = append(items, dialog{id: "dlg", open: m.open, bare: m.bare, items: inside})
	if m.another {
		items = append(items, dialog{id: "dlg2", open: m.open})
	}
	return tea.Column{Items: items}
}

func dispatch(t *testing.T, rt *tea.Runtime, msg tea.Msg) {
	t.Helper()
	if _, err := rt.Dispatch(context.Background(), msg); err != nil {
		t.Fatalf("Dispatch(%T): %v", msg, err)
	}
}

func TestAFocusTrapTakesFocusAndTabStaysInside(t *testing.T) {
	rt := start(t, trapModel{ids: []string{"a", "b", "c"}, inside: []string{"ok", "cancel"}})
	press(t, rt, tab) // b
	dispatch(t, rt, openMsg{})
	if got := rt.Snapshot().Focus; got != "dlg" {
		t.Fatalf("focus = %q after the dialog opened, want dlg", got)
	}
	var got []string
	for range 4 {
		got = append(got, press(t, rt, tab))
	}
	if want := []string{"ok", "cancel", "dlg", "ok"}; !slices.Equal(got, want) {
		t.Fatalf("Tab visited %v, want %v (only the dialog and what it holds)", got, want)
	}
	got = got[:0]
	for range 3 {
		got = append(got, press(t, rt, shiftTab))
	}
	if want := []string{"dlg", "cancel", "ok"}; !slices.Equal(got, want) {
		t.Fatalf("Shift+Tab visited %v, want %v", got, want)
	}
}

func TestFocusReturnsWhenTheTrapLeaves(t *testing.T) {
	tests := []struct {
		name string
		// during runs while the dialog is open.
		during func(t *testing.T, rt *tea.Runtime)
		want   string
	}{
		{name: "to the widget focused before it", want: "b"},
		{name: "to the widget focused before it, after tabbing inside", during: func(t *testing.T, rt *tea.Runtime) {
			press(t, rt, tab)
			press(t, rt, tab)
		}, want: "b"},
		{name: "as usual when that widget left meanwhile", during: func(t *testing.T, rt *tea.Runtime) {
			dispatch(t, rt, showMsg{"a", "c"})
		}, want: "c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, trapModel{ids: []string{"a", "b", "c"}, inside: []string{"ok"}})
			press(t, rt, tab) // b
			dispatch(t, rt, openMsg{})
			if tt.during != nil {
				tt.during(t, rt)
			}
			if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: "dlg"}); err != nil {
				t.Fatal(err)
			}
			press(t, rt, tea.Named(tea.KeyEscape)) // the dialog closes itself
			if rt.Snapshot().Model.(trapModel).open {
				t.Fatal("Esc on the dialog did not close it")
			}
			if got := rt.Snapshot().Focus; got != tt.want {
				t.Fatalf("focus = %q after the dialog closed, want %q", got, tt.want)
			}
		})
	}
}

func TestABareTrapFocusesWhatItHolds(t *testing.T) {
	rt := start(t, trapModel{ids: []string{"a"}, bare: true, inside: []string{"x", "y"}})
	dispatch(t, rt, openMsg{})
	if got := rt.Snapshot().Focus; got != "x" {
		t.Fatalf("focus = %q, want x, the first focusable widget in the trap", got)
	}
	if got := press(t, rt, tab); got != "y" {
		t.Fatalf("Tab moved to %q, want y", got)
	}
	if got := press(t, rt, tab); got != "x" {
		t.Fatalf("Tab moved to %q, want x (wrapping inside the trap)", got)
	}
}

func TestTabCyclesAmongEveryTrapInView(t *testing.T) {
	rt := start(t, trapModel{ids: []string{"a"}, another: true})
	dispatch(t, rt, openMsg{})
	if got := rt.Snapshot().Focus; got != "dlg" {
		t.Fatalf("focus = %q, want dlg, the first trap in view order", got)
	}
	if got := press(t, rt, tab); got != "dlg2" {
		t.Fatalf("Tab moved to %q, want dlg2", got)
	}
	if got := press(t, rt, tab); got != "dlg" {
		t.Fatalf("Tab moved to %q, want dlg", got)
	}
}

func TestATrapInTheFirstViewTakesFocus(t *testing.T) {
	rt := start(t, trapModel{ids: []string{"a"}, open: true})
	if got := rt.Snapshot().Focus; got != "dlg" {
		t.Fatalf("initial focus = %q, want dlg", got)
	}
	dispatch(t, rt, closeMsg{})
	if got := rt.Snapshot().Focus; got != "a" {
		t.Fatalf("focus = %q after the dialog closed, want a", got)
	}
}

func TestFocusCannotLeaveATrap(t *testing.T) {
	rt := start(t, trapModel{ids: []string{"a", "b"}, inside: []string{"ok"}})
	dispatch(t, rt, openMsg{})
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "a"}); !errors.Is(err, tea.ErrNotFocusable) {
		t.Fatalf("Focus(a) outside an open dialog = %v, want ErrNotFocusable", err)
	}
	if _, err := rt.Dispatch(ctx, tea.MouseInputMsg{ID: "b", Mouse: tea.Mouse{Action: tea.MousePress, Button: tea.MouseLeft}}); !errors.Is(err, tea.ErrBehindTrap) {
		t.Fatalf("a click behind the dialog = %v, want ErrBehindTrap", err)
	}
	if got := rt.Snapshot().Focus; got != "dlg" {
		t.Fatalf("focus = %q after a click outside the dialog, want dlg kept", got)
	}
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "ok"}); err != nil {
		t.Fatalf("Focus(ok) inside the dialog: %v", err)
	}
}
