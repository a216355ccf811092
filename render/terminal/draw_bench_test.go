package terminal_test

import (
	"fmt"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// BenchmarkDraw lays out and draws a modest screen: a title, a row of three
// boxes holding buttons and text, and a column of labels, at 120x40.
func BenchmarkDraw(b *testing.B) {
	var panes []tea.Node
	for i := range 3 {
		var items []tea.Node
		for j := range 6 {
			items = append(items, tea.Label(fmt.Sprintf("pane %d line %d with some text to cut at the edge of its box", i, j)))
		}
		items = append(items, tea.Horizontal(
			widgets.Button{ID: fmt.Sprintf("ok%d", i), Label: "OK", OnClick: i},
			widgets.Button{ID: fmt.Sprintf("cancel%d", i), Label: "Cancel", OnClick: i},
		))
		panes = append(panes, tea.Box{Title: fmt.Sprintf("Pane %d", i), Padding: 1, Child: tea.Vertical(items...)})
	}
	var log []tea.Node
	for i := range 15 {
		log = append(log, tea.Text{Content: fmt.Sprintf("log entry %d", i), Muted: i%2 == 0})
	}
	tree := tea.Column{Gap: 1, Items: []tea.Node{
		tea.Text{Content: "Facet benchmark", Bold: true},
		tea.Row{Gap: 1, Items: panes},
		tea.Box{Title: "Log", Child: tea.Vertical(log...)},
	}}
	b.ReportAllocs()
	for b.Loop() {
		_ = terminal.Draw(tree, 120, 40, "ok1")
	}
}
