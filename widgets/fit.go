package widgets

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Ellipsis ends text that was cut to fit.
const Ellipsis = "…"

// Fit cuts s (which may hold ANSI styling) to at most width cells, ending
// with an ellipsis when something was cut. Width <= 0 gives "".
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, Ellipsis)
}

// Pad cuts or right-pads s to exactly width cells.
func Pad(s string, width int) string {
	s = Fit(s, width)
	if w := ansi.StringWidth(s); w < width {
		s += strings.Repeat(" ", width-w)
	}
	return s
}

// Width returns the number of cells s occupies, ignoring ANSI styling.
func Width(s string) int { return ansi.StringWidth(s) }

// lineBreaks turns line breaks and tabs into spaces. A Replacer is safe for
// concurrent use and never changes, so one serves every call.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")

// OneLine turns newlines and tabs into spaces so a value never breaks a
// single-line layout, copying nothing when it is one line already.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return lineBreaks.Replace(s)
}

// clipLines keeps the first height items (lines, bars, rows), or all when
// height <= 0.
func clipLines[T any](items []T, height int) []T {
	if height > 0 && len(items) > height {
		return items[:height]
	}
	return items
}

// boolInt is 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
