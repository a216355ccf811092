package widgets

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

// This file holds what the text fields (TextInput, PasswordField and
// TextArea) share: their keys' editing, their actions and description, and
// drawing a one-line field.

// fieldKey turns a key into a one-line field's message: an edit at the
// cursor (TextChanged), a move of the cursor (TextCursorMoved) or TextSubmitted. A
// character that would take the value past limit runes types nothing; a
// masked field's word keys act on the whole value.
func fieldKey(keys TextInputKeyMap, id, value string, fromEnd, limit int, masked bool, k tea.Key) tea.Msg {
	e := newEditText(value, fromEnd)
	if key.Matches(k, keys.Submit) {
		return TextSubmitted{ID: id, Value: value}
	}
	if msg, ok := editKey(keys.EditKeyMap, id, e, false, masked, k); ok {
		return msg
	}
	if s := k.Text(); s != "" && e.fits(s, limit) {
		return e.changed(id, 0, 0, s)
	}
	return nil
}

// fieldKind indexes what depends on a text field's state: whether it is
// disabled, masked and multiline, as three bits.
func fieldKind(disabled, masked, multiline bool) int {
	k := 0
	if disabled {
		k |= 4
	}
	if masked {
		k |= 2
	}
	if multiline {
		k |= 1
	}
	return k
}

// fieldNames are the names of a text field's actions by fieldKind, in the
// order fieldActions lists them: type_into, clear and (unless multiline)
// submit unless disabled, and get_value unless masked. Built once, never
// changed.
var fieldNames = func() (t [8][]string) {
	for k := range t {
		disabled, masked, multiline := k&4 != 0, k&2 != 0, k&1 != 0
		if !disabled {
			t[k] = append(t[k], "type_into", "clear")
			if !multiline {
				t[k] = append(t[k], "submit")
			}
		}
		if !masked {
			t[k] = append(t[k], "get_value")
		}
	}
	return t
}()

// fieldActionNames names the actions fieldActions lists for the same
// field, in the same order, without building their schemas.
func fieldActionNames(disabled, masked, multiline bool) []string {
	return fieldNames[fieldKind(disabled, masked, multiline)]
}

// offersNamed reports whether names holds action.
func offersNamed(names []string, action string) bool {
	for _, n := range names {
		if n == action {
			return true
		}
	}
	return false
}

// unknownFieldAction is tea.UnknownActionError for a field offering names.
func unknownFieldAction(kind, action string, names []string) error {
	offered := make([]tea.Action, len(names))
	for i, n := range names {
		offered[i].Name = n
	}
	return tea.UnknownActionError(kind, action, offered)
}

// fieldActions lists a text field's actions (see fieldNames). multiline
// is true for a TextArea, whose type_into takes line breaks; limit is the
// field's CharLimit in effect, the text's maxLength. A masked field's
// type_into only replaces the value: whether appended text fits would tell
// its length.
func fieldActions(disabled, masked, multiline bool, limit int) []tea.Action {
	if disabled || limit == defaultFieldLimit(multiline) {
		// A field at its default limit, the most common, or disabled (its
		// actions have no limit), shares its actions: a new slice, so a
		// caller may still append to it.
		return slices.Clone(defaultFieldActions()[fieldKind(disabled, masked, multiline)])
	}
	return buildFieldActions(disabled, masked, multiline, limit)
}

// defaultFieldLimit is the CharLimit a field has when it sets none.
func defaultFieldLimit(multiline bool) int {
	if multiline {
		return DefaultTextAreaCharLimit
	}
	return DefaultCharLimit
}

// defaultFieldActions are the actions of the fields at their default
// limits, by fieldKind: built once, never changed.
var defaultFieldActions = sync.OnceValue(func() (out [8][]tea.Action) {
	for k := range out {
		disabled, masked, multiline := k&4 != 0, k&2 != 0, k&1 != 0
		out[k] = buildFieldActions(disabled, masked, multiline, defaultFieldLimit(multiline))
	}
	return out
})

// buildFieldActions is fieldActions built anew, one action per name of
// fieldActionNames.
func buildFieldActions(disabled, masked, multiline bool, limit int) []tea.Action {
	var out []tea.Action
	for _, name := range fieldActionNames(disabled, masked, multiline) {
		switch name {
		case "type_into":
			out = append(out, typeIntoAction(masked, multiline, limit))
		case "clear":
			out = append(out, write("clear", "Empty the field.", noArgsSpec.schema()))
		case "submit":
			out = append(out, write("submit", "Submit, as Enter does.", noArgsSpec.schema()))
		case "get_value":
			out = append(out, readAs(read("get_value", "Read the value.", noArgsSpec.schema()), outValue))
		}
	}
	return out
}

// typeIntoAction is a field's type_into, its text's description and
// maxLength saying limit.
func typeIntoAction(masked, multiline bool, limit int) tea.Action {
	text := "One line,"
	if multiline {
		text = "The text to type; \"\\n\" starts a new line (\"\\r\\n\" and \"\\r\" count as one) and tabs are kept; other control characters, line or paragraph separators (U+2028, U+2029) and bidirectional controls (U+202A-U+202E, U+2066-U+2069) are refused;"
	}
	text += fmt.Sprintf(" at most %d characters.", limit)
	schema := typeIntoArgsSpec.fresh() // changed below
	textSchema := schemaProperty(schema, "text")
	textSchema["description"], textSchema["maxLength"] = text, limit
	if masked {
		// It still binds typeIntoArgs: append false is accepted.
		delete(schema["properties"].(map[string]any), "append")
		return write("type_into", "Type text into the field, replacing its value.", schema)
	}
	return write("type_into", "Type into the field (replacing the value unless append).", schema)
}

// typeIntoArgs are the arguments of a text field's type_into. Text's
// description and maxLength depend on the field (see fieldActions).
type typeIntoArgs struct {
	Text   string `json:"text"`
	Append bool   `json:"append,omitempty" jsonschema:"Add to the value."`
}

// typeIntoArgsSpec reads typeIntoArgs once.
var typeIntoArgsSpec = newArgSpec[typeIntoArgs]()

// invokeField performs a text field's action among those offered; a
// one-line field (multiline false) refuses text with control characters,
// every field refuses text that would make its value longer than limit
// runes, and a masked one takes no append (it accepts append: false).
func invokeField(kind, id, value string, multiline, masked bool, limit int, offered []string, action string, args map[string]any) (tea.Result, error) {
	if !offersNamed(offered, action) {
		return tea.Result{}, unknownFieldAction(kind, action, offered)
	}
	switch action {
	case "type_into":
		in, err := typeIntoArgsSpec.bind(action, args)
		if err != nil {
			return tea.Result{}, err
		}
		text, err := typedText(action, in.Text, multiline)
		if err != nil {
			return tea.Result{}, err
		}
		appendText := in.Append
		if masked && appendText {
			return tea.Result{}, argErr(action, "append", "must be false for a masked field: whether appended text fits would tell the value's length; type the whole value")
		}
		if err := checkCharLimit(action, value, text, appendText, limit); err != nil {
			return tea.Result{}, err
		}
		if appendText {
			text = value + text
		}
		return tea.Write(TextChanged{ID: id, Value: text}), nil
	case "clear":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Write(TextChanged{ID: id, Value: ""}), nil
	case "submit":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Write(TextSubmitted{ID: id, Value: value}), nil
	default: // get_value
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Read(map[string]any{"value": value}), nil
	}
}

// DefaultCharLimit is how many characters (runes) a one-line field
// (TextInput, PasswordField) takes when its CharLimit is 0 or less.
const DefaultCharLimit = 4096

// DefaultTextAreaCharLimit is how many characters (runes) a TextArea takes
// when its CharLimit is 0 or less.
const DefaultTextAreaCharLimit = 65536

// charLimit is the limit a field's CharLimit sets: itself when positive,
// def otherwise. There is no unlimited field: one that needs more sets a
// larger limit.
func charLimit(limit, def int) int {
	if limit > 0 {
		return limit
	}
	return def
}

// checkCharLimit refuses type_into text that would make the value longer
// than limit runes, replacing it or appended to it, naming the limit. It
// never cuts the text: an agent learns what did not fit.
func checkCharLimit(action, value, text string, appendText bool, limit int) error {
	typed := utf8.RuneCountInString(text)
	if !appendText {
		if typed > limit {
			return argErr(action, "text", "is %d characters, over the field's limit of %d (its CharLimit); type at most %d", typed, limit, limit)
		}
		return nil
	}
	have := utf8.RuneCountInString(value)
	if have+typed > limit {
		return argErr(action, "text", "is %d characters, and appended to the %d already there it would make %d, over the field's limit of %d (its CharLimit); append at most %d", typed, have, have+typed, limit, max(limit-have, 0))
	}
	return nil
}

// roomError says why n more characters do not fit a field holding value
// under limit, or is nil when they fit; the fields' CheckInsert.
func roomError(value string, n, limit int) error {
	have := utf8.RuneCountInString(value)
	if have+n <= limit {
		return nil
	}
	return fmt.Errorf("%d characters added to the %d already there would make %d, over the field's limit of %d (its CharLimit)", n, have, have+n, limit)
}

// singleLineRule is what a one-line field says when it is given a line
// break or a tab.
const singleLineRule = "a single-line field takes no newlines or tabs; use a text_area for multi-line text"

// textAreaBreaks is added to the rule a text area states when it refuses a
// character, so that an agent knows the line breaks and tabs it sent were
// not the trouble.
const textAreaBreaks = " (a text area takes newlines and tabs, no other control character)"

// typedText checks text for type_into. A one-line field refuses a newline,
// a carriage return or a tab by singleLineRule; a text area takes
// newlines, turning "\r\n" and a lone "\r" into "\n" as a paste does, and
// keeps tabs (it draws them as four spaces). Both refuse every other
// character tea.Untypable refuses (a control character: C0, DEL or C1; a
// line or paragraph separator; a bidirectional embedding, override or
// isolate), naming its code point, its place and the rule.
func typedText(action, text string, multiline bool) (string, error) {
	if multiline {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	for i, r := range []rune(text) {
		if r == '\n' || r == '\r' || r == '\t' {
			if multiline {
				continue
			}
			return "", argErr(action, "text", "%s; got %s at character %d", singleLineRule, controlName(r), i+1)
		}
		if why := tea.Untypable(r); why != "" {
			if multiline && unicode.IsControl(r) {
				why += textAreaBreaks
			}
			return "", argErr(action, "text", "got %s at character %d: %s", tea.CodePoint(r), i+1, why)
		}
	}
	return text, nil
}

// controlName names a line break or a tab for an error message.
func controlName(r rune) string {
	switch r {
	case '\n':
		return "a newline"
	case '\r':
		return "a carriage return"
	case '\t':
		return "a tab"
	}
	return tea.CodePoint(r)
}

// fieldLook is what a text field's description says of it.
type fieldLook struct {
	label, value, placeholder   string
	masked, multiline, disabled bool
	cursorFromEnd, width, lines int
}

// describeField describes a text field: a textbox with its value and
// cursor, which a click focuses. A masked one says that it is and how
// long its value is (for the person's own renderer), never the value.
func describeField(f fieldLook) tea.Description {
	state := map[string]any{"disabled": f.disabled}
	n := utf8.RuneCountInString(f.value)
	d := tea.Description{Label: f.label, Role: "textbox", State: state, Placeholder: f.placeholder,
		States: tea.States{Disabled: f.disabled, Masked: f.masked, Multiline: f.multiline},
		Caret:  n - min(max(f.cursorFromEnd, 0), n), Columns: max(f.width, 0), Lines: f.lines}
	if f.masked {
		state["masked"] = true
		d.Length = n
	} else {
		state["value"] = f.value
		d.Value = f.value
	}
	if f.multiline {
		state["multiline"] = true
	}
	return d
}

// fieldMinWidth is the narrowest a field that fills the line gets before its
// label is cut instead.
const fieldMinWidth = 8

// fieldLabel is what a one-line field draws before its bracket: "Label: ",
// padded to width cells when width is positive; "" without a label.
func fieldLabel(label string, width int) string {
	if label = OneLine(label); label == "" {
		return ""
	}
	label += ": "
	if width > Width(label) {
		label = Pad(label, width)
	}
	return label
}

// renderField draws a one-line field: "prefix[content]", prefix from
// fieldLabel, the cursor fromEnd runes before the end of the value.
func renderField(t *Theme, ctx tea.RenderContext, prefix, value, placeholder string, mask rune, width, fromEnd int, disabled bool) string {
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
	inner := width
	if inner <= 0 {
		inner = max(ctx.Width-Width(prefix)-2, min(fieldMinWidth, ctx.Width-2))
	}
	inner = max(min(inner, ctx.Width-2), 1)
	prefix = Fit(prefix, ctx.Width-inner-2)

	shown := fieldRunes(value)
	if mask != 0 {
		shown = strings.Repeat(string(mask), utf8.RuneCountInString(value))
	}
	hint := placeholderText(placeholder, inner)
	var content string
	if ctx.Focused && !disabled {
		content = cursorContent(t, newEditText(shown, fromEnd), hint, inner)
	} else {
		content = fieldContent(t, shown, hint, inner, disabled)
	}
	line := labelStyle.Render(prefix) + frame.Render("[") + content + frame.Render("]")
	return Fit(line, ctx.Width)
}

// placeholderOpen and placeholderClose stand around a drawn placeholder.
// Nobody types them, so a hint never reads as a value, even one such as
// "(555) 0100" or "2*(3+4)" that parentheses would not set apart.
const (
	placeholderOpen  = "‹"
	placeholderClose = "›"
)

// placeholderText is how a field draws its placeholder, within width cells:
// between ‹ and ›, "‹you@example.com›", so plain text shows it is a hint
// and not a value (the closing mark stays when the hint is cut). It is ""
// without a placeholder.
func placeholderText(placeholder string, width int) string {
	if placeholder = OneLine(placeholder); placeholder == "" || width <= 0 {
		return ""
	}
	if width < 3 {
		return Fit(placeholderOpen+placeholder, width)
	}
	return placeholderOpen + Fit(placeholder, width-2) + placeholderClose
}

// fieldContent draws exactly width cells of an unfocused field: the head of
// the text or the muted placeholder.
func fieldContent(t *Theme, shown, placeholder string, width int, disabled bool) string {
	if shown == "" && placeholder != "" {
		return t.Muted.Render(Pad(placeholder, width))
	}
	text := t.Normal
	if disabled {
		text = t.Disabled
	}
	return text.Render(Pad(shown, width))
}

// cursorRightShare is the part of a field kept for the text after the
// cursor when the text does not fit: the rest shows the text before it.
const cursorRightShare = 4

// cursorContent draws exactly width cells of a focused field or text area
// line: the text around the cursor, scrolled so the cursor is always in
// view (the text before it first, a quarter of the width for the text after
// it), the cursor drawn reversed over its character (or a space at the
// end). An empty value shows the placeholder behind the cursor.
func cursorContent(t *Theme, e editText, placeholder string, width int) string {
	cursor := lipgloss.NewStyle().Reverse(true)
	if len(e.runes) == 0 && placeholder != "" {
		first, size := utf8.DecodeRuneInString(placeholder)
		c := string(first)
		if Width(c) > width {
			c = " "
		}
		return cursor.Render(c) + t.Muted.Render(Pad(placeholder[size:], width-Width(c)))
	}
	under := " "
	if e.at < len(e.runes) {
		under = string(e.runes[e.at])
	}
	if Width(under) > width || Width(under) == 0 {
		under = " "
	}
	before, after := string(e.runes[:e.at]), ""
	if e.at < len(e.runes) {
		after = string(e.runes[e.at+1:])
	}
	room := width - Width(under)
	right := min(Width(after), room/cursorRightShare)
	if Width(before) <= room-right {
		right = room - Width(before)
	}
	left := fitTail(before, room-right)
	right = room - Width(left)
	tail := Fit(after, right)
	return t.Normal.Render(left) + cursor.Render(under) + t.Normal.Render(tail) + strings.Repeat(" ", max(right-Width(tail), 0))
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
