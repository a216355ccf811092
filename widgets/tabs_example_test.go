package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Right selects the next tab (TabsSelected); the active one is drawn between
// ‹ and ›.
func ExampleTabs() {
	sections := widgets.TabsState{ID: "sections", Tabs: []string{"Overview", "Files", "About"}}
	sections.Update(sections.View(widgets.Tabs{}).HandleKey(tea.Named(tea.KeyRight)))
	printScreen(sections.View(widgets.Tabs{}), tea.RenderContext{Width: 40})

	res, _ := sections.View(widgets.Tabs{}).Invoke("get_tabs", nil)
	fmt.Println(res.Value())
	// Output:
	// Overview │‹Files›│ About
	// map[active_index:1 tabs:[Overview Files About]]
}
