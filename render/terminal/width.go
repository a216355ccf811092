package terminal

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Most lines a layout measures and strips are text with SGR styling (ESC [
// ... m), in ASCII and a few one-cell symbols that widgets draw (a cursor
// "▸", "‹›", "—", box edges). For those a byte loop says the width and the
// plain text; anything else (a wide or combining character, an emoji,
// another escape, a control byte) goes to ansi's grapheme-aware functions,
// which give the same answers for the lines the loop takes.

// cellWidth is ansi.StringWidth(s): the cells s takes, styling ignored.
func cellWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			end, ok := csiEnd(s, i)
			if !ok {
				return ansi.StringWidth(s)
			}
			i = end
		case c >= 0x20 && c < 0x7f:
			w++
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return ansi.StringWidth(s)
			}
			w++
			i += size
		default:
			return ansi.StringWidth(s)
		}
	}
	return w
}

// stripStyle is ansi.Strip(s): s without its escape sequences.
func stripStyle(s string) string {
	if strings.IndexByte(s, 0x1b) < 0 && asciiText(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			end, ok := csiEnd(s, i)
			if !ok {
				return ansi.Strip(s)
			}
			i = end
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return ansi.Strip(s)
			}
			b.WriteString(s[i : i+size])
			i += size
		default:
			return ansi.Strip(s)
		}
	}
	return b.String()
}

// oneCell reports whether r is a character the loop takes: one cell wide
// alone and next to any other it takes, never joining a neighbour into a
// grapheme cluster (no combining mark, joiner, variation selector or
// emoji).
func oneCell(r rune) bool {
	switch {
	case r >= 0xA1 && r <= 0x2FF:
		return r != 0xAD // a soft hyphen takes no cell
	case r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205E:
		return r != 0x203C && r != 0x2049 // ‼ and ⁉ are emoji too
	case r >= 0x2500 && r <= 0x25FF:
		return !emojiShape(r)
	case r == 0x2212: // minus sign
		return true
	}
	return false
}

// emojiShape reports whether r, a geometric shape, is also an emoji.
func emojiShape(r rune) bool {
	switch r {
	case 0x25AA, 0x25AB, 0x25B6, 0x25C0, 0x25FB, 0x25FC, 0x25FD, 0x25FE:
		return true
	}
	return false
}

// asciiText reports whether s is printable ASCII only.
func asciiText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// csiEnd returns the index just after the control sequence (ESC [,
// parameter bytes, intermediate bytes, a final byte) that starts at
// s[i], and false when none does.
func csiEnd(s string, i int) (int, bool) {
	if i+1 >= len(s) || s[i+1] != '[' {
		return 0, false
	}
	j := i + 2
	for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
		j++
	}
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j < len(s) && s[j] >= 0x40 && s[j] <= 0x7e {
		return j + 1, true
	}
	return 0, false
}
