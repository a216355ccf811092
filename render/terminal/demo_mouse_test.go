package terminal_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
)

// demoWait bounds how long a mouse test waits for the screen: generous, for
// -race on two shared cores.
const demoWait = 15 * time.Second

// SGR mouse buttons (ESC [ < b ; x ; y M/m).
const (
	sgrLeft      = 0
	sgrWheelUp   = 64
	sgrWheelDown = 65
)

// screenLines is the screen, one string per row.
func screenLines(tm *term) []string { return strings.Split(tm.screen(), "\n") }

// locate finds text on the screen as a person would and returns the
// 0-based cell of its first character (the first match, top to bottom).
func locate(tm *term, text string) (x, y int) {
	tm.t.Helper()
	for i, line := range screenLines(tm) {
		if col := strings.Index(line, text); col >= 0 {
			return ansi.StringWidth(line[:col]), i
		}
	}
	tm.t.Fatalf("%q is not on the screen:\n%s", text, tm.screen())
	return 0, 0
}

// mouseClick presses and releases the left button on the 0-based cell
// (x, y), as an SGR-mode terminal reports it (1-based).
func mouseClick(tm *term, x, y int) {
	tm.t.Helper()
	tm.typeRaw(fmt.Sprintf("\x1b[<%d;%d;%dM\x1b[<%d;%d;%dm", sgrLeft, x+1, y+1, sgrLeft, x+1, y+1))
}

// mouseWheel turns the wheel one notch over the 0-based cell (x, y).
func mouseWheel(tm *term, button, x, y int) {
	tm.t.Helper()
	tm.typeRaw(fmt.Sprintf("\x1b[<%d;%d;%dM", button, x+1, y+1))
}

// screenUntil polls the screen until ok accepts it, and returns it.
func screenUntil(tm *term, what string, ok func(screen string) bool) string {
	tm.t.Helper()
	deadline := time.Now().Add(demoWait)
	for {
		s := tm.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("%s never happened; the screen shows:\n%s", what, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// markedRow is the search table's selected row: the repository on the line
// that starts with the ▸ marker ("" when none is marked).
func markedRow(screen string) string {
	for _, line := range strings.Split(screen, "\n") {
		if rest, ok := strings.CutPrefix(line, "▸ "); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				return f[0]
			}
		}
	}
	return ""
}

// tableNames are the repository names on the table's visible rows, top to
// bottom: the lines under the header that start with the marker column.
func tableNames(screen string) []string {
	var names []string
	header := false
	for _, line := range strings.Split(screen, "\n") {
		switch {
		case strings.Contains(line, "Repository") && strings.Contains(line, "Stars"):
			header = true
		case header && (strings.HasPrefix(line, "▸ ") || strings.HasPrefix(line, "  ")) && strings.Contains(line, "/"):
			names = append(names, strings.Fields(line)[0])
		case header:
			return names
		}
	}
	return names
}

func TestMouseOnTheSearchDemo(t *testing.T) {
	tm := runOnTerminal(t, playground.NewSearch())
	screenUntil(tm, "the first repository being selected", func(s string) bool { return markedRow(s) == "freeCodeCamp/freeCodeCamp" })

	// A click on a row selects it: the marker moves there and the detail
	// line describes it.
	x, y := locate(tm, "vuejs/vue")
	mouseClick(tm, x, y)
	screenUntil(tm, "a click selecting vuejs/vue", func(s string) bool {
		return markedRow(s) == "vuejs/vue" && strings.Contains(s, "vuejs/vue — ")
	})

	// A click on the Repository header sorts by name, ascending; the
	// selected row stays selected.
	x, y = locate(tm, "Repository")
	mouseClick(tm, x, y)
	sorted := screenUntil(tm, "a header click sorting by name", func(s string) bool {
		return strings.Contains(s, "Repository ▲") && !strings.Contains(s, "Stars ▼")
	})
	names := tableNames(sorted)
	if len(names) < 5 {
		t.Fatalf("only %d rows on the sorted table:\n%s", len(names), sorted)
	}
	if !slices.IsSortedFunc(names, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) {
		t.Fatalf("the rows are not in name order after the header click: %v", names)
	}
	if got := markedRow(sorted); got != "vuejs/vue" {
		t.Fatalf("the selected row after sorting is %q, want vuejs/vue still", got)
	}

	// The wheel over the table moves the selection down, in name order.
	mouseWheel(tm, sgrWheelDown, x, y+2)
	moved := screenUntil(tm, "the wheel moving the selection", func(s string) bool {
		got := markedRow(s)
		return got != "" && got != "vuejs/vue"
	})
	if got := markedRow(moved); strings.ToLower(got) <= "vuejs/vue" {
		t.Fatalf("the wheel down moved the selection to %q, which is not below vuejs/vue by name", got)
	}
}

func TestMouseWheelScrollsTheLogDemo(t *testing.T) {
	tm := runOnTerminal(t, playground.NewLog())
	tm.waitFor("lines 1–")
	first := func(s string) string { return strings.Fields(strings.Split(s, "\n")[1] + " ?")[0] }
	top := first(tm.screen())
	x, y := locate(tm, top)

	mouseWheel(tm, sgrWheelDown, x, y+3)
	down := screenUntil(tm, "the wheel scrolling the log down", func(s string) bool {
		return first(s) != top && !strings.Contains(s, "lines 1–")
	})
	if first(down) <= top { // the lines start with their time of day
		t.Fatalf("the top line after a wheel down is %q, not a later line than %q:\n%s", first(down), top, down)
	}

	mouseWheel(tm, sgrWheelUp, x, y+3)
	screenUntil(tm, "the wheel scrolling the log back to the top", func(s string) bool {
		return first(s) == top && strings.Contains(s, "lines 1–")
	})
}

func TestMouseClickOnTheFilesTreePreviewsTheFile(t *testing.T) {
	tm := runOnTerminal(t, playground.NewFiles())
	tm.waitFor("─ README.md ─")

	x, y := locate(tm, "go.mod")
	mouseClick(tm, x, y)
	preview := screenUntil(tm, "a click on go.mod previewing it", func(s string) bool {
		return strings.Contains(s, "─ go.mod ─") && !strings.Contains(s, "─ README.md ─")
	})
	if !strings.Contains(preview, "module ") {
		t.Fatalf("the preview of go.mod does not show its module line:\n%s", preview)
	}
	if got := treeCursor(preview); got != "go.mod" {
		t.Fatalf("the tree's cursor is on %q after the click on go.mod:\n%s", got, preview)
	}

	x, y = locate(tm, "main.go")
	mouseClick(tm, x, y)
	screenUntil(tm, "a click on main.go previewing it", func(s string) bool {
		return strings.Contains(s, "─ cmd/shortlink/main.go ─") && strings.Contains(s, "package main") && treeCursor(s) == "main.go"
	})
}

// treeCursor is the name on the files tree's cursor line, the one marked
// "›" at the tree box's left edge ("" when there is none).
func treeCursor(screen string) string {
	for _, line := range strings.Split(screen, "\n") {
		if rest, ok := strings.CutPrefix(line, "│›"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				return f[0]
			}
		}
	}
	return ""
}

// A click on the files tree selects the node under the pointer, and the
// tree does not scroll: after End the window shows the last nodes, and a
// click on one higher up used to scroll it, so the clicked node left the
// pointer.
func TestMouseClickOnAScrolledTreeKeepsTheWindow(t *testing.T) {
	tm := runOnTerminal(t, playground.NewFiles(), terminal.WithSize(80, 16))
	tm.waitFor("─ README.md ─")
	tm.typeRaw("\x1b[F") // End
	before := screenUntil(tm, "End selecting go.mod", func(s string) bool { return treeCursor(s) == "go.mod" })
	x, y := locate(tm, "   LICENSE") // the tree's line, not the preview's title
	mouseClick(tm, x+3, y)
	after := screenUntil(tm, "a click selecting LICENSE", func(s string) bool { return treeCursor(s) == "LICENSE" })
	if _, y2 := locate(tm, "   LICENSE"); y2 != y || treeTop(after) != treeTop(before) {
		t.Fatalf("the tree scrolled: LICENSE moved from line %d to %d after the click on it:\n%s\nbefore it:\n%s", y, y2, after, before)
	}
	// The window scrolls again only to keep the selection in view.
	for range 12 {
		tm.typeRaw("\x1b[A") // Up
	}
	screenUntil(tm, "Up past the top scrolling the tree", func(s string) bool { return treeTop(s) != treeTop(after) })
}

// treeTop is the files tree's first line: the text in the tree box on the
// screen's second line.
func treeTop(screen string) string {
	lines := strings.Split(screen, "\n")
	if len(lines) < 2 {
		return ""
	}
	parts := strings.Split(lines[1], "│")
	if len(parts) < 2 {
		return ""
	}
	return strings.TrimSpace(parts[1])
}
