package terminal

import (
	"testing"

	"github.com/facetui/facet/tea"
)

// TestLayoutBlankRowsAllocateNothing proves a frame's blank rows are
// shared strings: laying out a box of one line of text costs as many
// allocations whether the box is 8 or 40 rows tall (before, each empty
// row built its spaces and its bordered line: two allocations a row).
func TestLayoutBlankRowsAllocateNothing(t *testing.T) {
	allocs := func(height int) float64 {
		view := tea.Box{Title: "Counter", Height: height, Child: tea.Vertical(
			tea.Text{Content: "Count: 7", Bold: true},
			tea.Spacer{Lines: 1},
			tea.Text{Content: "enter: press", Muted: true},
		)}
		return testing.AllocsPerRun(50, func() {
			layout(view, 80, height, "", "", status{}, chromeHelp{}, defaultTheme)
		})
	}
	for _, tc := range []struct{ short, tall int }{{8, 40}, {12, 24}} {
		if short, tall := allocs(tc.short), allocs(tc.tall); tall != short {
			t.Errorf("a box %d rows tall allocates %.0f times, %d rows %.0f: blank rows should cost nothing", tc.tall, tall, tc.short, short)
		}
	}
}
