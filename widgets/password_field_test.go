package widgets_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestPasswordFieldActionsNeverRead(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    widgets.PasswordField
		want []string
	}{
		{"enabled writes only", widgets.PasswordField{ID: "pw"}, []string{"type_into", "clear", "submit"}},
		{"disabled offers nothing", widgets.PasswordField{ID: "pw", Disabled: true}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.p.Actions()
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "type_into", "clear", "submit")
		})
	}
	checkStatic(t, widgets.PasswordField{ID: "zzid", Label: "ZZLABEL", Value: "ZZVALUE"}.Actions(),
		widgets.PasswordField{ID: "x"}.Actions(), "zzid", "ZZLABEL", "ZZVALUE")
}

func TestPasswordFieldInvoke(t *testing.T) {
	runInvoke(t, widgets.PasswordField{ID: "pw", Value: "abc"}, []invokeCase{
		{name: "type_into replaces", action: "type_into", args: map[string]any{"text": "xyz"}, write: widgets.TextChanged{ID: "pw", Value: "xyz"}},
		{name: "type_into takes no append", action: "type_into", args: map[string]any{"text": "d", "append": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"append", "masked"}},
		{name: "clear empties", action: "clear", write: widgets.TextChanged{ID: "pw", Value: ""}},
		{name: "get_value is not offered", action: "get_value", errIs: tea.ErrUnknownAction, errHas: []string{"password_field", "type_into, clear"}},
		{name: "type_into without text", action: "type_into", errIs: tea.ErrInvalidArgument, errHas: []string{"text", "required"}},
		{name: "type_into with a bool text", action: "type_into", args: map[string]any{"text": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"must be a string"}},
		{name: "type_into with a number append", action: "type_into", args: map[string]any{"text": "a", "append": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"true or false"}},
		{name: "clear refuses arguments", action: "clear", args: map[string]any{"all": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
	})
	runInvoke(t, widgets.PasswordField{ID: "pw", Disabled: true}, []invokeCase{
		{name: "disabled refuses type_into", action: "type_into", args: map[string]any{"text": "x"}, errIs: tea.ErrUnknownAction},
	})
}

func TestPasswordFieldKeys(t *testing.T) {
	p := widgets.PasswordField{ID: "pw", Value: "ab"}
	runKeys(t, p, []keyCase{
		{"a letter appends", tea.Char('c'), widgets.TextChanged{ID: "pw", Value: "abc"}},
		{"backspace removes", parseKey(t, "backspace"), widgets.TextChanged{ID: "pw", Value: "a"}},
		{"ctrl+u clears", parseKey(t, "ctrl+u"), widgets.TextChanged{ID: "pw", Value: ""}},
		{"enter submits", parseKey(t, "enter"), widgets.TextSubmitted{ID: "pw", Value: "ab"}},
		{"down is not used", parseKey(t, "down"), nil},
	})
	runKeys(t, widgets.PasswordField{ID: "pw", Disabled: true}, []keyCase{
		{"disabled ignores letters", tea.Char('c'), nil},
	})
}

func TestPasswordFieldAlwaysDrawsBullets(t *testing.T) {
	secret := "correct horse"
	p := widgets.PasswordField{ID: "pw", Label: "Password", Value: secret}
	checkAllSizes(t, p)
	for _, width := range widths {
		for _, focused := range []bool{false, true} {
			out := ansi.Strip(p.Render(tea.RenderContext{Width: width, Focused: focused}))
			if strings.Contains(out, "horse") || strings.Contains(out, "correct") || strings.Contains(out, "co") {
				t.Fatalf("width %d: render shows the password: %q", width, out)
			}
		}
	}
	out := ansi.Strip(p.Render(tea.RenderContext{Width: 80}))
	if got := strings.Count(out, "•"); got != len(secret) {
		t.Errorf("render draws %d bullets, want %d: %q", got, len(secret), out)
	}
	ctx := tea.RenderContext{Width: 40}
	dis := p
	dis.Disabled = true
	checkDistinct(t, map[string]string{
		"unfocused": p.Render(ctx),
		"focused":   p.Render(tea.RenderContext{Width: 40, Focused: true}),
		"disabled":  dis.Render(ctx),
	})
}

func TestPasswordFieldDescribesNothingOfItsValue(t *testing.T) {
	p := widgets.PasswordField{ID: "pw", Label: "Password", Value: "s3cr3t"}
	raw, _ := json.Marshal(p.Describe())
	if strings.Contains(string(raw), "s3cr3t") {
		t.Errorf("Describe leaks the value: %s", raw)
	}
	// Its length and caret are only for the person's own renderer (which
	// draws that many bullets): never encoded, and Redacted says nothing.
	want := tea.Description{Label: "Password", Role: "textbox", State: map[string]any{"masked": true, "disabled": false},
		States: tea.States{Masked: true}, Length: 6, Caret: 6}
	if !reflect.DeepEqual(p.Describe(), want) {
		t.Errorf("Describe = %#v, want %#v", p.Describe(), want)
	}
	if !tea.IsMasked(p) {
		t.Error("a PasswordField must be masked")
	}
	if d := p.Redacted().(tea.Describer).Describe(); d.Length != 0 || d.Caret != 0 || d.Value != "" {
		t.Errorf("the redacted field describes %#v, want no value, length or caret", d)
	}
}

// A PasswordField is the TextInput type, always masked: it has every field
// a TextInput has, and so the options a TextInput gets (a placeholder, a
// mask of one's own) without a copy of their code.
func TestPasswordFieldIsAMaskedTextInput(t *testing.T) {
	if !reflect.TypeFor[widgets.PasswordField]().ConvertibleTo(reflect.TypeFor[widgets.TextInput]()) {
		t.Fatal("PasswordField does not share TextInput's fields")
	}
	ctx := tea.RenderContext{Width: 30}
	for _, tc := range []struct {
		name string
		p    widgets.PasswordField
		want string
	}{
		{"the default mask", widgets.PasswordField{Label: "PIN", Value: "1234"}, "PIN: [••••"},
		{"a mask of its own", widgets.PasswordField{Label: "PIN", Value: "1234", Mask: '*'}, "PIN: [****"},
		{"a placeholder while empty", widgets.PasswordField{Label: "PIN", Placeholder: "4 digits"}, "PIN: [‹4 digits›"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.p.Render(ctx)); !strings.HasPrefix(got, tc.want) {
				t.Errorf("Render = %q, want it to start %q", got, tc.want)
			}
			if strings.Contains(ansi.Strip(tc.p.Render(ctx)), "1234") {
				t.Error("the value shows")
			}
		})
	}
}
