package widgets

import (
	"fmt"
	"testing"

	"github.com/facetui/facet/tea"
)

// TestEveryDescribingWidgetSaysWhetherItIsShownAsItsDescriptionDoes pins
// tea.ShownDescriber against Describe for every widget of the package, so
// that what counts shown widgets without describing them counts the same.
func TestEveryDescribingWidgetSaysWhetherItIsShownAsItsDescriptionDoes(t *testing.T) {
	ws := []tea.Widget{
		BarChart{ID: "w"}, Bubble{ID: "w"}, Button{ID: "w", Label: "Go"}, Button{ID: "w", Disabled: true},
		Checkbox{ID: "w"}, Menu{ID: "w"}, Modal{ID: "w"}, Modal{ID: "w", Visible: true, Title: "Sure?"},
		PasswordField{ID: "w"}, Progress{ID: "w"}, Scrubber{ID: "w"}, SelectList{ID: "w", Options: []string{"a"}},
		Sparkline{ID: "w"}, Spinner{ID: "w"}, Tabs{ID: "w", Tabs: []string{"a"}}, Text{ID: "w", Content: "hi"},
		TextArea{ID: "w"}, TextInput{ID: "w", Value: "v"},
		Table{ID: "w", Columns: []TableColumn{{Key: "k", Title: "K"}}, Rows: [][]string{{"a"}}},
		Tree{ID: "w"}, Viewport{ID: "w"},
	}
	for _, w := range ws {
		d, ok := w.(tea.Describer)
		if !ok {
			continue
		}
		name := fmt.Sprintf("%T", w)
		s, ok := w.(tea.ShownDescriber)
		if !ok {
			t.Errorf("%s describes itself but does not say whether it is shown", name)
			continue
		}
		if got, want := s.DescribeShown(), !d.Describe().States.Hidden; got != want {
			t.Errorf("%s %+v: DescribeShown() = %v, its description says %v", name, w, got, want)
		}
	}
}
