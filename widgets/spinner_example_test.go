package widgets_test

import (
	"fmt"

	"charm.land/bubbles/v2/spinner"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The app starts the spinner with the command Start returns; each
// SpinnerTicked the runtime delivers moves it a frame, and the app asks for
// the next with Tick (in Update: if s.Update(msg) { return m, s.Tick() }).
func ExampleSpinner() {
	fetch := widgets.SpinnerState{ID: "fetch", Kind: spinner.Line}
	_ = fetch.Start("Fetching repos") // return it from Update
	printScreen(fetch.View(widgets.Spinner{}), tea.RenderContext{Width: 30})

	if fetch.Update(widgets.SpinnerTicked{ID: "fetch", Tag: fetch.Tag}) {
		_ = fetch.Tick() // and this, for the next frame
	}
	printScreen(fetch.View(widgets.Spinner{}), tea.RenderContext{Width: 30})

	fetch.Stop("Fetched 12 repos")
	res, _ := fetch.View(widgets.Spinner{}).Invoke("get_status", nil)
	fmt.Println(res.Value())
	// Output:
	// | Fetching repos
	// / Fetching repos
	// map[label:Fetched 12 repos spinning:false]
}
