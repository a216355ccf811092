package main

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// step is the message of the counter's buttons.
type step struct{ delta int }

// counter is a number and two buttons, "inc" and "dec". Whoever presses
// one, the person or the agent, sends the same step to Update.
type counter struct{ count int }

// Init implements tea.Model.
func (c counter) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(step); ok {
		c.count += s.delta
	}
	return c, nil
}

// View implements tea.Model.
func (c counter) View() tea.Node {
	return tea.Column{Gap: 1, Items: []tea.Node{
		widgets.Text{ID: "count", Content: fmt.Sprintf("Count: %d", c.count), Bold: true},
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.Button{ID: "inc", Label: "+1", OnClick: step{delta: 1}},
			widgets.Button{ID: "dec", Label: "−1", OnClick: step{delta: -1}},
		}},
		tea.Text{Content: "tab: next button · enter: press · an agent presses the same buttons over MCP", Muted: true},
	}}
}
