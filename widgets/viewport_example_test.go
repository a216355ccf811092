package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A Viewport scrolls through lines; PgDn moves a page and the state clamps
// so the last page stays full.
func ExampleViewport() {
	log := widgets.ViewportState{ID: "log", Height: 3}
	for i := range 5 {
		log.Lines = append(log.Lines, fmt.Sprintf("line %d", i))
	}
	log.Update(log.View(widgets.Viewport{}).HandleKey(tea.Named(tea.KeyPgDown)))
	printScreen(log.View(widgets.Viewport{}), tea.RenderContext{Width: 12})

	res, _ := log.View(widgets.Viewport{}).Invoke("get_visible_range", nil)
	fmt.Println(res.Value())
	// Output:
	// line 2     │
	// line 3     │
	// line 4     ┃
	// map[bottom:4 top:2]
}
