package widgets

import (
	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// PasswordMask is the rune a PasswordField draws for each character.
const PasswordMask = '•'

// MaskedPlaceholder is what a masked field's Redacted form draws in place
// of its value, between ‹ and ›, whatever the value is.
const MaskedPlaceholder = "masked"

// PasswordField is a one-line secret field. It answers keys like a
// TextInput (sending TextChanged and Submitted) but always draws
// PasswordMask instead of its value, offers no read of its value and never
// describes it. A disabled PasswordField cannot be focused and offers no
// action.
type PasswordField struct {
	ID    string
	Label string
	Value string
	// LabelWidth, when positive, pads the label and its colon to this many
	// cells, so the fields of a form line up: "Email:    [".
	LabelWidth int
	// Width is the field's width in cells, not counting its label and
	// brackets; 0 fills the width available.
	Width int
	// CursorFromEnd is where the cursor is, in runes counted back from the
	// end of Value (0, the zero value, is the end), as in TextInput.
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
	// Keys overrides the keys it answers to; nil means
	// DefaultTextInputKeyMap().
	Keys  *TextInputKeyMap
	Theme *Theme

	// redacted is set on the field Redacted returns: it draws
	// MaskedPlaceholder.
	redacted bool
}

// keys returns Keys, or DefaultTextInputKeyMap() when it is nil.
func (p PasswordField) keys() TextInputKeyMap {
	if p.Keys != nil {
		return *p.Keys
	}
	return DefaultTextInputKeyMap()
}

// Children implements tea.Node.
func (PasswordField) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (p PasswordField) WidgetID() string { return p.ID }

// WidgetKind implements tea.Widget.
func (PasswordField) WidgetKind() string { return "password_field" }

// CanFocus implements tea.Focusable.
func (p PasswordField) CanFocus() bool { return !p.Disabled }

// Excluded implements tea.Excludable.
func (p PasswordField) Excluded() bool { return p.Exclude }

// IsMasked implements tea.Masked: a PasswordField is always secret.
func (PasswordField) IsMasked() bool { return true }

// Redacted implements tea.Redactor: the field with no value and no
// cursor, drawn "[‹masked›]" whatever was typed.
func (p PasswordField) Redacted() tea.Widget {
	p.Value, p.CursorFromEnd, p.redacted = "", 0, true
	return p
}

// Describe implements tea.Describer: that it is masked, never the value.
func (p PasswordField) Describe() tea.Description {
	return describeField(p.Label, p.Value, true, p.Disabled)
}

// Render implements tea.Widget: "Label: [•••• ]".
func (p PasswordField) Render(ctx tea.RenderContext) string {
	hint := ""
	if p.redacted {
		hint = MaskedPlaceholder
	}
	return renderField(themeOr(p.Theme), ctx, fieldLabel(p.Label, p.LabelWidth), p.Value, hint, PasswordMask, p.Width, p.CursorFromEnd, p.Disabled)
}

// HandleKey implements tea.KeyHandler.
func (p PasswordField) HandleKey(k tea.Key) tea.Msg {
	if p.Disabled {
		return nil
	}
	return fieldKey(p.keys(), p.ID, p.Value, p.CursorFromEnd, p.limit(), k)
}

// ShortHelp lists the keys for the help line.
func (p PasswordField) ShortHelp() []key.Binding {
	km := p.keys()
	return []key.Binding{km.Submit, km.DeleteBack, km.Clear}
}

// Actions implements tea.ToolProvider: type_into and clear, never a read.
func (p PasswordField) Actions() []tea.Action {
	return fieldActions(p.Disabled, true, false, p.limit())
}

// Invoke implements tea.ToolProvider.
func (p PasswordField) Invoke(action string, args map[string]any) (tea.Result, error) {
	return invokeField(p.WidgetKind(), p.ID, p.Value, false, true, p.limit(), p.Actions(), action, args)
}

// limit is the CharLimit in effect.
func (p PasswordField) limit() int { return charLimit(p.CharLimit, DefaultCharLimit) }

// CheckInsert returns an error naming the field's limit when n more
// characters would take its value past CharLimit, and nil when they fit
// (see TextInput.CheckInsert).
func (p PasswordField) CheckInsert(n int) error { return roomError(p.Value, n, p.limit()) }
