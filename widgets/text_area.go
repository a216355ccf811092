package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// DefaultTextAreaHeight is the number of lines a TextArea shows when its
// Height is 0.
const DefaultTextAreaHeight = 5

// TextArea is a multi-line text field with a cursor that edits like
// bubbles/textarea. Typing inserts at the cursor, Enter inserts a newline,
// Backspace and Delete remove the character before and under it, Ctrl+W
// and Alt+Backspace the word before it, Ctrl+U and Ctrl+K the rest of the
// line before and after it, each sending TextChanged with the new value
// and cursor; the arrows move the cursor (Up and Down keep its column when
// the line is long enough), the word moves (Alt+B, Alt+F, Ctrl+Left,
// Ctrl+Right) go by words across lines and Home and End (Ctrl+A, Ctrl+E)
// go to the start and end of its line, sending TextCursorMoved. Keys rebinds
// them. An agent types with type_into (its newlines
// start lines, "\r\n" and "\r" counting as one; tabs are kept and drawn as
// four spaces; other control characters, line and paragraph separators
// and bidirectional controls are refused, see tea.Untypable) and clear, and
// reads with get_value. A disabled TextArea cannot be focused and offers no
// writes. The cursor is CursorFromEnd, as in TextInput: 0 is the end.
type TextArea struct {
	ID    string
	Label string
	Value string
	// Placeholder is a hint drawn muted on the first line while Value is
	// empty, between ‹ and › as in TextInput, so plain text tells it from a
	// typed value.
	Placeholder string
	// Width is the text's width in cells, not counting the gutter; 0 fills
	// the width available.
	Width int
	// Height is the number of text lines shown (DefaultTextAreaHeight when
	// 0). The last lines are shown, or the cursor's when it is above them.
	Height int
	// CursorFromEnd is where the cursor is, in runes counted back from the
	// end of Value: 0 (the zero value) is the end. See TextInput.
	CursorFromEnd int
	// CharLimit is the most characters (runes) the value takes, a newline
	// counting as one; 0 or less means DefaultTextAreaCharLimit (65536).
	// It limits typing, pasting and type_into as in TextInput.
	CharLimit int
	Disabled  bool
	Exclude   bool
	// Keys overrides the keys it answers to; nil means DefaultTextAreaKeyMap().
	Keys  *TextAreaKeyMap
	Theme *Theme
}

// TextAreaKeyMap holds the keys of a TextArea: a new line, moves between
// lines and the editing keys it shares with TextInput. Printable
// characters are typed and need no binding.
type TextAreaKeyMap struct {
	Newline key.Binding
	Up      key.Binding
	Down    key.Binding
	EditKeyMap
}

// DefaultTextAreaKeyMap returns the keys a focused TextArea answers to
// besides the characters it types, bound as bubbles/textarea binds them
// (ctrl+a and ctrl+e go to the line's start and end, ctrl+k and ctrl+u
// delete to them; see EditKeyMap).
func DefaultTextAreaKeyMap() TextAreaKeyMap {
	return TextAreaKeyMap{
		Newline:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "new line")),
		Up:         key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "line up")),
		Down:       key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "line down")),
		EditKeyMap: defaultEditKeyMap("line start", "line end"),
	}
}

// defaultTextAreaKeys is DefaultTextAreaKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultTextAreaKeys = DefaultTextAreaKeyMap()

// keys returns Keys, or DefaultTextAreaKeyMap() when it is nil.
func (a TextArea) keys() TextAreaKeyMap {
	if a.Keys != nil {
		return *a.Keys
	}
	return defaultTextAreaKeys
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

// Describe implements tea.Describer: a multiline textbox showing Height
// lines.
func (a TextArea) Describe() tea.Description {
	lines := a.Height
	if lines <= 0 {
		lines = DefaultTextAreaHeight
	}
	return describeField(fieldLook{label: a.Label, value: a.Value, placeholder: a.Placeholder, multiline: true,
		disabled: a.Disabled, cursorFromEnd: a.CursorFromEnd, width: a.Width, lines: lines})
}

// DescribeShown implements tea.ShownDescriber: a TextArea is never hidden.
func (a TextArea) DescribeShown() bool { return true }

// Render implements tea.Widget: the label on its own line, then Height
// lines of the value behind a gutter (the last ones, or from the cursor's
// line when it is above them), with the cursor where it is when focused. Long lines are cut with an ellipsis.
// An empty TextArea shows its Placeholder (muted, between ‹ and ›) on its first line.
func (a TextArea) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(a.Theme, ctx)
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
	label := OneLine(a.Label)
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
	e := newEditText(a.Value, a.CursorFromEnd)
	lines := strings.Split(a.Value, "\n")
	cursorLine := strings.Count(string(e.runes[:e.at]), "\n")
	start := followWindow(len(lines)-height, cursorLine, height, len(lines))
	for i := start; i < start+height; i++ {
		var body string
		switch {
		case i >= len(lines):
			body = strings.Repeat(" ", inner)
		case i == 0 && a.Value == "" && !focused && a.Placeholder != "":
			body = t.Muted.Render(Pad(placeholderText(a.Placeholder, inner), inner))
		case focused && a.Value == "":
			body = cursorContent(t, editText{}, placeholderText(a.Placeholder, inner), inner)
		case focused && i == cursorLine:
			col := e.at - e.lineStart(e.at)
			line := []rune(lines[i])
			before := strings.ReplaceAll(string(line[:col]), "\t", tabSpaces)
			shown := fieldRunes(before + strings.ReplaceAll(string(line[col:]), "\t", tabSpaces))
			body = cursorContent(t, editText{runes: []rune(shown), at: len([]rune(before))}, "", inner)
		default:
			body = text.Render(Pad(strings.ReplaceAll(strings.TrimSuffix(lines[i], "\r"), "\t", tabSpaces), inner))
		}
		out = append(out, Fit(gutter.Render("│ ")+body, ctx.Width))
	}
	return strings.Join(out, "\n")
}

// tabSpaces is how a TextArea draws a tab.
const tabSpaces = "    "

// HandleKey implements tea.KeyHandler.
func (a TextArea) HandleKey(k tea.Key) tea.Msg {
	km := a.keys()
	if a.Disabled {
		return nil
	}
	e := newEditText(a.Value, a.CursorFromEnd)
	switch {
	case key.Matches(k, km.Newline):
		if !e.fits("\n", a.limit()) {
			return nil
		}
		return e.changed(a.ID, 0, 0, "\n")
	case key.Matches(k, km.Up):
		return e.vertical(a.ID, -1)
	case key.Matches(k, km.Down):
		return e.vertical(a.ID, +1)
	}
	if msg, ok := editKey(km.EditKeyMap, a.ID, e, true, false, k); ok {
		return msg
	}
	if s := k.Text(); s != "" && e.fits(s, a.limit()) {
		return e.changed(a.ID, 0, 0, s)
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (a TextArea) ShortHelp() []key.Binding {
	km := a.keys()
	return []key.Binding{km.Newline, km.DeleteBack}
}

// Actions implements tea.ToolProvider.
func (a TextArea) Actions() []tea.Action { return fieldActions(a.Disabled, false, true, a.limit()) }

// Invoke implements tea.ToolProvider.
func (a TextArea) Invoke(action string, args map[string]any) (tea.Result, error) {
	return invokeField(a.WidgetKind(), a.ID, a.Value, true, false, a.limit(), fieldActionNames(a.Disabled, false, true), action, args)
}

// Offers implements tea.ActionOfferer.
func (a TextArea) Offers(action string) bool {
	return offersNamed(fieldActionNames(a.Disabled, false, true), action)
}

// limit is the CharLimit in effect.
func (a TextArea) limit() int { return charLimit(a.CharLimit, DefaultTextAreaCharLimit) }

// CheckInsert returns an error naming the field's limit when n more
// characters would take its value past CharLimit, and nil when they fit
// (see TextInput.CheckInsert).
func (a TextArea) CheckInsert(n int) error { return roomError(a.Value, n, a.limit()) }
