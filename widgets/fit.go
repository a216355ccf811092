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

// oneLine turns newlines and tabs into spaces so a value never breaks a
// single-line widget's layout.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
}
