package clustertest

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Counter is the app a cluster's tests share sessions of: a button, "inc",
// that counts its clicks, and a label showing the count.
type Counter struct{ N int }

// Clicked is the message the button sends.
type Clicked struct{}

// Init implements tea.Model.
func (c Counter) Init() tea.Cmd { return nil }

// Update implements tea.Model: Clicked counts one.
func (c Counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(Clicked); ok {
		c.N++
	}
	return c, nil
}

// View implements tea.Model.
func (c Counter) View() tea.Node {
	return tea.Vertical(
		tea.Label(fmt.Sprintf("count %d", c.N)),
		widgets.Button{ID: "inc", Label: "+1", OnClick: Clicked{}},
	)
}
