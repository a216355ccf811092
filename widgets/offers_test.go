package widgets_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// TestFieldsOfferWhatTheyList: a text field's or a table's Offers, which a call uses
// instead of building every action's schema, agrees with its Actions in
// every state, and Invoke refuses what it does not offer naming the same
// actions, in the same order.
func TestFieldsOfferWhatTheyList(t *testing.T) {
	names := []string{"type_into", "clear", "submit", "get_value", "get_rows", "select_row", "sort", "click", "", "Type_into"}
	for _, tc := range []struct {
		name string
		w    tea.ToolProvider
	}{
		{"text input", widgets.TextInput{ID: "f"}},
		{"disabled text input", widgets.TextInput{ID: "f", Disabled: true}},
		{"masked text input", widgets.TextInput{ID: "f", Mask: '*'}},
		{"disabled masked text input", widgets.TextInput{ID: "f", Mask: '*', Disabled: true}},
		{"text area", widgets.TextArea{ID: "f"}},
		{"disabled text area", widgets.TextArea{ID: "f", Disabled: true}},
		{"password field", widgets.PasswordField{ID: "f"}},
		{"disabled password field", widgets.PasswordField{ID: "f", Disabled: true}},
		{"table", widgets.Table{ID: "f"}},
		{"disabled table", widgets.Table{ID: "f", Disabled: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, ok := tc.w.(tea.ActionOfferer)
			if !ok {
				t.Fatalf("%T does not implement tea.ActionOfferer", tc.w)
			}
			var listed []string
			for _, a := range tc.w.Actions() {
				listed = append(listed, a.Name)
			}
			for _, n := range names {
				if got, want := o.Offers(n), slices.Contains(listed, n); got != want {
					t.Errorf("Offers(%q) = %v; Actions lists %v", n, got, listed)
				}
				if got, want := tea.Offers(tc.w, n), slices.Contains(listed, n); got != want {
					t.Errorf("tea.Offers(%q) = %v; Actions lists %v", n, got, listed)
				}
			}
			_, err := tc.w.Invoke("click", nil)
			if !errors.Is(err, tea.ErrUnknownAction) {
				t.Fatalf("Invoke(click): %v; want ErrUnknownAction", err)
			}
			if want := tea.UnknownActionError(widgetKind(tc.w), "click", tc.w.Actions()); err.Error() != want.Error() {
				t.Fatalf("Invoke(click): %q; want %q", err, want)
			}
		})
	}
}

// widgetKind is w's kind.
func widgetKind(w tea.ToolProvider) string { return w.(tea.Widget).WidgetKind() }

// notOfferer offers only "go", through Actions alone.
type notOfferer struct{}

func (notOfferer) Actions() []tea.Action { return []tea.Action{{Name: "go"}} }
func (notOfferer) Invoke(string, map[string]any) (tea.Result, error) {
	return tea.Result{}, nil
}

func TestOffersFallsBackOnActions(t *testing.T) {
	if !tea.Offers(notOfferer{}, "go") || tea.Offers(notOfferer{}, "stop") {
		t.Fatal("tea.Offers does not read Actions for a provider without Offers")
	}
}

// listedActions keeps what a test listed, as a renderer does, so that the
// compiler cannot leave it on the stack.
var listedActions []tea.Action

// TestFieldsAtTheirDefaultLimitShareTheirActions: a field at its default
// limit lists the same actions as one whose limit is set to that default
// by hand, schemas and descriptions included, without building them.
func TestFieldsAtTheirDefaultLimitShareTheirActions(t *testing.T) {
	for _, tc := range []struct {
		name     string
		def, set tea.ToolProvider
	}{
		{"text input", widgets.TextInput{ID: "f"}, widgets.TextInput{ID: "f", CharLimit: widgets.DefaultCharLimit}},
		{"masked text input", widgets.TextInput{ID: "f", Mask: '*'}, widgets.TextInput{ID: "f", Mask: '*', CharLimit: widgets.DefaultCharLimit}},
		{"password field", widgets.PasswordField{ID: "f"}, widgets.PasswordField{ID: "f", CharLimit: widgets.DefaultCharLimit}},
		{"text area", widgets.TextArea{ID: "f"}, widgets.TextArea{ID: "f", CharLimit: widgets.DefaultTextAreaCharLimit}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, want := tc.def.Actions(), tc.set.Actions()
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("at the default limit: %+v\nset by hand: %+v", got, want)
			}
			if n := testing.AllocsPerRun(50, func() { listedActions = tc.def.Actions() }); n > 1 {
				t.Errorf("listing its actions allocates %v times; want only their slice", n)
			}
			// A caller that appends to or changes its list changes no
			// other field's.
			mine := tc.def.Actions()
			mine[0] = tea.Action{Name: "changed"}
			_ = append(mine, tea.Action{Name: "added"})
			if again := tc.def.Actions(); !reflect.DeepEqual(again, want) {
				t.Fatalf("after a caller changed its copy: %+v", again)
			}
		})
	}
}
