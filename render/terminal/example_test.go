package terminal_test

import (
	"context"
	"fmt"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Draw renders a view as plain text, the way a screenshot shows it.
func ExampleDraw() {
	view := tea.Box{Title: "Greeting", Child: tea.Vertical(
		tea.Label("Hello, world"),
		widgets.Button{ID: "ok", Label: "OK", OnClick: "ok"},
	)}
	fmt.Println(terminal.Draw(view, 20, 5, "ok"))
	// Output:
	// ╭─ Greeting ───────╮
	// │Hello, world      │
	// │[ OK ]            │
	// ╰──────────────────╯
	// enter press
}

// Run runs an app on the terminal until it quits or the user presses
// Ctrl+C.
func ExampleRun() {
	if err := terminal.Run(context.Background(), counterApp{}, terminal.WithAppName("counter")); err != nil {
		fmt.Println(err)
	}
}
