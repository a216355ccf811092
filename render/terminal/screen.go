package terminal

import "strings"

// screen is the frame as Bubble Tea's renderer gets it: Styled without the
// blanks that pad lines to the frame's width. Bubble Tea clears its cell
// buffer before it draws each frame, so a cell left out is the same blank
// cell as an unstyled space drawn there; leaving the padding out spares
// the renderer parsing and setting every cell of a mostly empty screen.
func (f Frame) screen() string {
	var b strings.Builder
	n := len(f.lines)
	for _, l := range f.lines {
		n += len(l)
	}
	b.Grow(n)
	for i, l := range f.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(trimPadding(l))
	}
	return b.String()
}

// trimPadding cuts the unstyled spaces that end line: spaces after its last
// escape sequence when that sequence resets the style (or the line has
// none). Spaces under a style still open are kept: they are drawn.
func trimPadding(line string) string {
	trimmed := strings.TrimRight(line, " ")
	if len(trimmed) == len(line) {
		return line
	}
	esc := strings.LastIndexByte(trimmed, '\x1b')
	if esc < 0 {
		return trimmed
	}
	if tail := trimmed[esc:]; strings.HasPrefix(tail, "\x1b[m") || strings.HasPrefix(tail, "\x1b[0m") {
		return trimmed
	}
	return line
}
