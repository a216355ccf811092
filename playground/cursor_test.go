package playground

import (
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// TestEveryDemoFieldEditsAtItsCursor types into every text field of the
// demos, moves the cursor left and types again: the character must land
// before the last one, as in any text field.
func TestEveryDemoFieldEditsAtItsCursor(t *testing.T) {
	tests := []struct {
		demo string
		new  func() tea.Model
		id   string
		// value reads the field's value from the view.
		value func(t *testing.T, rt *tea.Runtime) string
	}{
		{"search", func() tea.Model { return NewSearch() }, "search",
			func(t *testing.T, rt *tea.Runtime) string { return widget[widgets.TextInput](t, rt, "search").Value }},
		{"login", func() tea.Model { return NewLogin() }, "email",
			func(t *testing.T, rt *tea.Runtime) string { return widget[widgets.TextInput](t, rt, "email").Value }},
		{"login", func() tea.Model { return NewLogin() }, "password",
			func(t *testing.T, rt *tea.Runtime) string { return widget[widgets.TextInput](t, rt, "password").Value }},
		{"repl", func() tea.Model { return NewRepl() }, "expr",
			func(t *testing.T, rt *tea.Runtime) string { return widget[widgets.TextInput](t, rt, "expr").Value }},
		{"gallery", func() tea.Model { return NewGallery() }, "g_input",
			func(t *testing.T, rt *tea.Runtime) string { return widget[widgets.TextInput](t, rt, "g_input").Value }},
		{"gallery", func() tea.Model { return NewGallery() }, "g_password",
			func(t *testing.T, rt *tea.Runtime) string {
				return widget[widgets.PasswordField](t, rt, "g_password").Value
			}},
		{"gallery", func() tea.Model { return NewGallery() }, "g_area",
			func(t *testing.T, rt *tea.Runtime) string { return widget[widgets.TextArea](t, rt, "g_area").Value }},
	}
	for _, tc := range tests {
		t.Run(tc.demo+"/"+tc.id, func(t *testing.T) {
			rt := start(t, tc.new())
			dispatch(t, rt, widgets.TextChanged{ID: tc.id, Value: ""})
			focus(t, rt, tc.id)
			typeText(t, rt, "ac")
			press(t, rt, "left")
			typeText(t, rt, "b")
			if got := tc.value(t, rt); got != "abc" {
				t.Errorf("after typing a, c, left, b the value is %q, want abc", got)
			}
		})
	}
}

func TestTheReplClearsItsFieldWithTheCursorAtTheEnd(t *testing.T) {
	rt := start(t, NewRepl())
	focus(t, rt, "expr")
	typeText(t, rt, "1+2")
	press(t, rt, "left", "enter")
	if in := widget[widgets.TextInput](t, rt, "expr"); in.Value != "" || in.CursorFromEnd != 0 {
		t.Fatalf("after evaluating, the field is %q with the cursor %d from the end, want empty at the end", in.Value, in.CursorFromEnd)
	}
	typeText(t, rt, "42")
	if got := widget[widgets.TextInput](t, rt, "expr").Value; got != "42" {
		t.Fatalf("typing after an evaluation gave %q, want 42", got)
	}
}
