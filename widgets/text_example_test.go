package widgets_test

import (
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A Text is display text with an id, so an agent can find it; each line is
// cut to the width it gets.
func ExampleText() {
	status := widgets.Text{ID: "status", Content: "3 files copied\nnothing left to do", Muted: true}
	printScreen(status, tea.RenderContext{Width: 12})
	// Output:
	// 3 files cop…
	// nothing lef…
}
