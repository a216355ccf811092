package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The app's work reports progress with ProgressChanged, which the state
// applies; a person sees the bar and an agent reads get_progress.
func ExampleProgress() {
	copying := widgets.ProgressState{ID: "copy", Label: "Copying"}
	copying.Update(widgets.ProgressChanged{ID: "copy", Value: 0.4})
	printScreen(copying.View(widgets.Progress{}), tea.RenderContext{Width: 30})

	res, _ := copying.View(widgets.Progress{}).Invoke("get_progress", nil)
	fmt.Println(res.Value())
	// Output:
	// Copying ███████░░░░░░░░░░  40%
	// map[done:false label:Copying percent:40 value:0.4]
}
