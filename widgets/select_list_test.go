package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

var fruit = []string{"apple", "banana", "cherry", "date", "elderberry"}

func TestSelectListActions(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    widgets.SelectList
		want []string
	}{
		{"enabled", widgets.SelectList{ID: "f", Options: fruit}, []string{"select", "choose", "get_selected", "get_options"}},
		{"disabled reads only", widgets.SelectList{ID: "f", Options: fruit, Disabled: true}, []string{"get_selected", "get_options"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.l.Actions()
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "select", "choose")
		})
	}
	checkStatic(t, widgets.SelectList{ID: "zzid", Label: "ZZLABEL", Options: []string{"ZZOPTION"}}.Actions(),
		widgets.SelectList{ID: "f", Options: fruit, Selected: 3}.Actions(), "zzid", "ZZLABEL", "ZZOPTION")
}

func TestSelectListInvoke(t *testing.T) {
	l := widgets.SelectList{ID: "f", Options: fruit, Selected: 1}
	runInvoke(t, l, []invokeCase{
		{name: "select the first", action: "select", args: map[string]any{"index": 0.0}, write: widgets.SelectListSelected{ID: "f", Index: 0, Label: "apple"}},
		{name: "select the last", action: "select", args: map[string]any{"index": 4.0}, write: widgets.SelectListSelected{ID: "f", Index: 4, Label: "elderberry"}},
		{name: "get_selected", action: "get_selected", read: map[string]any{"index": 1, "label": "banana"}},
		{name: "get_options", action: "get_options", read: map[string]any{"options": fruit}},
		{name: "index past the end", action: "select", args: map[string]any{"index": 7.0}, errIs: tea.ErrInvalidArgument, errHas: []string{`"index"`, "7 is out of range: valid 0 to 4"}},
		{name: "negative index", action: "select", args: map[string]any{"index": -1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"valid 0 to 4"}},
		{name: "fractional index", action: "select", args: map[string]any{"index": 1.5}, errIs: tea.ErrInvalidArgument, errHas: []string{"integer from 0 to 4"}},
		{name: "string index", action: "select", args: map[string]any{"index": "2"}, errIs: tea.ErrInvalidArgument, errHas: []string{"integer from 0 to 4"}},
		{name: "missing index", action: "select", args: map[string]any{}, errIs: tea.ErrInvalidArgument, errHas: []string{"required", "0 to 4"}},
		{name: "unknown argument", action: "select", args: map[string]any{"index": 1.0, "label": "x"}, errIs: tea.ErrInvalidArgument, errHas: []string{"label", "takes: index"}},
		{name: "get_options refuses arguments", action: "get_options", args: map[string]any{"x": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "choose the selected, as Enter", action: "choose", write: widgets.SelectListChosen{ID: "f", Index: 1, Label: "banana"}},
		{name: "choose at an index", action: "choose", args: map[string]any{"index": 2.0}, write: widgets.SelectListChosen{ID: "f", Index: 2, Label: fruit[2]}},
		{name: "choose out of range", action: "choose", args: map[string]any{"index": 9.0}, errIs: tea.ErrInvalidArgument},
		{name: "unknown action", action: "pick", errIs: tea.ErrUnknownAction, errHas: []string{"select, choose, get_selected, get_options"}},
	})
	runInvoke(t, widgets.SelectList{ID: "f", Options: fruit, Selected: -1}, []invokeCase{
		{name: "nothing selected", action: "get_selected", read: map[string]any{"index": -1, "label": ""}},
		{name: "choose with nothing selected needs an index", action: "choose", errIs: tea.ErrInvalidArgument, errHas: []string{"required", "0 to 4"}},
		{name: "choose at an index with nothing selected", action: "choose", args: map[string]any{"index": 0.0}, write: widgets.SelectListChosen{ID: "f", Index: 0, Label: "apple"}},
	})
	runInvoke(t, widgets.SelectList{ID: "f", Options: fruit, Selected: 9}, []invokeCase{
		{name: "out-of-range selection reads as none", action: "get_selected", read: map[string]any{"index": -1, "label": ""}},
	})
	runInvoke(t, widgets.SelectList{ID: "f"}, []invokeCase{
		{name: "no options to select", action: "select", args: map[string]any{"index": 0.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"nothing to choose from"}},
		{name: "no options read as empty", action: "get_options", read: map[string]any{"options": []string{}}},
	})
	runInvoke(t, widgets.SelectList{ID: "f", Options: fruit, Disabled: true}, []invokeCase{
		{name: "disabled refuses select", action: "select", args: map[string]any{"index": 0.0}, errIs: tea.ErrUnknownAction},
	})
}

func TestSelectListKeys(t *testing.T) {
	long := make([]string, 30)
	for i := range long {
		long[i] = strings.Repeat("x", i+1)
	}
	l := widgets.SelectList{ID: "f", Options: fruit, Selected: 2}
	sel := func(i int) widgets.SelectListSelected {
		return widgets.SelectListSelected{ID: "f", Index: i, Label: fruit[i]}
	}
	runKeys(t, l, []keyCase{
		{"up moves up", parseKey(t, "up"), sel(1)},
		{"down moves down", parseKey(t, "down"), sel(3)},
		{"home goes first", parseKey(t, "home"), sel(0)},
		{"end goes last", parseKey(t, "end"), sel(4)},
		{"pgup stops at the first", parseKey(t, "pgup"), sel(0)},
		{"pgdown stops at the last", parseKey(t, "pgdown"), sel(4)},
		{"enter chooses", parseKey(t, "enter"), widgets.SelectListChosen{ID: "f", Index: 2, Label: "cherry"}},
		{"j moves down", tea.Char('j'), sel(3)},
		{"k moves up", tea.Char('k'), sel(1)},
		{"another letter does nothing", tea.Char('x'), nil},
		{"space does nothing", parseKey(t, "space"), nil},
	})
	runKeys(t, widgets.SelectList{ID: "f", Options: fruit, Selected: 0}, []keyCase{
		{"up at the top stays", parseKey(t, "up"), sel(0)},
	})
	runKeys(t, widgets.SelectList{ID: "f", Options: fruit, Selected: -1}, []keyCase{
		{"down from none selects the first", parseKey(t, "down"), sel(0)},
		{"enter with none does nothing", parseKey(t, "enter"), nil},
	})
	runKeys(t, widgets.SelectList{ID: "f", Options: long, Selected: 10, Height: 4}, []keyCase{
		{"pgdown moves a window", parseKey(t, "pgdown"), widgets.SelectListSelected{ID: "f", Index: 14, Label: long[14]}},
		{"pgup moves a window", parseKey(t, "pgup"), widgets.SelectListSelected{ID: "f", Index: 6, Label: long[6]}},
	})
	runKeys(t, widgets.SelectList{ID: "f", Options: long, Selected: 10}, []keyCase{
		{"pgdown moves the default window", parseKey(t, "pgdown"), widgets.SelectListSelected{ID: "f", Index: 10 + widgets.DefaultListHeight, Label: long[10+widgets.DefaultListHeight]}},
	})
	runKeys(t, widgets.SelectList{ID: "f", Options: fruit, Selected: 2, Disabled: true}, []keyCase{
		{"disabled ignores down", parseKey(t, "down"), nil},
		{"disabled ignores enter", parseKey(t, "enter"), nil},
	})
	runKeys(t, widgets.SelectList{ID: "f"}, []keyCase{
		{"no options ignore down", parseKey(t, "down"), nil},
	})
}

func TestSelectListClickSelectsTheLineUnderIt(t *testing.T) {
	long := make([]string, 20)
	for i := range long {
		long[i] = "item" + string(rune('a'+i))
	}
	labelled := widgets.SelectList{ID: "f", Label: "Fruit", Options: fruit, Selected: 0}
	runMouse(t, labelled, []mouseCase{
		{"click on the label does nothing", click(1, 0, 0), nil},
		{"click on the selected first option chooses it", click(1, 1, 0), widgets.SelectListChosen{ID: "f", Index: 0, Label: "apple"}},
		{"click on the fourth option", click(3, 4, 0), widgets.SelectListSelected{ID: "f", Index: 3, Label: "date"}},
		{"click below the options", click(1, 6, 0), nil},
		{"right click does nothing", tea.Mouse{Y: 2, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"wheel down moves down", tea.Mouse{Action: tea.MouseWheelDown}, widgets.SelectListSelected{ID: "f", Index: 1, Label: "banana"}},
		{"wheel up stays at the top", tea.Mouse{Action: tea.MouseWheelUp}, widgets.SelectListSelected{ID: "f", Index: 0, Label: "apple"}},
	})
	unlabelled := widgets.SelectList{ID: "f", Options: fruit, Selected: 0}
	runMouse(t, unlabelled, []mouseCase{
		{"without a label the first line is the first option", click(1, 0, 0), widgets.SelectListChosen{ID: "f", Index: 0, Label: "apple"}},
		{"a click on another option selects it", click(1, 2, 0), widgets.SelectListSelected{ID: "f", Index: 2, Label: "cherry"}},
	})
	// Scrolled: selection 10 in a window of 4 shows items 7-10.
	scrolled := widgets.SelectList{ID: "f", Label: "L", Options: long, Selected: 10, Height: 4}
	out := ansi.Strip(scrolled.Render(tea.RenderContext{Width: 20}))
	lines := strings.Split(out, "\n")
	if len(lines) != 5 || !strings.Contains(lines[1], long[7]) || !strings.Contains(lines[4], long[10]) {
		t.Fatalf("render = %q, want the label then items 7-10", out)
	}
	runMouse(t, scrolled, []mouseCase{
		{"click maps through the scroll window", click(1, 1, 0), widgets.SelectListSelected{ID: "f", Index: 7, Label: long[7]}},
		{"click on the selected line chooses it, as Enter does", click(1, 4, 0), widgets.SelectListChosen{ID: "f", Index: 10, Label: long[10]}},
		// Drawn in 3 lines: the label and two options, 9 and 10.
		{"click maps through a clipped height", tea.Mouse{Y: 1, Action: tea.MousePress, Button: tea.MouseLeft, Height: 3}, widgets.SelectListSelected{ID: "f", Index: 9, Label: long[9]}},
	})
	runMouse(t, widgets.SelectList{ID: "f", Options: fruit, Disabled: true}, []mouseCase{
		{"disabled ignores clicks", click(1, 0, 0), nil},
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
		{ID: "f", Options: fruit, Selected: 4, Height: 2},
		{ID: "f", Label: "Empty"},
		{ID: "f", Options: fruit, Disabled: true, Selected: 1},
	} {
		checkAllSizes(t, l)
	}
	l := widgets.SelectList{ID: "f", Label: "Fruit", Options: fruit, Selected: 1}
	dis := l
	dis.Disabled = true
	ctx := tea.RenderContext{Width: 30}
	checkDistinct(t, map[string]string{
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
	got, _ := tea.Describe(widgets.SelectList{ID: "f", Label: "Fruit", Options: fruit[:2], Selected: 1})
	want := tea.Description{Label: "Fruit", Role: "listbox", State: map[string]any{
		"selected": 1, "selected_label": "banana", "options": 2, "disabled": false},
		Value: "banana", Placeholder: "(no options)", Lines: widgets.DefaultListHeight, Parts: []tea.Part{
			{Role: "option", Label: "apple", Action: tea.Act{Name: "select", Args: []tea.Arg{{Name: "index", Value: 0}}}},
			{Role: "option", Label: "banana", States: tea.States{Selected: true}, Action: tea.Act{Name: "select", Args: []tea.Arg{{Name: "index", Value: 1}}}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
	for _, o := range (widgets.SelectList{ID: "f", Options: fruit, Disabled: true}).DescribeParts() {
		if !o.Action.IsZero() {
			t.Errorf("a disabled list's option %q acts: %v", o.Label, o.Action)
		}
	}
}

func TestSelectListStateAppliesSelectionChanged(t *testing.T) {
	opts := []string{"a", "b", "c"}
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want int
	}{
		{"its SelectListSelected", widgets.SelectListSelected{ID: "l", Index: 2, Label: "c"}, true, 2},
		{"an index past the end is clamped", widgets.SelectListSelected{ID: "l", Index: 9}, true, 2},
		{"a negative index means none", widgets.SelectListSelected{ID: "l", Index: -4}, true, -1},
		{"another list's", widgets.SelectListSelected{ID: "x", Index: 0}, false, 1},
		{"SelectListChosen is left to the app", widgets.SelectListChosen{ID: "l", Index: 0, Label: "a"}, false, 1},
		{"an unrelated message", widgets.TextChanged{ID: "l"}, false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.SelectListState{ID: "l", Options: opts, Selected: 1}
			if used := s.Update(tc.msg); used != tc.used || s.Selected != tc.want {
				t.Errorf("Update = %v, selected %d; want %v, %d", used, s.Selected, tc.used, tc.want)
			}
		})
	}
	s := widgets.SelectListState{ID: "l", Options: opts, Selected: 0, Height: 2}
	for _, k := range []string{"down", "down", "down"} {
		s.Update(s.View(widgets.SelectList{}).HandleKey(parseKey(t, k)))
	}
	if s.Selected != 2 {
		t.Errorf("after three downs: selected %d, want 2 (the last)", s.Selected)
	}
	if got, want := s.View(widgets.SelectList{}), (widgets.SelectList{ID: "l", Options: opts, Selected: 2, Height: 2, Offset: 1}); !reflect.DeepEqual(got, want) {
		t.Errorf("View = %#v, want %#v", got, want)
	}
}
