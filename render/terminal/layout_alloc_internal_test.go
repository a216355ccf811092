package terminal

import (
	"strings"
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

// TestRowLinesAreBuiltInOneAllocation proves a row builds each of its
// lines in one allocation: a row of three texts 20 lines tall allocates,
// beyond one line tall, its texts' extra lines (one allocation each, as
// a text alone shows) and one per extra row line (before: three, the line
// growing as each item was written into it).
func TestRowLinesAreBuiltInOneAllocation(t *testing.T) {
	allocs := func(view tea.Node, h int) float64 {
		return testing.AllocsPerRun(50, func() {
			layout(view, 120, h, "", "", status{}, chromeHelp{}, defaultTheme)
		})
	}
	text := func(lines int) tea.Text {
		return tea.Text{Content: strings.Repeat("some words\n", lines-1) + "end"}
	}
	const tall = 20
	perText := allocs(text(tall), tall) - allocs(text(1), 1)
	perRow := allocs(tea.Horizontal(text(tall), text(tall), text(tall)), tall) - allocs(tea.Horizontal(text(1), text(1), text(1)), 1)
	if rowLines := perRow - 3*perText; rowLines != tall-1 {
		t.Errorf("%d more row lines cost %.0f allocations besides their texts' %.0f, want %d (one a line)", tall-1, rowLines, 3*perText, tall-1)
	}
}
