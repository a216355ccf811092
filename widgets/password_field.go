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

// PasswordField is a one-line secret field: a TextInput that is always
// masked, with a kind of its own. It has TextInput's fields, documented
// there (Mask, when 0, is PasswordMask). It answers keys like a TextInput
// (sending TextChanged and TextSubmitted) but always draws its mask instead of
// its value, offers no read of its value, takes no append and describes
// nothing of its value. A disabled PasswordField cannot be focused and
// offers no action.
type PasswordField TextInput

// input is the masked TextInput the field draws and edits as.
func (p PasswordField) input() TextInput {
	t := TextInput(p)
	if t.Mask == 0 {
		t.Mask = PasswordMask
	}
	return t
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
	p.Value, p.CursorFromEnd, p.Placeholder = "", 0, MaskedPlaceholder
	return p
}

// Describe implements tea.Describer: that it is masked, never the value.
func (p PasswordField) Describe() tea.Description { return p.input().Describe() }

// DescribeShown implements tea.ShownDescriber: a PasswordField is never hidden.
func (p PasswordField) DescribeShown() bool { return true }

// Render implements tea.Widget: "Label: [•••• ]".
func (p PasswordField) Render(ctx tea.RenderContext) string { return p.input().Render(ctx) }

// HandleKey implements tea.KeyHandler.
func (p PasswordField) HandleKey(k tea.Key) tea.Msg { return p.input().HandleKey(k) }

// ShortHelp lists the keys for the help line.
func (p PasswordField) ShortHelp() []key.Binding { return p.input().ShortHelp() }

// Actions implements tea.ToolProvider: type_into and clear, never a read.
func (p PasswordField) Actions() []tea.Action { return p.input().Actions() }

// Offers implements tea.ActionOfferer.
func (p PasswordField) Offers(action string) bool { return p.input().Offers(action) }

// Invoke implements tea.ToolProvider.
func (p PasswordField) Invoke(action string, args map[string]any) (tea.Result, error) {
	return p.input().invoke(p.WidgetKind(), action, args)
}

// CheckInsert returns an error naming the field's limit when n more
// characters would take its value past CharLimit, and nil when they fit
// (see TextInput.CheckInsert).
func (p PasswordField) CheckInsert(n int) error { return p.input().CheckInsert(n) }
