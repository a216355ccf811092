package widgets_test

import (
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A BarChart draws one labelled bar per value.
func ExampleBarChart() {
	chart := widgets.BarChart{ID: "load", Bars: []widgets.Bar{{Label: "cpu", Value: 0.5}, {Label: "mem", Value: 0.25}}}
	printScreen(chart, tea.RenderContext{Width: 20})
	// Output:
	// cpu │██████████ 0.50
	// mem │█████      0.25
}
