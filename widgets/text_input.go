package widgets

import (
	"unicode/utf8"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// TextInput is a one-line text field with a cursor that edits like
// bubbles/textinput. Typing inserts at the cursor; Backspace and Delete
// remove the character before and under it, Ctrl+W and Alt+Backspace the
// word before it, Ctrl+U and Ctrl+K everything before and after it, each
// sending TextChanged with the new value and cursor; Left and Right, the
// word moves (Alt+B, Alt+F, Ctrl+Left, Ctrl+Right), Home and End (Ctrl+A,
// Ctrl+E) send TextCursorMoved; Enter sends TextSubmitted. Keys rebinds them. An agent types with type_into and clear (which leave the cursor
// at the end), and reads with get_value; type_into refuses text with a
// newline, a tab or another control character (a TextArea takes lines), a
// line or paragraph separator or a bidirectional control (see
// tea.Untypable), and so does typing. TextInputState applies both
// messages; an app that stores only the value still gets a working field
// that edits at its end (see CursorFromEnd).
//
// A TextInput with a Mask rune is masked: it draws Mask once per character
// instead of the value, offers no get_value, takes no append and describes
// nothing of its value; agents see its Redacted form. A PasswordField is a
// TextInput that is always masked.
// A disabled TextInput cannot be focused and offers no writes.
type TextInput struct {
	ID    string
	Label string
	Value string
	// Placeholder is a hint drawn muted while Value is empty. It is drawn
	// between ‹ and ›, "[‹you@example.com›   ]", so that plain text (an
	// agent's screenshot) tells it from a typed value; do not add them
	// yourself.
	// Every field that has a placeholder (TextInput, TextArea) draws it so.
	Placeholder string
	// Mask, when not 0, is drawn once per character instead of the value.
	Mask rune
	// LabelWidth, when positive, pads the label and its colon to this many
	// cells, so the fields of a form line up: "Email:    [".
	LabelWidth int
	// Width is the field's width in cells, not counting its label and
	// brackets; 0 fills the width available.
	Width int
	// CursorFromEnd is where the cursor is, in runes counted back from the
	// end of Value: 0 (the zero value) is the end, len(Value) the start.
	// Out-of-range values clamp. Apply TextChanged and TextCursorMoved to it.
	CursorFromEnd int
	// CharLimit is the most characters (runes) the value takes; 0 or less
	// means DefaultCharLimit (4096). There is no unlimited field: one that
	// needs more sets a larger limit. A key that would type past it types
	// nothing, a paste past it is refused whole, and type_into past it is
	// refused with an error naming the limit, never cut. A longer Value the
	// app sets itself is kept and drawn; typing cannot make it longer.
	CharLimit int
	Disabled  bool
	Exclude   bool
	// Keys overrides the keys it answers to; nil means DefaultTextInputKeyMap().
	Keys  *TextInputKeyMap
	Theme *Theme
}

// TextChanged reports a text field's new value (TextInput, PasswordField,
// TextArea) and where its cursor now is, counted in runes back from the end
// of Value (0, the zero value, is the end: type_into and clear leave it
// there).
type TextChanged struct {
	ID            string
	Value         string
	CursorFromEnd int
}

// Cursor returns the cursor as a rune index into Value.
func (m TextChanged) Cursor() int {
	n := utf8.RuneCountInString(m.Value)
	return n - min(max(m.CursorFromEnd, 0), n)
}

// TextSubmitted reports Enter in a TextInput or PasswordField, with its value.
type TextSubmitted struct {
	ID    string
	Value string
}

// TextInputKeyMap holds the keys of a one-line text field: Submit and the
// editing keys it shares with TextArea. Printable characters are typed and
// need no binding.
type TextInputKeyMap struct {
	Submit key.Binding
	EditKeyMap
}

// DefaultTextInputKeyMap returns the keys a focused TextInput answers to
// besides the characters it types: Enter submits, and the editing keys
// are bubbles/textinput's (ctrl+a and ctrl+e, ctrl+w, ctrl+k, ctrl+u,
// alt+b and alt+f, ...; see EditKeyMap).
func DefaultTextInputKeyMap() TextInputKeyMap {
	return TextInputKeyMap{
		Submit:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "submit")),
		EditKeyMap: defaultEditKeyMap("start", "end"),
	}
}

// defaultTextInputKeys is DefaultTextInputKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultTextInputKeys = DefaultTextInputKeyMap()

// keys returns Keys, or DefaultTextInputKeyMap() when it is nil.
func (t TextInput) keys() TextInputKeyMap {
	if t.Keys != nil {
		return *t.Keys
	}
	return defaultTextInputKeys
}

// Children implements tea.Node.
func (TextInput) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (t TextInput) WidgetID() string { return t.ID }

// WidgetKind implements tea.Widget.
func (TextInput) WidgetKind() string { return "text_input" }

// CanFocus implements tea.Focusable.
func (t TextInput) CanFocus() bool { return !t.Disabled }

// Excluded implements tea.Excludable.
func (t TextInput) Excluded() bool { return t.Exclude }

// IsMasked implements tea.Masked: a TextInput with a Mask is secret.
func (t TextInput) IsMasked() bool { return t.Mask != 0 }

// Redacted implements tea.Redactor: a masked input with no value and no
// cursor, drawn "[‹masked›]" whatever was typed (an input without a Mask
// is returned as it is).
func (t TextInput) Redacted() tea.Widget {
	if t.Mask == 0 {
		return t
	}
	t.Value, t.CursorFromEnd, t.Placeholder = "", 0, MaskedPlaceholder
	return t
}

// Describe implements tea.Describer. A masked input says that it is, never
// its value.
func (t TextInput) Describe() tea.Description {
	return describeField(fieldLook{label: t.Label, value: t.Value, placeholder: t.Placeholder, masked: t.Mask != 0,
		disabled: t.Disabled, cursorFromEnd: t.CursorFromEnd, width: t.Width})
}

// DescribeShown implements tea.ShownDescriber: a TextInput is never hidden.
func (t TextInput) DescribeShown() bool { return true }

// Render implements tea.Widget: "Label: [value ]" on one line, the value cut
// to fit, the cursor (reversed) where it is when focused and, when it is
// empty, the placeholder (muted, between ‹ and ›): "Label: [‹hint› ]".
func (t TextInput) Render(ctx tea.RenderContext) string {
	return renderField(themeIn(t.Theme, ctx), ctx, fieldLabel(t.Label, t.LabelWidth), t.Value, t.Placeholder, t.Mask, t.Width, t.CursorFromEnd, t.Disabled)
}

// HandleKey implements tea.KeyHandler.
func (t TextInput) HandleKey(k tea.Key) tea.Msg {
	km := t.keys()
	if t.Disabled {
		return nil
	}
	return fieldKey(km, t.ID, t.Value, t.CursorFromEnd, t.limit(), t.Mask != 0, k)
}

// ShortHelp lists the keys for the help line.
func (t TextInput) ShortHelp() []key.Binding {
	km := t.keys()
	return []key.Binding{km.Submit, km.DeleteBack, km.DeleteToStart}
}

// Actions implements tea.ToolProvider.
func (t TextInput) Actions() []tea.Action {
	return fieldActions(t.Disabled, t.Mask != 0, false, t.limit())
}

// Invoke implements tea.ToolProvider.
func (t TextInput) Invoke(action string, args map[string]any) (tea.Result, error) {
	return t.invoke(t.WidgetKind(), action, args)
}

// invoke performs action for a widget of the given kind drawn as t (a
// TextInput, or the masked TextInput a PasswordField is).
func (t TextInput) invoke(kind, action string, args map[string]any) (tea.Result, error) {
	return invokeField(kind, t.ID, t.Value, false, t.Mask != 0, t.limit(), fieldActionNames(t.Disabled, t.Mask != 0, false), action, args)
}

// Offers implements tea.ActionOfferer.
func (t TextInput) Offers(action string) bool {
	return offersNamed(fieldActionNames(t.Disabled, t.Mask != 0, false), action)
}

// limit is the CharLimit in effect.
func (t TextInput) limit() int { return charLimit(t.CharLimit, DefaultCharLimit) }

// CheckInsert returns an error naming the field's limit when n more
// characters would take its value past CharLimit, and nil when they fit.
// Paste refuses by the same rule, so that a paste is typed whole or not at
// all, as type_into is.
func (t TextInput) CheckInsert(n int) error { return roomError(t.Value, n, t.limit()) }

// TextInputState is the value and cursor of a TextInput, PasswordField or
// TextArea. Update applies TextChanged and TextCursorMoved for ID; View,
// PasswordView and AreaView build the field with both.
type TextInputState struct {
	ID    string `json:"id"`
	Value string `json:"value"`
	// CursorFromEnd is the cursor in runes counted back from the end of
	// Value; 0 is the end (see TextInput).
	CursorFromEnd int `json:"cursor_from_end"`
}

// View returns w, the TextInput as the app configures it (Label,
// Placeholder, Mask, ...), showing the state: its ID is s.ID and its Value
// and CursorFromEnd come from s.
func (s *TextInputState) View(w TextInput) TextInput {
	w.ID, w.Value, w.CursorFromEnd = s.ID, s.Value, s.CursorFromEnd
	return w
}

// PasswordView returns w, the PasswordField as the app configures it,
// showing the state: its ID is s.ID and its Value and CursorFromEnd come
// from s.
func (s *TextInputState) PasswordView(w PasswordField) PasswordField {
	w.ID, w.Value, w.CursorFromEnd = s.ID, s.Value, s.CursorFromEnd
	return w
}

// AreaView returns w, the TextArea as the app configures it (Label,
// Height, ...), showing the state: its ID is s.ID and its Value and
// CursorFromEnd come from s.
func (s *TextInputState) AreaView(w TextArea) TextArea {
	w.ID, w.Value, w.CursorFromEnd = s.ID, s.Value, s.CursorFromEnd
	return w
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

// Update applies TextChanged (value and cursor) and TextCursorMoved (cursor,
// clamped to the value) and reports whether it used msg.
func (s *TextInputState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case TextChanged:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Value, s.CursorFromEnd = m.Value, m.CursorFromEnd
		return true
	case TextCursorMoved:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.CursorFromEnd = min(max(m.CursorFromEnd, 0), utf8.RuneCountInString(s.Value))
		return true
	}
	return false
}
