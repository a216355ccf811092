package playground

import (
	"testing"

	"github.com/facetui/facet/tea"
)

// Every demo, and the catalog, draws a tree without the mistakes the
// terminal and the browser warn of (tea.TreeProblems): a person running the
// playground sees no warning that is the playground's own fault.
func TestTheDemosHaveNoTreeProblems(t *testing.T) {
	views := map[string]tea.Node{"catalog": NewBrowser().View()}
	for _, a := range Catalog() {
		m := a.New()
		m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		views[a.Name] = m.View()
	}
	for name, v := range views {
		if p := tea.TreeProblems(v); len(p) > 0 {
			t.Errorf("%s: %q", name, p)
		}
	}
}
