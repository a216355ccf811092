package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A Scrubber seeks through a span of seconds: Right steps forward, and an
// agent seeks to a position.
func ExampleScrubber() {
	song := widgets.ScrubberState{ID: "song", Max: 200}
	song.Update(song.View(widgets.Scrubber{}).HandleKey(tea.Named(tea.KeyRight)))
	printScreen(song.View(widgets.Scrubber{}), tea.RenderContext{Width: 40})

	res, _ := song.View(widgets.Scrubber{}).Invoke("seek", map[string]any{"position": 90.0})
	song.Update(res.Msg())
	fmt.Println(song.Position)
	// Output:
	// ⏸ 00:05 ━●──────────────────────── 03:20
	// 90
}
