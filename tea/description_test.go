package tea_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
)

// described is a widget that describes itself; plain does not.
type described struct{ plain }

func (described) Describe() tea.Description {
	return tea.Description{Role: "button", Label: "Go", Action: tea.Act{Name: "click"}}
}

type plain struct{}

// many describes its parts apart.
type many struct{ described }

func (many) DescribeParts() []tea.Part { return []tea.Part{{Role: "option", Label: "a"}} }

func (plain) Children() []tea.Node            { return nil }
func (plain) WidgetID() string                { return "w" }
func (plain) WidgetKind() string              { return "thing" }
func (plain) Render(tea.RenderContext) string { return "" }

func TestDescribeAsksTheWidget(t *testing.T) {
	if d, ok := tea.Describe(described{}); !ok || d.Role != "button" || d.Action.Name != "click" {
		t.Errorf("Describe(described) = %+v, %v", d, ok)
	}
	if d, ok := tea.Describe(plain{}); ok || !reflect.DeepEqual(d, tea.Description{}) {
		t.Errorf("Describe(plain) = %+v, %v; want nothing", d, ok)
	}
	if d, ok := tea.Describe(many{}); !ok || d.Role != "button" || len(d.Parts) != 1 || d.Parts[0].Label != "a" {
		t.Errorf("Describe(many) = %+v, %v; want its description with the parts it gives apart", d, ok)
	}
}

func TestActArgsAreInvokesArgs(t *testing.T) {
	a := tea.Act{Name: "sort", Args: []tea.Arg{{Name: "column", Value: "stars"}, {Name: "direction", Value: "desc"}}}
	if got, want := a.ArgMap(), map[string]any{"column": "stars", "direction": "desc"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ArgMap = %v, want %v", got, want)
	}
	if a.Arg("direction") != "desc" || a.Arg("missing") != nil {
		t.Errorf("Arg: direction %v, missing %v", a.Arg("direction"), a.Arg("missing"))
	}
	if (tea.Act{Name: "click"}).ArgMap() != nil || !(tea.Act{}).IsZero() || a.IsZero() {
		t.Error("an Act without arguments has a nil ArgMap; only the zero Act is zero")
	}
}

// A description encodes without what only the person's own renderer
// reads (a masked value's length and caret) and without what is unset.
func TestDescriptionJSONLeavesOutLengthCaretAndZeroes(t *testing.T) {
	b, err := json.Marshal(tea.Description{Role: "textbox", Label: "PIN", States: tea.States{Masked: true}, Length: 4, Caret: 4})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"label":"PIN","role":"textbox","states":{"masked":true}}`; got != want {
		t.Errorf("JSON = %s, want %s", got, want)
	}
}
