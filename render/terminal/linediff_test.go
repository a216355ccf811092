package terminal

import (
	"strings"
	"testing"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/vt"
	"pgregory.net/rapid"
)

func TestChangeOfFindsThePartOfARowToWriteAgain(t *testing.T) {
	const (
		bold  = "\x1b[1m"
		red   = "\x1b[31m"
		reset = "\x1b[m"
	)
	type want struct {
		written string // new[from:to]
		col     int
		pen     []string
		tail    bool
		width   int
	}
	for _, tc := range []struct {
		name     string
		old, new string
		want     want
	}{
		{"a digit under a style: only the digit, with its style",
			"│ " + bold + "Count: 1" + reset + "   │", "│ " + bold + "Count: 2" + reset + "   │",
			want{written: "2", col: 9, pen: []string{bold}, tail: true, width: 14}},
		{"a longer number over padding: the padding it covers is written too",
			"│ " + bold + "Count: 9" + reset + "  │", "│ " + bold + "Count: 10" + reset + " │",
			want{written: "10" + reset, col: 9, pen: []string{bold}, tail: true, width: 13}},
		{"a longer number pushes the rest right: written to the end",
			"x: 9 y", "x: 10 y",
			want{written: "10 y", col: 3, width: 7}},
		{"a shorter line: written to its end, the row erased after",
			"Count: 10", "Count: 9",
			want{written: "9", col: 7, width: 8}},
		{"a style that changes before an unchanged tail: the tail's pen differs, so it is written",
			red + "ab" + "cd" + reset, bold + "ab" + "cd" + reset,
			want{written: bold + "abcd" + reset, col: 0, width: 4}},
		{"a reset in the prefix empties the pen",
			red + "x" + reset + "ab", red + "x" + reset + "ac",
			want{written: "c", col: 2, width: 3}},
		{"one-cell symbols count one cell each",
			"─ ▸ 1 ─", "─ ▸ 2 ─",
			want{written: "2", col: 4, tail: true, width: 7}},
		{"a wide character: the whole line",
			"漢字 1", "漢字 2",
			want{written: "漢字 2", col: 0, width: -1}},
		{"a combining mark: the whole line",
			"ab", "ae\u0301",
			want{written: "ae\u0301", col: 0, width: -1}},
		{"another escape sequence (a link): the whole line",
			"\x1b]8;;http://x\x07a\x1b]8;;\x07 1", "\x1b]8;;http://x\x07a\x1b]8;;\x07 2",
			want{written: "\x1b]8;;http://x\x07a\x1b]8;;\x07 2", col: 0, width: -1}},
		{"more stacked styles than the pen holds: the whole line",
			bold + red + bold + red + bold + "a1", bold + red + bold + red + bold + "a2",
			want{written: bold + red + bold + red + bold + "a2", col: 0, width: -1}},
		{"from nothing: the whole line",
			"", "ab",
			want{written: "ab", col: 0, width: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := changeOf(tc.old, tc.new)
			pen := got.pen.seqs[:got.pen.n]
			if w := tc.new[got.from:got.to]; w != tc.want.written || got.col != tc.want.col || got.tail != tc.want.tail || got.width != tc.want.width || len(pen) != len(tc.want.pen) {
				t.Fatalf("changeOf(%q, %q) writes %q at cell %d with pen %q, tail %v, width %d; want %q at cell %d with pen %q, tail %v, width %d",
					tc.old, tc.new, w, got.col, pen, got.tail, got.width, tc.want.written, tc.want.col, tc.want.pen, tc.want.tail, tc.want.width)
			}
			for i := range pen {
				if pen[i] != tc.want.pen[i] {
					t.Fatalf("pen %q, want %q", pen, tc.want.pen)
				}
			}
		})
	}
}

// Writing only the part changeOf finds, over a row that shows the old
// line, leaves the row as writing the new line whole on a blank one does:
// for any two lines of text, one-cell symbols, wide and combining
// characters, styles and resets.
func TestChangedPartLeavesTheRowTheNewLineDraws(t *testing.T) {
	tokens := []string{"a", "b", "1", " ", " ", "─", "▸", "漢", "e\u0301",
		"\x1b[1m", "\x1b[31m", "\x1b[38;5;99m", "\x1b[m", "\x1b[0m"}
	line := rapid.Custom(func(t *rapid.T) string {
		n := rapid.IntRange(0, 12).Draw(t, "n")
		var b strings.Builder
		for range n {
			b.WriteString(rapid.SampledFrom(tokens).Draw(t, "token"))
		}
		return b.String()
	})
	rapid.Check(t, func(t *rapid.T) {
		old, new := line.Draw(t, "old"), line.Draw(t, "new")
		if old == new {
			return
		}
		diffed, whole := vt.NewEmulator(30, 1), vt.NewEmulator(30, 1)
		for _, e := range []struct {
			emu   *vt.Emulator
			lines []string
		}{{diffed, []string{old, new}}, {whole, []string{new}}} {
			s := newLineScreen(e.emu, "")
			s.message(bt.ColorProfileMsg{Profile: colorprofile.TrueColor})
			s.started = true // no set-up: the emulator would answer its queries
			for _, l := range e.lines {
				s.draw([]string{l}, 30, 1)
			}
		}
		for x := range 30 {
			a, b := diffed.CellAt(x, 0), whole.CellAt(x, 0)
			if a.Content != b.Content || a.Width != b.Width || !a.Style.Equal(&b.Style) {
				t.Fatalf("cell %d: %q %q, whole: %q %q\nold %q\nnew %q\nchange %+v",
					x, a.Content, a.Style.String(), b.Content, b.Style.String(), old, new, changeOf(old, new))
			}
		}
	})
}
