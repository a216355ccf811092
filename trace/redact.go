package trace

import (
	"reflect"

	"github.com/facetui/facet/tea"
)

// maskedKey is what a key typed into a masked widget is recorded as.
var maskedKey = tea.Char('*')

// redact returns msg with nothing of a masked widget's value, and the id
// of that widget ("" when msg needed nothing left out). A widget is masked
// as s's view has it when msg arrives: a key typed while a masked widget
// has focus is recorded as maskedKey, and a message whose string field ID
// names a masked widget (widgets.TextChanged, an app's own) has every other
// string field emptied.
func redact(msg tea.Msg, s tea.Snapshot) (tea.Msg, string) {
	switch m := msg.(type) {
	case tea.KeyInputMsg:
		if id, ok := maskedFocus(s); ok && printable(m.Key) {
			m.Key = maskedKey
			return m, id
		}
		return msg, ""
	case tea.KeyMsg:
		if id, ok := maskedFocus(s); ok && printable(m.Key) {
			m.Key = maskedKey
			return m, id
		}
		return msg, ""
	}
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Struct {
		return msg, ""
	}
	f := v.FieldByName("ID")
	if !f.IsValid() || f.Kind() != reflect.String {
		return msg, ""
	}
	id := f.String()
	w, ok := tea.FindWidget(s.View, id)
	if !ok || !tea.IsMasked(w) {
		return msg, ""
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	for i := range c.NumField() {
		sf := c.Type().Field(i)
		if sf.Name != "ID" && sf.IsExported() && c.Field(i).Kind() == reflect.String {
			c.Field(i).SetString("")
		}
	}
	return c.Interface(), id
}

// maskedFocus returns the focused widget's id when it is masked.
func maskedFocus(s tea.Snapshot) (string, bool) {
	if s.Focus == "" {
		return "", false
	}
	w, ok := tea.FindWidget(s.View, s.Focus)
	return s.Focus, ok && tea.IsMasked(w)
}

// printable reports whether k types a character.
func printable(k tea.Key) bool {
	return (k.Rune != 0 || k.Code == tea.KeySpace) && !k.Ctrl && !k.Alt
}

// redactCall returns c with its text arguments emptied: the call made a
// masked widget's value.
func redactCall(c Call) *Call {
	args := make(map[string]any, len(c.Args))
	for k, v := range c.Args {
		if _, text := v.(string); text {
			v = ""
		}
		args[k] = v
	}
	c.Args = args
	return &c
}
