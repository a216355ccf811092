package widgets

import (
	"strings"
	"unicode/utf8"

	"github.com/facetui/facet/tea"
)

// Text fields are controlled like every widget: the app stores the value
// and the cursor and hands them back in View. The cursor is counted from
// the end of the value, in runes (CursorFromEnd): 0, the zero value, is
// the end, where typing appends, so an app that never stores the cursor
// keeps a field that appends and deletes at its end, as before cursors.
// A value past the start clamps to the start; a negative one means the end.

// TextCursorMoved reports that the cursor of text field ID moved without the
// value changing (arrows, Home, End). CursorFromEnd counts the runes after
// the cursor. TextInputState applies it.
type TextCursorMoved struct {
	ID            string
	CursorFromEnd int
}

// editText is a field's value as runes with the cursor at rune index at.
type editText struct {
	runes []rune
	at    int
}

// newEditText places the cursor fromEnd runes before the end of value,
// clamped to the value.
func newEditText(value string, fromEnd int) editText {
	r := []rune(value)
	return editText{runes: r, at: len(r) - min(max(fromEnd, 0), len(r))}
}

// changed is TextChanged for the value with s inserted at the cursor and
// del runes before it and fwd runes after it removed.
func (e editText) changed(id string, del, fwd int, s string) tea.Msg {
	from, to := max(e.at-del, 0), min(e.at+fwd, len(e.runes))
	ins := []rune(s)
	out := make([]rune, 0, len(e.runes)-(to-from)+len(ins))
	out = append(append(append(out, e.runes[:from]...), ins...), e.runes[to:]...)
	return TextChanged{ID: id, Value: string(out), CursorFromEnd: len(e.runes) - to}
}

// fits reports whether inserting s keeps the value within limit runes.
func (e editText) fits(s string, limit int) bool {
	return len(e.runes)+utf8.RuneCountInString(s) <= limit
}

// moveTo is TextCursorMoved to rune index i (clamped), or nil when the cursor
// is already there.
func (e editText) moveTo(id string, i int) tea.Msg {
	i = min(max(i, 0), len(e.runes))
	if i == e.at {
		return nil
	}
	return TextCursorMoved{ID: id, CursorFromEnd: len(e.runes) - i}
}

// lineStart and lineEnd are the rune indexes where the cursor's line starts
// and ends (before its newline).
func (e editText) lineStart(at int) int {
	for at > 0 && e.runes[at-1] != '\n' {
		at--
	}
	return at
}

func (e editText) lineEnd(at int) int {
	for at < len(e.runes) && e.runes[at] != '\n' {
		at++
	}
	return at
}

// vertical moves the cursor dir lines (-1 up, +1 down), keeping its column
// when the target line is long enough and going to that line's end when it
// is not; nil on the first line going up or the last going down.
func (e editText) vertical(id string, dir int) tea.Msg {
	start := e.lineStart(e.at)
	col := e.at - start
	switch {
	case dir < 0 && start == 0:
		return nil
	case dir < 0:
		prev := e.lineStart(start - 1)
		return e.moveTo(id, min(prev+col, start-1))
	}
	end := e.lineEnd(e.at)
	if end == len(e.runes) {
		return nil
	}
	next := end + 1
	return e.moveTo(id, min(next+col, e.lineEnd(next)))
}

// fieldRunes makes a value safe for one line without changing its rune
// count, so a cursor index still points at the same character.
func fieldRunes(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}
