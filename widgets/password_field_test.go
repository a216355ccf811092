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
			if !reflect.DeepEqual(inNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", inNames(got), tc.want)
			}
			inCheckAnnotations(t, got, "type_into", "clear", "submit")
		})
	}
	inCheckStatic(t, widgets.PasswordField{ID: "zzid", Label: "ZZLABEL", Value: "ZZVALUE"}.Actions(),
		widgets.PasswordField{ID: "x"}.Actions(), "zzid", "ZZLABEL", "ZZVALUE")
}

func TestPasswordFieldInvoke(t *testing.T) {
	inRunInvoke(t, widgets.PasswordField{ID: "pw", Value: "abc"}, []inInvokeCase{
		{name: "type_into replaces", action: "type_into", args: map[string]any{"text": "xyz"}, msg: widgets.TextChanged{ID: "pw", Value: "xyz"}},
		{name: "type_into appends", action: "type_into", args: map[string]any{"text": "d", "append": true}, msg: widgets.TextChanged{ID: "pw", Value: "abcd"}},
		{name: "clear empties", action: "clear", msg: widgets.TextChanged{ID: "pw", Value: ""}},
		{name: "get_value is not offered", action: "get_value", wantErr: tea.ErrUnknownAction, errHas: []string{"password_field", "type_into, clear"}},
		{name: "type_into without text", action: "type_into", wantErr: tea.ErrInvalidArgument, errHas: []string{"text", "required"}},
		{name: "type_into with a bool text", action: "type_into", args: map[string]any{"text": true}, wantErr: tea.ErrInvalidArgument, errHas: []string{"must be a string"}},
		{name: "type_into with a number append", action: "type_into", args: map[string]any{"text": "a", "append": 1.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"true or false"}},
		{name: "clear refuses arguments", action: "clear", args: map[string]any{"all": true}, wantErr: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
	})
	inRunInvoke(t, widgets.PasswordField{ID: "pw", Disabled: true}, []inInvokeCase{
		{name: "disabled refuses type_into", action: "type_into", args: map[string]any{"text": "x"}, wantErr: tea.ErrUnknownAction},
	})
}

func TestPasswordFieldKeys(t *testing.T) {
	p := widgets.PasswordField{ID: "pw", Value: "ab"}
	inRunKeys(t, p, []inKeyCase{
		{"a letter appends", tea.Char('c'), widgets.TextChanged{ID: "pw", Value: "abc"}},
		{"backspace removes", inKey(t, "backspace"), widgets.TextChanged{ID: "pw", Value: "a"}},
		{"ctrl+u clears", inKey(t, "ctrl+u"), widgets.TextChanged{ID: "pw", Value: ""}},
		{"enter submits", inKey(t, "enter"), widgets.Submitted{ID: "pw", Value: "ab"}},
		{"down is not used", inKey(t, "down"), nil},
	})
	inRunKeys(t, widgets.PasswordField{ID: "pw", Disabled: true}, []inKeyCase{
		{"disabled ignores letters", tea.Char('c'), nil},
	})
}

func TestPasswordFieldAlwaysDrawsBullets(t *testing.T) {
	secret := "correct horse"
	p := widgets.PasswordField{ID: "pw", Label: "Password", Value: secret}
	inCheckAllSizes(t, p)
	for _, width := range inWidths {
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
	inCheckDistinct(t, map[string]string{
		"unfocused": p.Render(ctx),
		"focused":   p.Render(tea.RenderContext{Width: 40, Focused: true}),
		"disabled":  dis.Render(ctx),
	})
}

func TestPasswordFieldDescribesLengthOnly(t *testing.T) {
	p := widgets.PasswordField{ID: "pw", Label: "Password", Value: "s3cr3t"}
	raw, _ := json.Marshal(p.Describe())
	if strings.Contains(string(raw), "s3cr3t") {
		t.Errorf("Describe leaks the value: %s", raw)
	}
	want := tea.Description{Label: "Password", Role: "textbox", State: map[string]any{"masked": true, "length": 6, "disabled": false}}
	if !reflect.DeepEqual(p.Describe(), want) {
		t.Errorf("Describe = %#v, want %#v", p.Describe(), want)
	}
	if !tea.IsMasked(p) {
		t.Error("a PasswordField must be masked")
	}
}
