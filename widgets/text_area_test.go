package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
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
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "type_into", "clear")
		})
	}
	checkStatic(t, widgets.TextArea{ID: "zzid", Label: "ZZLABEL", Value: "ZZVALUE"}.Actions(),
		widgets.TextArea{ID: "n"}.Actions(), "zzid", "ZZLABEL", "ZZVALUE")
}

func TestTextAreaInvoke(t *testing.T) {
	runInvoke(t, widgets.TextArea{ID: "n", Value: "one\ntwo"}, []invokeCase{
		{name: "type_into replaces", action: "type_into", args: map[string]any{"text": "a\nb"}, write: widgets.TextChanged{ID: "n", Value: "a\nb"}},
		{name: "type_into appends", action: "type_into", args: map[string]any{"text": "\nthree", "append": true}, write: widgets.TextChanged{ID: "n", Value: "one\ntwo\nthree"}},
		{name: "clear empties", action: "clear", write: widgets.TextChanged{ID: "n", Value: ""}},
		{name: "get_value reads every line", action: "get_value", read: map[string]any{"value": "one\ntwo"}},
		{name: "type_into without text", action: "type_into", args: map[string]any{"append": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"text", "required"}},
		{name: "type_into with a list", action: "type_into", args: map[string]any{"text": []any{"a"}}, errIs: tea.ErrInvalidArgument, errHas: []string{"must be a string"}},
		{name: "get_value refuses arguments", action: "get_value", args: map[string]any{"line": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "scroll", errIs: tea.ErrUnknownAction, errHas: []string{"text_area"}},
	})
	runInvoke(t, widgets.TextArea{ID: "n", Value: "v", Disabled: true}, []invokeCase{
		{name: "disabled refuses clear", action: "clear", errIs: tea.ErrUnknownAction},
		{name: "disabled still reads", action: "get_value", read: map[string]any{"value": "v"}},
	})
}

func TestTextAreaKeys(t *testing.T) {
	a := widgets.TextArea{ID: "n", Value: "hi"}
	runKeys(t, a, []keyCase{
		{"a letter appends", tea.Char('!'), widgets.TextChanged{ID: "n", Value: "hi!"}},
		{"space appends", parseKey(t, "space"), widgets.TextChanged{ID: "n", Value: "hi "}},
		{"enter inserts a newline", parseKey(t, "enter"), widgets.TextChanged{ID: "n", Value: "hi\n"}},
		{"backspace removes", parseKey(t, "backspace"), widgets.TextChanged{ID: "n", Value: "h"}},
		{"ctrl+g is not typed", parseKey(t, "ctrl+g"), nil},
		{"esc is not used", parseKey(t, "esc"), nil},
	})
	runKeys(t, widgets.TextArea{ID: "n", Value: "a\n"}, []keyCase{
		{"backspace removes a newline", parseKey(t, "backspace"), widgets.TextChanged{ID: "n", Value: "a"}},
	})
	runKeys(t, widgets.TextArea{ID: "n", Disabled: true}, []keyCase{
		{"disabled ignores enter", parseKey(t, "enter"), nil},
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
		checkAllSizes(t, a)
	}
	a := widgets.TextArea{ID: "n", Label: "Notes", Value: "text"}
	dis := a
	dis.Disabled = true
	ctx := tea.RenderContext{Width: 30}
	checkDistinct(t, map[string]string{
		"unfocused": a.Render(ctx),
		"focused":   a.Render(tea.RenderContext{Width: 30, Focused: true}),
		"disabled":  dis.Render(ctx),
	})
}

func TestTextAreaDescribe(t *testing.T) {
	got := widgets.TextArea{ID: "n", Label: "Notes", Value: "a\nb"}.Describe()
	want := tea.Description{Label: "Notes", Role: "textbox", State: map[string]any{"value": "a\nb", "disabled": false, "multiline": true},
		Value: "a\nb", States: tea.States{Multiline: true}, Caret: 3, Lines: widgets.DefaultTextAreaHeight}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}

func TestTextAreaEditsAndMovesAtTheCursor(t *testing.T) {
	// "abc\nde\nfghij": lines start at runes 0, 4 and 7; 12 runes in all.
	const v = "abc\nde\nfghij"
	at := func(fromEnd int) widgets.TextArea { return widgets.TextArea{ID: "n", Value: v, CursorFromEnd: fromEnd} }
	moved := func(fromEnd int) tea.Msg { return widgets.TextCursorMoved{ID: "n", CursorFromEnd: fromEnd} }
	changed := func(s string, fromEnd int) tea.Msg {
		return widgets.TextChanged{ID: "n", Value: s, CursorFromEnd: fromEnd}
	}
	tests := []struct {
		name  string
		area  widgets.TextArea
		cases []keyCase
	}{
		{"at the end of the last line", at(0), []keyCase{
			{"up goes to the end of a shorter line", parseKey(t, "up"), moved(6)},
			{"down stays on the last line", parseKey(t, "down"), nil},
			{"home goes to the line's start", parseKey(t, "home"), moved(5)},
			{"end is already there", parseKey(t, "end"), nil},
		}},
		{"in the middle of the first line", at(10), []keyCase{
			{"down keeps the column", parseKey(t, "down"), moved(6)},
			{"up stays on the first line", parseKey(t, "up"), nil},
			{"end goes to the line's end", parseKey(t, "end"), moved(9)},
		}},
		{"after d on the second line", at(7), []keyCase{
			{"down keeps the column", parseKey(t, "down"), moved(4)},
			{"up keeps the column", parseKey(t, "up"), moved(11)},
			{"enter splits the line at the cursor", parseKey(t, "enter"), changed("abc\nd\ne\nfghij", 7)},
			{"typing inserts at the cursor", tea.Char('x'), changed("abc\ndxe\nfghij", 7)},
			{"backspace removes the rune before", parseKey(t, "backspace"), changed("abc\ne\nfghij", 7)},
			{"delete removes the rune under", parseKey(t, "delete"), changed("abc\nd\nfghij", 6)},
			{"left and right move one rune", parseKey(t, "left"), moved(8)},
		}},
		{"at the start of the second line", at(8), []keyCase{
			{"backspace joins the lines", parseKey(t, "backspace"), changed("abcde\nfghij", 8)},
			{"left goes to the end of the first line", parseKey(t, "left"), moved(9)},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runKeys(t, tc.area, tc.cases) })
	}
}

func TestTextAreaDrawsTheCursorAndKeepsItsLineInView(t *testing.T) {
	rev := lipgloss.NewStyle().Reverse(true).Render("b")
	a := widgets.TextArea{ID: "n", Value: "line0\nab\nline2\nline3\nline4", Height: 2, CursorFromEnd: 19}
	out := a.Render(tea.RenderContext{Width: 12, Focused: true})
	lines := strings.Split(ansi.Strip(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "│ ab") || !strings.HasPrefix(lines[1], "│ line2") {
		t.Fatalf("Render = %q, want the cursor's line (ab) and the next", lines)
	}
	if !strings.Contains(out, rev) {
		t.Errorf("Render = %q, want the cursor reversed over b", out)
	}
	end := widgets.TextArea{ID: "n", Value: "line0\nab\nline2\nline3\nline4", Height: 2}
	if got := ansi.Strip(end.Render(tea.RenderContext{Width: 12, Focused: true})); !strings.Contains(got, "line4") || strings.Contains(got, "ab") {
		t.Errorf("with the cursor at the end, Render = %q, want the last lines", got)
	}
}
