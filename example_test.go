package facet_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// clicked is what the button sends when it is pressed.
type clicked struct{}

// counter is a whole Facet app: a model, Update and a View that returns
// widgets instead of a string.
type counter struct{ n int }

func (c counter) Init() tea.Cmd { return nil }

func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(clicked); ok {
		c.n++
	}
	return c, nil
}

func (c counter) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.Text{ID: "count", Content: fmt.Sprintf("Clicked %d times", c.n)},
		widgets.Button{ID: "click", Label: "Click me", OnClick: clicked{}},
	}}
}

// Example runs the counter as a terminal would: a person presses Enter on
// the focused button, and the screen is drawn. In a program,
// terminal.Run(ctx, counter{}) runs it in your terminal, and the same
// button is the tool "<session>_click_click" for an agent over MCP.
func Example() {
	ctx := context.Background()
	rt, err := tea.Start(ctx, counter{})
	if err != nil {
		panic(err)
	}
	defer rt.Stop()
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Named(tea.KeyEnter)}); err != nil {
		panic(err)
	}
	snap := rt.Snapshot()
	for _, line := range strings.Split(terminal.Draw(snap.View, 30, 3, snap.Focus), "\n") {
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	// Clicked 1 times
	// [ Click me ]
	// enter press
}
