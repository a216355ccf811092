package widgets

import (
	"unicode/utf8"

	"github.com/facetui/facet/tea"
)

// The state helpers below hold what the input widgets (TextInput,
// PasswordField, TextArea, SelectList, Checkbox, Modal, Menu) need in an app's
// model and apply their messages, like the viewing widgets' helpers: each
// stores the id of the widget it drives in ID, Update applies only messages
// whose ID equals it (a state with an empty ID applies nothing) and reports
// whether it used msg, and View(s.ID) builds the widget.
//
// Messages that ask the app to act rather than to change the widget
// (Submitted, Chosen, MenuSelected) are left to the app: Update reports
// false for them.
//
// Every state helper (these and the viewing widgets') encodes to JSON with
// snake_case keys ({"id", "value", "cursor_from_end"}), as the items it
// holds (MenuItem, TableColumn, TreeNode) and a BarChart's Bar do, so a
// model that embeds one reads in facet_get_model like the rest of an
// app's model.

// TextInputState is the value and cursor of a TextInput, PasswordField or
// TextArea. Update applies TextChanged and CursorMoved for ID; View,
// PasswordView and AreaView build the field with both.
type TextInputState struct {
	ID    string `json:"id"`
	Value string `json:"value"`
	// CursorFromEnd is the cursor in runes counted back from the end of
	// Value; 0 is the end (see TextInput).
	CursorFromEnd int `json:"cursor_from_end"`
}

// View returns a TextInput showing the state, with the given id (pass
// s.ID). Set its Label, Placeholder and Mask as needed.
func (s *TextInputState) View(id string) TextInput {
	return TextInput{ID: id, Value: s.Value, CursorFromEnd: s.CursorFromEnd}
}

// PasswordView returns a PasswordField showing the state, with the given id
// (pass s.ID). Set its Label as needed.
func (s *TextInputState) PasswordView(id string) PasswordField {
	return PasswordField{ID: id, Value: s.Value, CursorFromEnd: s.CursorFromEnd}
}

// AreaView returns a TextArea showing the state, with the given id (pass
// s.ID). Set its Label and Height as needed.
func (s *TextInputState) AreaView(id string) TextArea {
	return TextArea{ID: id, Value: s.Value, CursorFromEnd: s.CursorFromEnd}
}

// Cursor returns the cursor as a rune index into Value.
func (s *TextInputState) Cursor() int {
	return TextChanged{Value: s.Value, CursorFromEnd: s.CursorFromEnd}.Cursor()
}

// SetValue replaces the value and puts the cursor at its end, as an app
// does when it fills or clears a field itself.
func (s *TextInputState) SetValue(v string) {
	s.Value, s.CursorFromEnd = v, 0
}

// Update applies TextChanged (value and cursor) and CursorMoved (cursor,
// clamped to the value) and reports whether it used msg.
func (s *TextInputState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case TextChanged:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Value, s.CursorFromEnd = m.Value, m.CursorFromEnd
		return true
	case CursorMoved:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.CursorFromEnd = min(max(m.CursorFromEnd, 0), utf8.RuneCountInString(s.Value))
		return true
	}
	return false
}

// SelectListState is a SelectList's options, selection and scroll offset.
// Update applies SelectionChanged for ID.
type SelectListState struct {
	ID       string   `json:"id"`
	Options  []string `json:"options"`
	Selected int      `json:"selected"`
	Height   int      `json:"height"`
	Offset   int      `json:"offset"`
}

// View returns the SelectList for the state, with the given id (pass s.ID).
func (s *SelectListState) View(id string) SelectList {
	return SelectList{ID: id, Options: s.Options, Selected: s.Selected, Height: s.Height, Offset: s.Offset}
}

// Update applies SelectionChanged (clamped to the options), moving Offset
// only as far as keeps the selection in a window of Height lines, and
// reports whether it used msg.
func (s *SelectListState) Update(msg tea.Msg) bool {
	m, ok := msg.(SelectionChanged)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Selected = max(-1, min(m.Index, len(s.Options)-1))
	s.Offset = followWindow(s.Offset, s.Selected, s.View(s.ID).height(), len(s.Options))
	return true
}

// CheckboxState is whether a Checkbox is checked. Update applies Toggled
// for ID.
type CheckboxState struct {
	ID      string `json:"id"`
	Checked bool   `json:"checked"`
}

// View returns a Checkbox showing the state, with the given id (pass
// s.ID). Set its Label as needed.
func (s *CheckboxState) View(id string) Checkbox {
	return Checkbox{ID: id, Checked: s.Checked}
}

// Update applies Toggled and reports whether it used msg.
func (s *CheckboxState) Update(msg tea.Msg) bool {
	m, ok := msg.(Toggled)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Checked = m.Checked
	return true
}

// ModalState is whether a Modal is open and which of its choices is
// highlighted. Update applies ModalHighlighted for ID; Open and Close show
// and hide the dialog, each putting the highlight back on the default
// choice. ModalConfirmed and ModalDismissed are left to the app, which
// acts and then calls Close.
type ModalState struct {
	ID          string      `json:"id"`
	Visible     bool        `json:"visible"`
	Highlighted ModalChoice `json:"highlighted"`
}

// View returns a Modal showing the state, with the given id (pass s.ID).
// Set its Title, Body, labels and Destructive as needed.
func (s *ModalState) View(id string) Modal {
	return Modal{ID: id, Visible: s.Visible, Highlighted: s.Highlighted}
}

// Open shows the dialog with the default choice highlighted.
func (s *ModalState) Open() { s.Visible, s.Highlighted = true, "" }

// Close hides the dialog.
func (s *ModalState) Close() { s.Visible, s.Highlighted = false, "" }

// Update applies ModalHighlighted and reports whether it used msg.
func (s *ModalState) Update(msg tea.Msg) bool {
	m, ok := msg.(ModalHighlighted)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Highlighted = m.Choice
	return true
}

// MenuState is a Menu's items, open submenus and cursor. Update applies
// MenuMoved and MenuOpened for ID.
type MenuState struct {
	ID     string     `json:"id"`
	Items  []MenuItem `json:"items"`
	Open   []string   `json:"open"`
	Cursor string     `json:"cursor"`
	Height int        `json:"height"`
}

// View returns the Menu for the state, with the given id (pass s.ID).
func (s *MenuState) View(id string) Menu {
	return Menu{ID: id, Items: s.Items, Open: s.Open, Cursor: s.Cursor, Height: s.Height}
}

// Update applies MenuMoved (the cursor moves) and MenuOpened (the open path
// changes: closing puts the cursor back on the item that closed, opening
// puts it on the first enabled item of the opened submenu) and reports
// whether it used msg. Open is replaced, never changed in place.
func (s *MenuState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case MenuMoved:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Cursor = m.ItemID
		return true
	case MenuOpened:
		if !ownID(s.ID, m.ID) {
			return false
		}
		path := append([]string{}, m.Path...)
		switch {
		case len(path) < len(s.Open) && isPrefix(path, s.Open):
			s.Cursor = s.Open[len(path)]
		case len(path) > 0:
			if items := menuChildren(s.Items, path); len(items) > 0 {
				s.Cursor = items[0].ID
				for _, it := range items {
					if !it.Disabled {
						s.Cursor = it.ID
						break
					}
				}
			}
		}
		s.Open = path
		return true
	}
	return false
}

// isPrefix reports whether p is a prefix of s.
func isPrefix(p, s []string) bool {
	if len(p) > len(s) {
		return false
	}
	for i := range p {
		if p[i] != s[i] {
			return false
		}
	}
	return true
}

// menuChildren returns the items of the submenu at path, or nil when path
// names no submenu.
func menuChildren(items []MenuItem, path []string) []MenuItem {
	for _, id := range path {
		i := menuIndex(items, id)
		if i < 0 {
			return nil
		}
		items = items[i].Children
	}
	return items
}
