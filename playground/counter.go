package playground

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// counterStep is the message of the counter's buttons: add delta, or go
// back to zero when reset.
type counterStep struct {
	delta int
	reset bool
}

// CounterDemo is a number and three buttons. Widgets: Button "inc",
// Button "dec", Button "reset" (disabled while the count is 0) and Text
// "count".
type CounterDemo struct {
	count int
}

// NewCounter returns a counter at zero.
func NewCounter() CounterDemo { return CounterDemo{} }

// Count returns the current count.
func (c CounterDemo) Count() int { return c.count }

// Init implements tea.Model.
func (c CounterDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (c CounterDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(counterStep); ok {
		if m.reset {
			c.count = 0
		} else {
			c.count += m.delta
		}
	}
	return c, nil
}

// View implements tea.Model.
func (c CounterDemo) View() tea.Node {
	return tea.Column{Gap: 1, Items: []tea.Node{
		widgets.Text{ID: "count", Content: fmt.Sprintf("Count: %d", c.count), Bold: true},
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.Button{ID: "inc", Label: "+1", OnClick: counterStep{delta: 1}},
			widgets.Button{ID: "dec", Label: "−1", OnClick: counterStep{delta: -1}},
			widgets.Button{ID: "reset", Label: "Reset", OnClick: counterStep{reset: true}, Disabled: c.count == 0, DisabledReason: "the count is 0"},
		}},
		tea.Text{Content: "tab: next button · enter/space: press", Muted: true},
	}}
}
