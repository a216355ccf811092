package widgets

import (
	"errors"
	"fmt"
	"strings"

	"github.com/facetui/facet/tea"
)

// Paster is implemented by the widgets that take pasted text: TextInput,
// PasswordField and TextArea. A terminal hands a paste to the focused
// widget's Paste whole, so that however long it is it reaches Update as
// one message (one Update, one redraw), not as one key per character.
// Pasting into a widget that is not a Paster types nothing.
type Paster interface {
	// Paste returns the message that inserts text at the cursor
	// (TextChanged, the cursor after the pasted text), nil for an empty
	// paste, or an error saying why the whole paste is refused: it holds a
	// character that is never typed, or it does not fit CharLimit. A paste
	// is typed whole or not at all, never with characters dropped or cut.
	Paste(text string) (tea.Msg, error)
}

// pastedText is the text a paste types, and the rule for it: a line break
// ("\n", "\r" or "\r\n", which counts once) is a newline in a text area
// (multiline) and a space anywhere else, where Enter would submit; a tab
// is a space. Any other character tea.Untypable refuses (a control
// character, a line or paragraph separator, a bidirectional control)
// refuses the whole paste, with an error naming it, its place and the
// rule, as type_into refuses it.
func pastedText(text string, multiline bool) (string, error) {
	newline := ' '
	if multiline {
		newline = '\n'
	}
	runes := []rune(text)
	var b strings.Builder
	b.Grow(len(text))
	for i, r := range runes {
		switch {
		case r == '\r' && i+1 < len(runes) && runes[i+1] == '\n':
			// "\r\n" is one line break: its "\n" types it.
		case r == '\n' || r == '\r':
			b.WriteRune(newline)
		case r == '\t':
			b.WriteByte(' ')
		default:
			if why := tea.Untypable(r); why != "" {
				return "", fmt.Errorf("it holds %s at character %d, and %s", tea.CodePoint(r), i+1, why)
			}
			b.WriteRune(r)
		}
	}
	return b.String(), nil
}

// pasteField is a text field's Paste: text by pastedText's rule inserted
// at the cursor of value, as one TextChanged, when it fits limit.
func pasteField(id, value string, fromEnd, limit int, multiline bool, text string) (tea.Msg, error) {
	s, err := pastedText(text, multiline)
	if err != nil || s == "" {
		return nil, err
	}
	e := newEditText(value, fromEnd)
	if !e.fits(s, limit) {
		return nil, roomError(value, len([]rune(s)), limit)
	}
	return e.changed(id, 0, 0, s), nil
}

// Paste implements Paster: text inserted at the cursor, a line break and a
// tab as a space.
func (t TextInput) Paste(text string) (tea.Msg, error) {
	if t.Disabled {
		return nil, nil
	}
	return pasteField(t.ID, t.Value, t.CursorFromEnd, t.limit(), false, text)
}

// Paste implements Paster: text inserted at the cursor, a line break and a
// tab as a space.
func (p PasswordField) Paste(text string) (tea.Msg, error) { return p.input().Paste(text) }

// Paste implements Paster: text inserted at the cursor, its line breaks
// kept as newlines and a tab as a space.
func (a TextArea) Paste(text string) (tea.Msg, error) {
	if a.Disabled {
		return nil, nil
	}
	return pasteField(a.ID, a.Value, a.CursorFromEnd, a.limit(), true, text)
}

// PasteInto is the message a paste of text makes in view, whose focused
// widget is focus: the focused text field's edit, taken whole (one Update,
// however long the text). It is refused when the text cannot be typed or
// does not fit the field, and ignored, with an error that says so, when
// no widget has focus or the focused one takes no text, so pasted text
// never reaches a list, a button or the app as keys (a "q" in it quitting
// the app, every "j" moving a selection). Every renderer that takes a
// paste (the terminal, the browser) applies this one rule.
func PasteInto(view tea.Node, focus, text string) (tea.Msg, error) {
	w, ok := tea.FindWidget(view, focus)
	if !ok || focus == "" {
		return nil, errors.New("paste ignored: no text field has focus")
	}
	p, ok := w.(Paster)
	if !ok {
		return nil, fmt.Errorf("paste ignored: the focused %s %q takes no text", w.WidgetKind(), w.WidgetID())
	}
	msg, err := p.Paste(text)
	if err != nil {
		return nil, fmt.Errorf("paste refused: %w", err)
	}
	return msg, nil
}
