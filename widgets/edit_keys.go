package widgets

import (
	"unicode"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// EditKeyMap holds the editing keys TextInput and TextArea share, bound by
// default as bubbles/textinput and bubbles/textarea bind them: character
// and word moves, deletions by character, by word and to either end. In a
// TextArea, Home, End, DeleteToStart and DeleteToEnd work on the cursor's
// line; in a TextInput, on the whole value. A masked field's word keys go
// to the start or end, so they never tell where its spaces are.
type EditKeyMap struct {
	Left              key.Binding
	Right             key.Binding
	WordLeft          key.Binding
	WordRight         key.Binding
	Home              key.Binding
	End               key.Binding
	DeleteBack        key.Binding
	DeleteForward     key.Binding
	DeleteWordBack    key.Binding
	DeleteWordForward key.Binding
	DeleteToStart     key.Binding
	DeleteToEnd       key.Binding
}

// defaultEditKeyMap returns the editing keys of bubbles' text fields.
// start and end name where Home and End go ("start" or "line start").
func defaultEditKeyMap(start, end string) EditKeyMap {
	return EditKeyMap{
		Left:              key.NewBinding(key.WithKeys("left", "ctrl+b"), key.WithHelp("←", "left")),
		Right:             key.NewBinding(key.WithKeys("right", "ctrl+f"), key.WithHelp("→", "right")),
		WordLeft:          key.NewBinding(key.WithKeys("alt+left", "ctrl+left", "alt+b"), key.WithHelp("alt+←", "word left")),
		WordRight:         key.NewBinding(key.WithKeys("alt+right", "ctrl+right", "alt+f"), key.WithHelp("alt+→", "word right")),
		Home:              key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home", start)),
		End:               key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end", end)),
		DeleteBack:        key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete")),
		DeleteForward:     key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("del", "delete forward")),
		DeleteWordBack:    key.NewBinding(key.WithKeys("ctrl+w", "alt+backspace", "ctrl+backspace"), key.WithHelp("ctrl+w", "delete word")),
		DeleteWordForward: key.NewBinding(key.WithKeys("alt+d", "alt+delete", "ctrl+delete"), key.WithHelp("alt+d", "delete word forward")),
		DeleteToStart:     key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "delete to "+start)),
		DeleteToEnd:       key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "delete to "+end)),
	}
}

// editKey turns an editing key into a change of the value (TextChanged) or
// a move of the cursor (TextCursorMoved); nil when the key is not one of km's
// or changes nothing. multiline makes Home, End and the deletions to
// either end stop at the cursor's line; masked makes the word keys act on
// the whole value.
func editKey(km EditKeyMap, id string, e editText, multiline, masked bool, k tea.Key) (tea.Msg, bool) {
	start, end := 0, len(e.runes)
	if multiline {
		start, end = e.lineStart(e.at), e.lineEnd(e.at)
	}
	wordBack, wordForward := e.wordBack(), e.wordForward()
	if masked {
		wordBack, wordForward = 0, len(e.runes)
	}
	switch {
	case key.Matches(k, km.Left):
		return e.moveTo(id, e.at-1), true
	case key.Matches(k, km.Right):
		return e.moveTo(id, e.at+1), true
	case key.Matches(k, km.WordLeft):
		return e.moveTo(id, wordBack), true
	case key.Matches(k, km.WordRight):
		return e.moveTo(id, wordForward), true
	case key.Matches(k, km.Home):
		return e.moveTo(id, start), true
	case key.Matches(k, km.End):
		return e.moveTo(id, end), true
	case key.Matches(k, km.DeleteBack):
		return e.deleteTo(id, e.at-1), true
	case key.Matches(k, km.DeleteForward):
		return e.deleteTo(id, e.at+1), true
	case key.Matches(k, km.DeleteWordBack):
		return e.deleteTo(id, wordBack), true
	case key.Matches(k, km.DeleteWordForward):
		return e.deleteTo(id, wordForward), true
	case key.Matches(k, km.DeleteToStart):
		return e.deleteTo(id, start), true
	case key.Matches(k, km.DeleteToEnd):
		return e.deleteTo(id, end), true
	}
	return nil, false
}

// wordBack is where the word before the cursor starts: the spaces just
// before the cursor are skipped, then the word, as bubbles' text fields do.
func (e editText) wordBack() int {
	at := e.at
	for at > 0 && unicode.IsSpace(e.runes[at-1]) {
		at--
	}
	for at > 0 && !unicode.IsSpace(e.runes[at-1]) {
		at--
	}
	return at
}

// wordForward is where the word after the cursor ends: the spaces just
// after the cursor are skipped, then the word.
func (e editText) wordForward() int {
	at := e.at
	for at < len(e.runes) && unicode.IsSpace(e.runes[at]) {
		at++
	}
	for at < len(e.runes) && !unicode.IsSpace(e.runes[at]) {
		at++
	}
	return at
}

// deleteTo is TextChanged for the value without the runes between the
// cursor and rune index i (clamped), or nil when there are none.
func (e editText) deleteTo(id string, i int) tea.Msg {
	i = min(max(i, 0), len(e.runes))
	switch {
	case i < e.at:
		return e.changed(id, e.at-i, 0, "")
	case i > e.at:
		return e.changed(id, 0, i-e.at, "")
	}
	return nil
}
