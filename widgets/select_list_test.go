package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

var inFruit = []string{"apple", "banana", "cherry", "date", "elderberry"}

func TestSelectListActions(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    widgets.SelectList
		want []string
	}{
		{"enabled", widgets.SelectList{ID: "f", Options: inFruit}, []string{"select", "choose", "get_selected", "get_options"}},
		{"disabled reads only", widgets.SelectList{ID: "f", Options: inFruit, Disabled: true}, []string{"get_selected", "get_options"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.l.Actions()
			if !reflect.DeepEqual(inNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", inNames(got), tc.want)
			}
			inCheckAnnotations(t, got, "select", "choose")
		})
	}
	inCheckStatic(t, widgets.SelectList{ID: "zzid", Label: "ZZLABEL", Options: []string{"ZZOPTION"}}.Actions(),
		widgets.SelectList{ID: "f", Options: inFruit, Selected: 3}.Actions(), "zzid", "ZZLABEL", "ZZOPTION")
}

func TestSelectListInvoke(t *testing.T) {
	l := widgets.SelectList{ID: "f", Options: inFruit, Selected: 1}
	inRunInvoke(t, l, []inInvokeCase{
		{name: "select the first", action: "select", args: map[string]any{"index": 0.0}, msg: widgets.SelectionChanged{ID: "f", Index: 0, Label: "apple"}},
		{name: "select the last", action: "select", args: map[string]any{"index": 4.0}, msg: widgets.SelectionChanged{ID: "f", Index: 4, Label: "elderberry"}},
		{name: "get_selected", action: "get_selected", value: map[string]any{"index": 1, "label": "banana"}},
		{name: "get_options", action: "get_options", value: map[string]any{"options": inFruit}},
		{name: "index past the end", action: "select", args: map[string]any{"index": 7.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{`"index"`, "7 is out of range: valid 0 to 4"}},
		{name: "negative index", action: "select", args: map[string]any{"index": -1.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"valid 0 to 4"}},
		{name: "fractional index", action: "select", args: map[string]any{"index": 1.5}, wantErr: tea.ErrInvalidArgument, errHas: []string{"integer from 0 to 4"}},
		{name: "string index", action: "select", args: map[string]any{"index": "2"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"integer from 0 to 4"}},
		{name: "missing index", action: "select", args: map[string]any{}, wantErr: tea.ErrInvalidArgument, errHas: []string{"required", "0 to 4"}},
		{name: "unknown argument", action: "select", args: map[string]any{"index": 1.0, "label": "x"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"label", "takes: index"}},
		{name: "get_options refuses arguments", action: "get_options", args: map[string]any{"x": 1.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "choose the selected, as Enter", action: "choose", msg: widgets.Chosen{ID: "f", Index: 1, Label: "banana"}},
		{name: "choose at an index", action: "choose", args: map[string]any{"index": 2.0}, msg: widgets.Chosen{ID: "f", Index: 2, Label: inFruit[2]}},
		{name: "choose out of range", action: "choose", args: map[string]any{"index": 9.0}, wantErr: tea.ErrInvalidArgument},
		{name: "unknown action", action: "pick", wantErr: tea.ErrUnknownAction, errHas: []string{"select, choose, get_selected, get_options"}},
	})
	inRunInvoke(t, widgets.SelectList{ID: "f", Options: inFruit, Selected: -1}, []inInvokeCase{
		{name: "nothing selected", action: "get_selected", value: map[string]any{"index": -1, "label": ""}},
	})
	inRunInvoke(t, widgets.SelectList{ID: "f", Options: inFruit, Selected: 9}, []inInvokeCase{
		{name: "out-of-range selection reads as none", action: "get_selected", value: map[string]any{"index": -1, "label": ""}},
	})
	inRunInvoke(t, widgets.SelectList{ID: "f"}, []inInvokeCase{
		{name: "no options to select", action: "select", args: map[string]any{"index": 0.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"nothing to choose from"}},
		{name: "no options read as empty", action: "get_options", value: map[string]any{"options": []string{}}},
	})
	inRunInvoke(t, widgets.SelectList{ID: "f", Options: inFruit, Disabled: true}, []inInvokeCase{
		{name: "disabled refuses select", action: "select", args: map[string]any{"index": 0.0}, wantErr: tea.ErrUnknownAction},
	})
}

func TestSelectListKeys(t *testing.T) {
	long := make([]string, 30)
	for i := range long {
		long[i] = strings.Repeat("x", i+1)
	}
	l := widgets.SelectList{ID: "f", Options: inFruit, Selected: 2}
	sel := func(i int) widgets.SelectionChanged {
		return widgets.SelectionChanged{ID: "f", Index: i, Label: inFruit[i]}
	}
	inRunKeys(t, l, []inKeyCase{
		{"up moves up", inKey(t, "up"), sel(1)},
		{"down moves down", inKey(t, "down"), sel(3)},
		{"home goes first", inKey(t, "home"), sel(0)},
		{"end goes last", inKey(t, "end"), sel(4)},
		{"pgup stops at the first", inKey(t, "pgup"), sel(0)},
		{"pgdown stops at the last", inKey(t, "pgdown"), sel(4)},
		{"enter chooses", inKey(t, "enter"), widgets.Chosen{ID: "f", Index: 2, Label: "cherry"}},
		{"a letter does nothing", tea.Char('j'), nil},
		{"space does nothing", inKey(t, "space"), nil},
	})
	inRunKeys(t, widgets.SelectList{ID: "f", Options: inFruit, Selected: 0}, []inKeyCase{
		{"up at the top stays", inKey(t, "up"), sel(0)},
	})
	inRunKeys(t, widgets.SelectList{ID: "f", Options: inFruit, Selected: -1}, []inKeyCase{
		{"down from none selects the first", inKey(t, "down"), sel(0)},
		{"enter with none does nothing", inKey(t, "enter"), nil},
	})
	inRunKeys(t, widgets.SelectList{ID: "f", Options: long, Selected: 10, Height: 4}, []inKeyCase{
		{"pgdown moves a window", inKey(t, "pgdown"), widgets.SelectionChanged{ID: "f", Index: 14, Label: long[14]}},
		{"pgup moves a window", inKey(t, "pgup"), widgets.SelectionChanged{ID: "f", Index: 6, Label: long[6]}},
	})
	inRunKeys(t, widgets.SelectList{ID: "f", Options: long, Selected: 10}, []inKeyCase{
		{"pgdown moves the default window", inKey(t, "pgdown"), widgets.SelectionChanged{ID: "f", Index: 10 + widgets.DefaultListHeight, Label: long[10+widgets.DefaultListHeight]}},
	})
	inRunKeys(t, widgets.SelectList{ID: "f", Options: inFruit, Selected: 2, Disabled: true}, []inKeyCase{
		{"disabled ignores down", inKey(t, "down"), nil},
		{"disabled ignores enter", inKey(t, "enter"), nil},
	})
	inRunKeys(t, widgets.SelectList{ID: "f"}, []inKeyCase{
		{"no options ignore down", inKey(t, "down"), nil},
	})
}

func TestSelectListClickSelectsTheLineUnderIt(t *testing.T) {
	long := make([]string, 20)
	for i := range long {
		long[i] = "item" + string(rune('a'+i))
	}
	labelled := widgets.SelectList{ID: "f", Label: "Fruit", Options: inFruit, Selected: 0}
	inRunMouse(t, labelled, []inMouseCase{
		{"click on the label does nothing", inClick(1, 0), nil},
		{"click on the selected first option chooses it", inClick(1, 1), widgets.Chosen{ID: "f", Index: 0, Label: "apple"}},
		{"click on the fourth option", inClick(3, 4), widgets.SelectionChanged{ID: "f", Index: 3, Label: "date"}},
		{"click below the options", inClick(1, 6), nil},
		{"right click does nothing", tea.Mouse{Y: 2, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"wheel down moves down", tea.Mouse{Action: tea.MouseWheelDown}, widgets.SelectionChanged{ID: "f", Index: 1, Label: "banana"}},
		{"wheel up stays at the top", tea.Mouse{Action: tea.MouseWheelUp}, widgets.SelectionChanged{ID: "f", Index: 0, Label: "apple"}},
	})
	unlabelled := widgets.SelectList{ID: "f", Options: inFruit, Selected: 0}
	inRunMouse(t, unlabelled, []inMouseCase{
		{"without a label the first line is the first option", inClick(1, 0), widgets.Chosen{ID: "f", Index: 0, Label: "apple"}},
		{"a click on another option selects it", inClick(1, 2), widgets.SelectionChanged{ID: "f", Index: 2, Label: "cherry"}},
	})
	// Scrolled: selection 10 in a window of 4 shows items 7-10.
	scrolled := widgets.SelectList{ID: "f", Label: "L", Options: long, Selected: 10, Height: 4}
	out := ansi.Strip(scrolled.Render(tea.RenderContext{Width: 20}))
	lines := strings.Split(out, "\n")
	if len(lines) != 5 || !strings.Contains(lines[1], long[7]) || !strings.Contains(lines[4], long[10]) {
		t.Fatalf("render = %q, want the label then items 7-10", out)
	}
	inRunMouse(t, scrolled, []inMouseCase{
		{"click maps through the scroll window", inClick(1, 1), widgets.SelectionChanged{ID: "f", Index: 7, Label: long[7]}},
		{"click on the selected line chooses it, as Enter does", inClick(1, 4), widgets.Chosen{ID: "f", Index: 10, Label: long[10]}},
		// Drawn in 3 lines: the label and two options, 9 and 10.
		{"click maps through a clipped height", tea.Mouse{Y: 1, Action: tea.MousePress, Button: tea.MouseLeft, Height: 3}, widgets.SelectionChanged{ID: "f", Index: 9, Label: long[9]}},
	})
	inRunMouse(t, widgets.SelectList{ID: "f", Options: inFruit, Disabled: true}, []inMouseCase{
		{"disabled ignores clicks", inClick(1, 0), nil},
	})
}

func TestSelectListRenderKeepsTheSelectionInView(t *testing.T) {
	opts := make([]string, 50)
	for i := range opts {
		opts[i] = "option " + strings.Repeat("*", i%7) + string(rune('A'+i%26))
	}
	for _, sel := range []int{-1, 0, 7, 8, 25, 49} {
		for _, height := range []int{0, 1, 3, 8} {
			l := widgets.SelectList{ID: "f", Label: "Pick", Options: opts, Selected: sel, Height: height}
			out := ansi.Strip(l.Render(tea.RenderContext{Width: 40}))
			lines := strings.Split(out, "\n")
			h := height
			if h == 0 {
				h = widgets.DefaultListHeight
			}
			if len(lines) != h+1 {
				t.Errorf("selected %d, height %d: %d lines, want %d", sel, height, len(lines), h+1)
			}
			if sel >= 0 && !strings.Contains(out, "› "+opts[sel]) {
				t.Errorf("selected %d, height %d: selection out of view:\n%s", sel, height, out)
			}
		}
	}
	// Limited by ctx.Height too.
	l := widgets.SelectList{ID: "f", Label: "Pick", Options: opts, Selected: 30}
	out := ansi.Strip(l.Render(tea.RenderContext{Width: 40, Height: 3}))
	if lines := strings.Split(out, "\n"); len(lines) != 3 || !strings.Contains(out, "› "+opts[30]) {
		t.Errorf("in 3 lines: %q, want the label and 2 options including the selection", out)
	}
}

func TestSelectListRenderFitsAndShowsState(t *testing.T) {
	for _, l := range []widgets.SelectList{
		{ID: "f", Label: "A label longer than a narrow terminal", Options: []string{"a very long option that cannot fit", "字字字字字字字字字字字字字字字字字", "x\ty\nz"}, Selected: 1},
		{ID: "f", Options: inFruit, Selected: 4, Height: 2},
		{ID: "f", Label: "Empty"},
		{ID: "f", Options: inFruit, Disabled: true, Selected: 1},
	} {
		inCheckAllSizes(t, l)
	}
	l := widgets.SelectList{ID: "f", Label: "Fruit", Options: inFruit, Selected: 1}
	dis := l
	dis.Disabled = true
	ctx := tea.RenderContext{Width: 30}
	inCheckDistinct(t, map[string]string{
		"unfocused": l.Render(ctx),
		"focused":   l.Render(tea.RenderContext{Width: 30, Focused: true}),
		"disabled":  dis.Render(ctx),
	})
	if out := ansi.Strip(widgets.SelectList{ID: "f"}.Render(ctx)); !strings.Contains(out, "no options") {
		t.Errorf("empty list renders %q", out)
	}
	if out := ansi.Strip(widgets.SelectList{ID: "f", Label: "Files", Empty: "Nothing left\nto delete."}.Render(ctx)); out != "Files\nNothing left to delete." {
		t.Errorf("empty list with Empty renders %q", out)
	}
}

func TestSelectListDescribe(t *testing.T) {
	got := widgets.SelectList{ID: "f", Label: "Fruit", Options: inFruit, Selected: 2}.Describe()
	want := tea.Description{Label: "Fruit", Role: "listbox", State: map[string]any{
		"selected": 2, "selected_label": "cherry", "options": 5, "disabled": false}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}
