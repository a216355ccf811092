package widgets_test

import (
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A Sparkline draws a series of values in one line.
func ExampleSparkline() {
	latency := widgets.Sparkline{ID: "latency", Values: []float64{1, 3, 2, 8, 5}}
	printScreen(latency, tea.RenderContext{Width: 20})
	// Output:
	// ▁▃▂█▅
}
