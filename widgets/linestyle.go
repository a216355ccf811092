package widgets

import (
	"bytes"
	"strings"

	"charm.land/lipgloss/v2"
)

// lineStyle styles single lines as style.Render does, for a widget that
// draws many lines under the same few styles (a table's rows). lipgloss
// builds its escape sequences again on every Render, which made a table
// of 33 rows spend most of its drawing there. For a plain style (colours
// and attributes only: no frame, size, transform, hyperlink, and the line
// styled as a whole) Render wraps a non-empty line with no tab, carriage
// return, line break or escape sequence in one opening and one closing
// sequence: lineStyle learns those once and wraps the lines itself. Any other style, or line, goes
// through renderLine as before.
type lineStyle struct {
	style   lipgloss.Style
	on, off string
	plain   bool
}

// newLineStyle learns style's sequences from rendering a letter, and checks
// them on two words: a style that lipgloss applies grapheme by grapheme,
// or to spaces apart, is not plain.
func newLineStyle(style lipgloss.Style) lineStyle {
	l := lineStyle{style: style}
	if link, _ := style.GetHyperlink(); link != "" || style.GetTransform() != nil ||
		style.GetHorizontalFrameSize() != 0 || style.GetVerticalFrameSize() != 0 ||
		style.GetWidth() != 0 || style.GetHeight() != 0 || style.GetMaxWidth() != 0 || style.GetMaxHeight() != 0 {
		return l
	}
	on, off, ok := strings.Cut(style.Render("x"), "x")
	if !ok || style.Render("x y") != on+"x y"+off {
		// Styled per grapheme (underline, strikethrough), or spaces
		// apart from the rest.
		return l
	}
	l.on, l.off, l.plain = on, off, true
	return l
}

// write writes line, of exactly width cells, to b styled as
// renderLine(style, line, width) would, without making a string of it
// when the style is plain.
func (l lineStyle) write(b *strings.Builder, line []byte, width int) {
	if !l.plain || len(line) == 0 || bytes.ContainsAny(line, "\t\r\n\x1b") {
		b.WriteString(renderLine(l.style, string(line), width))
		return
	}
	b.WriteString(l.on)
	b.Write(line)
	b.WriteString(l.off)
}
