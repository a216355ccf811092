package widgets

import (
	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// TextInput is a one-line text field. Typing appends to Value, Backspace
// removes the last character and Ctrl+U clears it, each sending TextChanged
// with the new value; Enter sends Submitted. An agent types with type_into
// and clear, and reads with get_value.
//
// A TextInput with a Mask rune is masked: it draws Mask once per character
// instead of the value, offers no get_value, and never describes its value.
// A disabled TextInput cannot be focused and offers no writes.
type TextInput struct {
	ID          string
	Label       string
	Value       string
	Placeholder string
	// Mask, when not 0, is drawn once per character instead of the value.
	Mask rune
	// Width is the field's width in cells, not counting its label and
	// brackets; 0 fills the width available.
	Width    int
	Disabled bool
	Exclude  bool
	// Keys overrides the keys it answers to; nil means DefaultTextInputKeyMap().
	Keys  *TextInputKeyMap
	Theme *Theme
}

// TextChanged reports a text field's new value (TextInput, PasswordField,
// TextArea).
type TextChanged struct {
	ID    string
	Value string
}

// Submitted reports Enter in a TextInput or PasswordField, with its value.
type Submitted struct {
	ID    string
	Value string
}

// TextInputKeyMap holds the keys of a one-line text field. Printable
// characters are typed and need no binding.
type TextInputKeyMap struct {
	Submit     key.Binding
	DeleteBack key.Binding
	Clear      key.Binding
}

// DefaultTextInputKeyMap returns the keys a focused TextInput answers to besides the
// characters it types.
func DefaultTextInputKeyMap() TextInputKeyMap {
	return TextInputKeyMap{
		Submit:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "submit")),
		DeleteBack: key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "delete")),
		Clear:      key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "clear")),
	}
}

// keys returns Keys, or DefaultTextInputKeyMap() when it is nil.
func (t TextInput) keys() TextInputKeyMap {
	if t.Keys != nil {
		return *t.Keys
	}
	return DefaultTextInputKeyMap()
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

// MaskedValue returns the value when the input is masked ("" otherwise), so
// a renderer can scrub it from what it exposes.
func (t TextInput) MaskedValue() string {
	if t.Mask == 0 {
		return ""
	}
	return t.Value
}

// Describe implements tea.Describer. A masked input tells its length, never
// its value.
func (t TextInput) Describe() tea.Description {
	return describeField(t.Label, t.Value, t.Mask != 0, t.Disabled)
}

// Render implements tea.Widget: "Label: [value ]" on one line, the value cut
// to fit, a cursor at its end when focused and the placeholder (muted) when
// it is empty.
func (t TextInput) Render(ctx tea.RenderContext) string {
	return renderField(themeOr(t.Theme), ctx, t.Label, t.Value, t.Placeholder, t.Mask, t.Width, t.Disabled)
}

// HandleKey implements tea.KeyHandler.
func (t TextInput) HandleKey(k tea.Key) tea.Msg {
	km := t.keys()
	if t.Disabled {
		return nil
	}
	return fieldKey(km, t.ID, t.Value, k)
}

// ShortHelp lists the keys for the help line.
func (t TextInput) ShortHelp() []key.Binding {
	km := t.keys()
	return []key.Binding{km.Submit, km.DeleteBack, km.Clear}
}

// Actions implements tea.ToolProvider.
func (t TextInput) Actions() []tea.Action {
	return fieldActions(t.Disabled, t.Mask == 0)
}

// Invoke implements tea.ToolProvider.
func (t TextInput) Invoke(action string, args map[string]any) (tea.Result, error) {
	return invokeField(t.WidgetKind(), t.ID, t.Value, t.Actions(), action, args)
}
