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

// TestStackLinesAreSizedToWhatItDraws proves a stack's lines take only
// the room they need, however tall the room it is given: a column of
// three one-line texts with a gap in 100 rows is a slice of five lines,
// not of 100 (before, every stack of two items or more took its whole
// height, 1.6 KB here, on every frame).
func TestStackLinesAreSizedToWhatItDraws(t *testing.T) {
	for _, tc := range []struct {
		name  string
		items []tea.Node
		gap   int
		want  int
	}{
		{"three texts, gap 1", []tea.Node{tea.Text{Content: "a"}, tea.Text{Content: "b"}, tea.Text{Content: "c"}}, 1, 5},
		{"one text", []tea.Node{tea.Text{Content: "a\nb"}}, 1, 2},
		{"text and spacer", []tea.Node{tea.Text{Content: "a"}, tea.Spacer{Lines: 3}}, 0, 4},
	} {
		l := &layouter{theme: defaultTheme}
		out := l.stack(tc.items, tc.gap, 0, 0, 20, 100)
		if len(out) != tc.want || cap(out) != len(out) {
			t.Errorf("%s: %d lines in a slice of capacity %d, want %d lines and no spare room", tc.name, len(out), cap(out), tc.want)
		}
	}
}
