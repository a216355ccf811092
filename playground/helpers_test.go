package playground

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/tea/runtimetest"
	"github.com/facetui/facet/widgets"
)

// start runs m in a real Runtime that stops when the test ends, checking
// every snapshot it publishes against the contract on tea.Model.
func start(t *testing.T, m tea.Model, opts ...tea.Option) *tea.Runtime {
	t.Helper()
	rt, err := tea.Start(context.Background(), m, opts...)
	if err != nil {
		t.Fatalf("tea.Start: %v", err)
	}
	runtimetest.Check(t, rt)
	t.Cleanup(rt.Stop)
	return rt
}

// dispatch sends msg to Update and fails the test on an error.
func dispatch(t *testing.T, rt *tea.Runtime, msg tea.Msg) {
	t.Helper()
	if _, err := rt.Dispatch(context.Background(), msg); err != nil {
		t.Fatalf("Dispatch(%#v): %v", msg, err)
	}
}

// press routes keys as a terminal would (named keys, or one character).
func press(t *testing.T, rt *tea.Runtime, keys ...string) {
	t.Helper()
	for _, name := range keys {
		k, err := tea.ParseKey(name)
		if err != nil {
			t.Fatalf("ParseKey(%q): %v", name, err)
		}
		if _, err := rt.Dispatch(context.Background(), tea.KeyInputMsg{Key: k}); err != nil {
			t.Fatalf("HandleKey(%q): %v", name, err)
		}
	}
}

// typeText types s into the focused widget, one key per character.
func typeText(t *testing.T, rt *tea.Runtime, s string) {
	t.Helper()
	for _, r := range s {
		if _, err := rt.Dispatch(context.Background(), tea.KeyInputMsg{Key: tea.Char(r)}); err != nil {
			t.Fatalf("HandleKey(%q): %v", r, err)
		}
	}
}

// focus moves focus to the widget id.
func focus(t *testing.T, rt *tea.Runtime, id string) {
	t.Helper()
	if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: id}); err != nil {
		t.Fatalf("Focus(%q): %v", id, err)
	}
}

// modelOf returns the runtime's current model as a T.
func modelOf[T tea.Model](t *testing.T, rt *tea.Runtime) T {
	t.Helper()
	m, ok := rt.Snapshot().Model.(T)
	if !ok {
		t.Fatalf("model is %T", rt.Snapshot().Model)
	}
	return m
}

// widget returns the widget id of kind W in the current view.
func widget[W tea.Widget](t *testing.T, rt *tea.Runtime, id string) W {
	t.Helper()
	w, ok := tea.FindWidget(rt.Snapshot().View, id)
	if !ok {
		t.Fatalf("widget %q is not in the view; ids: %v", id, widgetIDs(rt.Snapshot().View))
	}
	got, ok := w.(W)
	if !ok {
		t.Fatalf("widget %q is a %T", id, w)
	}
	return got
}

// hasWidget reports whether the current view has a widget id.
func hasWidget(rt *tea.Runtime, id string) bool {
	_, ok := tea.FindWidget(rt.Snapshot().View, id)
	return ok
}

// textOf returns the content of the Text widget id.
func textOf(t *testing.T, rt *tea.Runtime, id string) string {
	t.Helper()
	return widget[widgets.Text](t, rt, id).Content
}

// widgetIDs lists the ids of the widgets in view order.
func widgetIDs(n tea.Node) []string {
	var ids []string
	for _, w := range tea.Widgets(n) {
		ids = append(ids, w.WidgetID())
	}
	return ids
}

// eventually polls cond until it holds or 5 s pass.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// render draws the widget id of the current view as plain lines.
func render(t *testing.T, rt *tea.Runtime, id string, width int) string {
	t.Helper()
	w, ok := tea.FindWidget(rt.Snapshot().View, id)
	if !ok {
		t.Fatalf("widget %q is not in the view", id)
	}
	return stripANSI(w.Render(tea.RenderContext{Width: width}))
}

// stripANSI removes SGR escape sequences.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// teaSize is a WindowSizeMsg.
func teaSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

// fmtAny formats v for a containment check.
func fmtAny(v any) string { return fmt.Sprint(v) }

// widgetValue returns the REPL field's value as the view shows it.
func widgetValue(t *testing.T, rt *tea.Runtime) string {
	t.Helper()
	return widget[widgets.TextInput](t, rt, "expr").Value
}
