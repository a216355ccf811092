package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// DefaultTextAreaHeight is the number of lines a TextArea shows when its
// Height is 0.
const DefaultTextAreaHeight = 5

// TextArea is a multi-line text field. Typing appends to Value, Enter
// inserts a newline and Backspace removes the last character, each sending
// TextChanged with the new value. An agent types with type_into and clear
// and reads with get_value. A disabled TextArea cannot be focused and offers
// no writes.
type TextArea struct {
	ID    string
	Label string
	Value string
	// Width is the text's width in cells, not counting the gutter; 0 fills
	// the width available.
	Width int
	// Height is the number of text lines shown (DefaultTextAreaHeight when
	// 0). The last lines are shown, where the cursor is.
	Height   int
	Disabled bool
	Exclude  bool
	// Keys overrides the keys it answers to; nil means DefaultTextAreaKeyMap().
	Keys  *TextAreaKeyMap
	Theme *Theme
}

// TextAreaKeyMap holds the keys of a TextArea. Printable characters are
// typed and need no binding.
type TextAreaKeyMap struct {
	Newline    key.Binding
	DeleteBack key.Binding
}

// DefaultTextAreaKeyMap returns the keys a focused TextArea answers to besides the
// characters it types.
func DefaultTextAreaKeyMap() TextAreaKeyMap {
	return TextAreaKeyMap{
		Newline:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "new line")),
		DeleteBack: key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "delete")),
	}
}

// keys returns Keys, or DefaultTextAreaKeyMap() when it is nil.
func (a TextArea) keys() TextAreaKeyMap {
	if a.Keys != nil {
		return *a.Keys
	}
	return DefaultTextAreaKeyMap()
}

// Children implements tea.Node.
func (TextArea) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (a TextArea) WidgetID() string { return a.ID }

// WidgetKind implements tea.Widget.
func (TextArea) WidgetKind() string { return "text_area" }

// CanFocus implements tea.Focusable.
func (a TextArea) CanFocus() bool { return !a.Disabled }

// Excluded implements tea.Excludable.
func (a TextArea) Excluded() bool { return a.Exclude }

// Describe implements tea.Describer.
func (a TextArea) Describe() tea.Description {
	d := describeField(a.Label, a.Value, false, a.Disabled)
	d.State["multiline"] = true
	return d
}

// Render implements tea.Widget: the label on its own line, then the last
// Height lines of the value behind a gutter, with a cursor at the end when
// focused. Long lines are cut with an ellipsis.
func (a TextArea) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeOr(a.Theme)
	focused := ctx.Focused && !a.Disabled
	gutter, labelStyle, text := t.Border, t.Normal, t.Normal
	switch {
	case a.Disabled:
		gutter, labelStyle, text = t.Disabled, t.Disabled, t.Disabled
	case focused:
		gutter, labelStyle = t.BorderFocus, t.Accent
	}
	height := a.Height
	if height <= 0 {
		height = DefaultTextAreaHeight
	}
	label := oneLine(a.Label)
	if ctx.Height > 0 {
		if ctx.Height < 2 {
			label = ""
		}
		height = min(height, ctx.Height-boolInt(label != ""))
	}
	inner := max(ctx.Width-2, 1)
	if a.Width > 0 {
		inner = min(a.Width, inner)
	}

	var out []string
	if label != "" {
		out = append(out, labelStyle.Render(Fit(label, ctx.Width)))
	}
	lines := strings.Split(strings.ReplaceAll(a.Value, "\t", "    "), "\n")
	if len(lines) > height {
		lines = lines[len(lines)-height:]
	}
	cursor := t.Normal.Reverse(true)
	for i := 0; i < height; i++ {
		var body string
		switch {
		case i >= len(lines):
			body = strings.Repeat(" ", inner)
		case focused && i == len(lines)-1:
			if inner == 1 {
				body = cursor.Render(" ")
				break
			}
			tail := fitTail(strings.TrimSuffix(lines[i], "\r"), inner-1)
			body = text.Render(tail) + cursor.Render(" ") + strings.Repeat(" ", inner-1-Width(tail))
		default:
			body = text.Render(Pad(strings.TrimSuffix(lines[i], "\r"), inner))
		}
		out = append(out, Fit(gutter.Render("│ ")+body, ctx.Width))
	}
	return strings.Join(out, "\n")
}

// HandleKey implements tea.KeyHandler.
func (a TextArea) HandleKey(k tea.Key) tea.Msg {
	km := a.keys()
	if a.Disabled {
		return nil
	}
	switch {
	case key.Matches(k, km.Newline):
		return TextChanged{ID: a.ID, Value: a.Value + "\n"}
	case key.Matches(k, km.DeleteBack):
		return TextChanged{ID: a.ID, Value: dropLastRune(a.Value)}
	}
	if s := k.Text(); s != "" {
		return TextChanged{ID: a.ID, Value: a.Value + s}
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (a TextArea) ShortHelp() []key.Binding {
	km := a.keys()
	return []key.Binding{km.Newline, km.DeleteBack}
}

// Actions implements tea.ToolProvider.
func (a TextArea) Actions() []tea.Action { return fieldActions(a.Disabled, true) }

// Invoke implements tea.ToolProvider.
func (a TextArea) Invoke(action string, args map[string]any) (tea.Result, error) {
	return invokeField(a.WidgetKind(), a.ID, a.Value, a.Actions(), action, args)
}
