package widgets_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestArgumentErrorsNameJSONKindsNotGoTypes(t *testing.T) {
	input := widgets.TextInput{ID: "q"}
	list := widgets.SelectList{ID: "l", Options: []string{"a", "b"}}
	for _, tc := range []struct {
		name   string
		p      tea.ToolProvider
		action string
		args   map[string]any
		want   string
	}{
		{"a number for a string", input, "type_into", map[string]any{"text": 3.0}, "got a number"},
		{"true/false for a string", input, "type_into", map[string]any{"text": true}, "got true/false"},
		{"an object for a string", input, "type_into", map[string]any{"text": map[string]any{"a": 1.0}}, "got an object"},
		{"a list for a string", input, "type_into", map[string]any{"text": []any{"a"}}, "got a list"},
		{"a string for true/false", input, "type_into", map[string]any{"text": "x", "append": "yes"}, "got a string"},
		{"a number for true/false", input, "type_into", map[string]any{"text": "x", "append": 1.0}, "got a number"},
		{"a string for an integer", list, "select", map[string]any{"index": "1"}, "got a string"},
		{"true/false for an integer", list, "select", map[string]any{"index": false}, "got true/false"},
		{"a list for an integer", list, "select", map[string]any{"index": []any{1.0}}, "got a list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.p.Invoke(tc.action, tc.args)
			var ae *tea.ArgumentError
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v, want a *tea.ArgumentError", err)
			}
			if !strings.HasSuffix(ae.Rule, tc.want) {
				t.Errorf("rule %q does not end with %q", ae.Rule, tc.want)
			}
			for _, goType := range []string{"float64", "string", "bool", "map[", "[]interface", "[]any"} {
				if strings.Contains(ae.Rule, "got "+goType) {
					t.Errorf("rule %q names a Go type", ae.Rule)
				}
			}
		})
	}
}

// TestWritesShareTheirAnnotations: every write's annotations are one map,
// as its schema is (an idle session held a copy per widget), and a
// destructive modal's confirm, which says more, has a map of its own.
func TestWritesShareTheirAnnotations(t *testing.T) {
	a := widgets.Button{ID: "a"}.Actions()[0]
	b := widgets.Button{ID: "b"}.Actions()[0]
	if a.Annotations["sensitive"] != true {
		t.Fatalf("a click's annotations: %v", a.Annotations)
	}
	if reflect.ValueOf(a.Annotations).Pointer() != reflect.ValueOf(b.Annotations).Pointer() {
		t.Fatal("two buttons' clicks hold two annotation maps")
	}
	confirm := widgets.Modal{ID: "m", Visible: true, Destructive: true}.Actions()[0]
	if confirm.Annotations["destructiveHint"] != true || confirm.Annotations["sensitive"] != true {
		t.Fatalf("a destructive confirm's annotations: %v", confirm.Annotations)
	}
	c := widgets.Button{ID: "c"}.Actions()[0]
	if _, said := c.Annotations["destructiveHint"]; said {
		t.Fatal("a destructive modal made every write destructive")
	}
}
