package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestTextAreaActions(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    widgets.TextArea
		want []string
	}{
		{"enabled", widgets.TextArea{ID: "n"}, []string{"type_into", "clear", "get_value"}},
		{"disabled reads only", widgets.TextArea{ID: "n", Disabled: true}, []string{"get_value"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.a.Actions()
			if !reflect.DeepEqual(inNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", inNames(got), tc.want)
			}
			inCheckAnnotations(t, got, "type_into", "clear")
		})
	}
	inCheckStatic(t, widgets.TextArea{ID: "zzid", Label: "ZZLABEL", Value: "ZZVALUE"}.Actions(),
		widgets.TextArea{ID: "n"}.Actions(), "zzid", "ZZLABEL", "ZZVALUE")
}

func TestTextAreaInvoke(t *testing.T) {
	inRunInvoke(t, widgets.TextArea{ID: "n", Value: "one\ntwo"}, []inInvokeCase{
		{name: "type_into replaces", action: "type_into", args: map[string]any{"text": "a\nb"}, msg: widgets.TextChanged{ID: "n", Value: "a\nb"}},
		{name: "type_into appends", action: "type_into", args: map[string]any{"text": "\nthree", "append": true}, msg: widgets.TextChanged{ID: "n", Value: "one\ntwo\nthree"}},
		{name: "clear empties", action: "clear", msg: widgets.TextChanged{ID: "n", Value: ""}},
		{name: "get_value reads every line", action: "get_value", value: map[string]any{"value": "one\ntwo"}},
		{name: "type_into without text", action: "type_into", args: map[string]any{"append": true}, wantErr: tea.ErrInvalidArgument, errHas: []string{"text", "required"}},
		{name: "type_into with a list", action: "type_into", args: map[string]any{"text": []any{"a"}}, wantErr: tea.ErrInvalidArgument, errHas: []string{"must be a string"}},
		{name: "get_value refuses arguments", action: "get_value", args: map[string]any{"line": 1.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "scroll", wantErr: tea.ErrUnknownAction, errHas: []string{"text_area"}},
	})
	inRunInvoke(t, widgets.TextArea{ID: "n", Value: "v", Disabled: true}, []inInvokeCase{
		{name: "disabled refuses clear", action: "clear", wantErr: tea.ErrUnknownAction},
		{name: "disabled still reads", action: "get_value", value: map[string]any{"value": "v"}},
	})
}

func TestTextAreaKeys(t *testing.T) {
	a := widgets.TextArea{ID: "n", Value: "hi"}
	inRunKeys(t, a, []inKeyCase{
		{"a letter appends", tea.Char('!'), widgets.TextChanged{ID: "n", Value: "hi!"}},
		{"space appends", inKey(t, "space"), widgets.TextChanged{ID: "n", Value: "hi "}},
		{"enter inserts a newline", inKey(t, "enter"), widgets.TextChanged{ID: "n", Value: "hi\n"}},
		{"backspace removes", inKey(t, "backspace"), widgets.TextChanged{ID: "n", Value: "h"}},
		{"ctrl+b is not typed", inKey(t, "ctrl+b"), nil},
		{"esc is not used", inKey(t, "esc"), nil},
	})
	inRunKeys(t, widgets.TextArea{ID: "n", Value: "a\n"}, []inKeyCase{
		{"backspace removes a newline", inKey(t, "backspace"), widgets.TextChanged{ID: "n", Value: "a"}},
	})
	inRunKeys(t, widgets.TextArea{ID: "n", Disabled: true}, []inKeyCase{
		{"disabled ignores enter", inKey(t, "enter"), nil},
	})
}

func TestTextAreaRenderShowsTheLastLines(t *testing.T) {
	a := widgets.TextArea{ID: "n", Label: "Notes", Value: "1st\n2nd\n3rd\n4th", Height: 2}
	out := ansi.Strip(a.Render(tea.RenderContext{Width: 20}))
	lines := strings.Split(out, "\n")
	if len(lines) != 3 || lines[0] != "Notes" || !strings.Contains(lines[1], "3rd") || !strings.Contains(lines[2], "4th") {
		t.Errorf("render = %q, want the label then the last two lines", out)
	}
	if !strings.Contains(a.Render(tea.RenderContext{Width: 20, Focused: true}), "\x1b[7m") {
		t.Error("focused text area shows no cursor")
	}
	if got := strings.Count(ansi.Strip(widgets.TextArea{ID: "n"}.Render(tea.RenderContext{Width: 20})), "\n") + 1; got != widgets.DefaultTextAreaHeight {
		t.Errorf("an empty text area draws %d lines, want %d", got, widgets.DefaultTextAreaHeight)
	}
}

func TestTextAreaRenderFitsEveryWidth(t *testing.T) {
	for _, a := range []widgets.TextArea{
		{ID: "n", Label: "A long label for the notes field", Value: "short\na line far too long to fit in any narrow terminal at all\n\ttabbed"},
		{ID: "n", Value: "字字字字字字字字字字字字字字字字字字字字字字字\n字", Height: 1},
		{ID: "n", Label: "W", Value: "x", Width: 300, Height: 12},
		{ID: "n", Label: "D", Value: "x\ny", Disabled: true},
	} {
		inCheckAllSizes(t, a)
	}
	a := widgets.TextArea{ID: "n", Label: "Notes", Value: "text"}
	dis := a
	dis.Disabled = true
	ctx := tea.RenderContext{Width: 30}
	inCheckDistinct(t, map[string]string{
		"unfocused": a.Render(ctx),
		"focused":   a.Render(tea.RenderContext{Width: 30, Focused: true}),
		"disabled":  dis.Render(ctx),
	})
}

func TestTextAreaDescribe(t *testing.T) {
	got := widgets.TextArea{ID: "n", Label: "Notes", Value: "a\nb"}.Describe()
	want := tea.Description{Label: "Notes", Role: "textbox", State: map[string]any{"value": "a\nb", "disabled": false, "multiline": true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}
