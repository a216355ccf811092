package terminal

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// widthCases are lines as layouts measure them: the fast path's and
// every kind it hands to ansi.
var widthCases = []string{
	"",
	"plain text",
	"\x1b[1mbold\x1b[m and \x1b[38;2;1;2;3mcolour\x1b[0m",
	lipgloss.NewStyle().Bold(true).Reverse(true).Render("  repo-1  7  Go  "),
	"▸ selected — wide 漢字 and emoji 👍🏽",
	"\x1b]8;;https://example.com\x07link\x1b]8;;\x07",
	"\x1b[?25lhidden cursor\x1b[?25h",
	"tab\there",
	"del\x7f",
	"lone escape \x1b",
	"escape then \x1bx",
	"unfinished \x1b[12;",
	"e\u0301 combining",
	"\x1b[7m▸ a   1\x1b[m",
	"[‹x›] — • … │ ─ ╭╮",
	"‼\ufe0f ▶\ufe0f play",
	"a\u00adb soft hyphen",
}

func TestCellWidthIsAnsisWidth(t *testing.T) {
	for _, s := range widthCases {
		if got, want := cellWidth(s), ansi.StringWidth(s); got != want {
			t.Errorf("cellWidth(%q) = %d, ansi.StringWidth says %d", s, got, want)
		}
	}
}

func TestStripStyleIsAnsisStrip(t *testing.T) {
	for _, s := range widthCases {
		if got, want := stripStyle(s), ansi.Strip(s); got != want {
			t.Errorf("stripStyle(%q) = %q, ansi.Strip says %q", s, got, want)
		}
	}
}

func FuzzCellWidth(f *testing.F) {
	for _, s := range widthCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := cellWidth(s), ansi.StringWidth(s); got != want {
			t.Errorf("cellWidth(%q) = %d, ansi.StringWidth says %d", s, got, want)
		}
		if got, want := stripStyle(s), ansi.Strip(s); got != want {
			t.Errorf("stripStyle(%q) = %q, ansi.Strip says %q", s, got, want)
		}
	})
}

// TestOneCellRunesAreOneCell checks every character the fast path takes,
// alone, between letters and next to each kind of neighbour.
func TestOneCellRunesAreOneCell(t *testing.T) {
	var taken []rune
	for r := rune(0x80); r < 0x3000; r++ {
		if oneCell(r) {
			taken = append(taken, r)
		}
	}
	neighbours := []rune{'a', 0xA9, 0x2014, 0x2502, 0x25B8}
	for _, r := range taken {
		for _, s := range []string{string(r), string(r) + string(r), "a" + string(r) + "b", "\x1b[1m" + string(r) + "\x1b[m"} {
			if got := ansi.StringWidth(s); got != cellWidth(s) {
				t.Errorf("%U in %q: ansi.StringWidth says %d, cellWidth %d", r, s, got, cellWidth(s))
			}
		}
		for _, n := range neighbours {
			s := string(n) + string(r) + string(n)
			if got := ansi.StringWidth(s); got != 3 {
				t.Errorf("%U between %U: ansi.StringWidth says %d cells, not 3", r, n, got)
			}
		}
	}
}

// BenchmarkLineWidth measures the lines of a drawn screen (the counter
// demo's, styled), with ansi's grapheme-aware functions and with the
// fast path, in the same run.
func BenchmarkLineWidth(b *testing.B) {
	lines := Layout(counterView(7), 80, 24, "inc", "").lines
	for _, bc := range []struct {
		name  string
		width func(string) int
		strip func(string) string
	}{
		{"ansi", ansi.StringWidth, ansi.Strip},
		{"fast", cellWidth, stripStyle},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					_ = bc.width(l)
					_ = bc.strip(l)
				}
			}
		})
	}
}
