package widgets

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

// This file holds what the text fields (TextInput, PasswordField and
// TextArea) share: their keys' editing, their actions and description, and
// drawing a one-line field.

// fieldKey turns a key into a one-line field's message.
func fieldKey(keys TextInputKeyMap, id, value string, k tea.Key) tea.Msg {
	switch {
	case key.Matches(k, keys.Submit):
		return Submitted{ID: id, Value: value}
	case key.Matches(k, keys.DeleteBack):
		return TextChanged{ID: id, Value: dropLastRune(value)}
	case key.Matches(k, keys.Clear):
		return TextChanged{ID: id, Value: ""}
	}
	if s := k.Text(); s != "" {
		return TextChanged{ID: id, Value: value + s}
	}
	return nil
}

// dropLastRune removes the last character of s.
func dropLastRune(s string) string {
	_, n := utf8.DecodeLastRuneInString(s)
	return s[:len(s)-n]
}

// fieldActions lists a text field's actions: writes unless disabled, and
// get_value when the value may be read.
func fieldActions(disabled, readable bool) []tea.Action {
	var out []tea.Action
	if !disabled {
		out = append(out,
			write("type_into", "Type text into the field. By default the text replaces the current value; set append to add it at the end.",
				object(map[string]any{
					"text":   str("The text to type."),
					"append": boolean("Add the text at the end of the current value instead of replacing it (default false)."),
				}, "text")),
			write("clear", "Clear the field's value.", object(nil)),
		)
	}
	if readable {
		out = append(out, read("get_value", "Read the field's current value.", object(nil)))
	}
	return out
}

// invokeField performs a text field's action among those offered.
func invokeField(kind, id, value string, offered []tea.Action, action string, args map[string]any) (tea.Result, error) {
	if !actionOffered(offered, action) {
		return tea.Result{}, tea.UnknownActionError(kind, action, offered)
	}
	switch action {
	case "type_into":
		if err := onlyArgs(action, args, "text", "append"); err != nil {
			return tea.Result{}, err
		}
		text, err := argString(action, args, "text", true)
		if err != nil {
			return tea.Result{}, err
		}
		appendText, err := argBool(action, args, "append", false)
		if err != nil {
			return tea.Result{}, err
		}
		if appendText {
			text = value + text
		}
		return tea.Write(TextChanged{ID: id, Value: text}), nil
	case "clear":
		if err := noArgs(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Write(TextChanged{ID: id, Value: ""}), nil
	default: // get_value
		if err := noArgs(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Read(map[string]any{"value": value}), nil
	}
}

// describeField describes a text field; a masked one gives its length only.
func describeField(label, value string, masked, disabled bool) tea.Description {
	state := map[string]any{"disabled": disabled}
	if masked {
		state["masked"] = true
		state["length"] = utf8.RuneCountInString(value)
	} else {
		state["value"] = value
	}
	return tea.Description{Label: label, Role: "textbox", State: state}
}

// fieldMinWidth is the narrowest a field that fills the line gets before its
// label is cut instead.
const fieldMinWidth = 8

// renderField draws a one-line field: "Label: [content]".
func renderField(t *Theme, ctx tea.RenderContext, label, value, placeholder string, mask rune, width int, disabled bool) string {
	if ctx.Width <= 0 {
		return ""
	}
	frame, labelStyle := t.Border, t.Normal
	switch {
	case disabled:
		frame, labelStyle = t.Disabled, t.Disabled
	case ctx.Focused:
		frame, labelStyle = t.BorderFocus, t.Accent
	}
	prefix := ""
	if label = oneLine(label); label != "" {
		prefix = label + ": "
	}
	inner := width
	if inner <= 0 {
		inner = max(ctx.Width-Width(prefix)-2, min(fieldMinWidth, ctx.Width-2))
	}
	inner = max(min(inner, ctx.Width-2), 1)
	prefix = Fit(prefix, ctx.Width-inner-2)

	shown := oneLine(value)
	if mask != 0 {
		shown = strings.Repeat(string(mask), utf8.RuneCountInString(value))
	}
	content := fieldContent(t, shown, oneLine(placeholder), inner, ctx.Focused && !disabled, disabled)
	line := labelStyle.Render(prefix) + frame.Render("[") + content + frame.Render("]")
	return Fit(line, ctx.Width)
}

// fieldContent draws exactly width cells of a field: the text (its tail and
// a cursor when focused, its head otherwise) or the muted placeholder.
func fieldContent(t *Theme, shown, placeholder string, width int, focused, disabled bool) string {
	text := t.Normal
	if disabled {
		text = t.Disabled
	}
	cursor := lipgloss.NewStyle().Reverse(true)
	if shown == "" && placeholder != "" {
		if !focused {
			return t.Muted.Render(Pad(placeholder, width))
		}
		first, size := utf8.DecodeRuneInString(placeholder)
		c := string(first)
		if Width(c) > width {
			c = " "
		}
		return cursor.Render(c) + t.Muted.Render(Pad(placeholder[size:], width-Width(c)))
	}
	if !focused {
		return text.Render(Pad(shown, width))
	}
	if width == 1 {
		return cursor.Render(" ")
	}
	tail := fitTail(shown, width-1)
	return text.Render(tail) + cursor.Render(" ") + strings.Repeat(" ", width-1-Width(tail))
}

// fitTail keeps the end of s within width cells, starting with an ellipsis
// when the front was cut: what a field shows while the user types at its end.
func fitTail(s string, width int) string {
	if width <= 0 {
		return ""
	}
	w := Width(s)
	if w <= width {
		return s
	}
	if width == 1 {
		return Ellipsis
	}
	out := ansi.TruncateLeft(s, w-(width-1), Ellipsis)
	for Width(out) > width {
		_, n := utf8.DecodeRuneInString(strings.TrimPrefix(out, Ellipsis))
		out = Ellipsis + strings.TrimPrefix(out, Ellipsis)[n:]
	}
	return out
}
