package widgets_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/facetui/facet/widgets"

	"github.com/facetui/facet/tea"
)

// sampleLog is a viewport on 50 lines "line 0".."line 49", 6 high, at line 20.
func sampleLog() widgets.Viewport {
	lines := make([]string, 50)
	for i := range lines {
		lines[i] = "line " + strconv.Itoa(i)
	}
	return widgets.Viewport{ID: "log", Lines: lines, Top: 20, Height: 6}
}

func TestViewportActions(t *testing.T) {
	v := sampleLog()
	if got, want := actionNames(v.Actions()), []string{"scroll_to", "get_visible_range", "get_lines"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Actions = %v, want %v", got, want)
	}
	checkAnnotations(t, v.Actions(), "scroll_to")
	if !reflect.DeepEqual(v.Actions(), (widgets.Viewport{ID: "x"}).Actions()) {
		t.Fatal("actions depend on the viewport's content or id")
	}
}

func TestViewportInvoke(t *testing.T) {
	invalid := tea.ErrInvalidArgument
	runInvoke(t, sampleLog(), []invokeCase{
		{name: "scroll_to", action: "scroll_to", args: map[string]any{"row": float64(30)}, write: widgets.ViewportScrolled{ID: "log", Top: 30}},
		{name: "scroll_to the top", action: "scroll_to", args: map[string]any{"row": float64(0)}, write: widgets.ViewportScrolled{ID: "log", Top: 0}},
		{name: "scroll_to the last line keeps the last page full", action: "scroll_to", args: map[string]any{"row": float64(49)}, write: widgets.ViewportScrolled{ID: "log", Top: 44}},
		{name: "get_visible_range", action: "get_visible_range", read: map[string]any{"top": 20, "bottom": 25}},

		{name: "scroll_to past the end", action: "scroll_to", args: map[string]any{"row": float64(50)}, errIs: invalid, errHas: []string{"0 to 49"}},
		{name: "scroll_to negative", action: "scroll_to", args: map[string]any{"row": float64(-1)}, errIs: invalid, errHas: []string{"0 to 49"}},
		{name: "scroll_to wrong type", action: "scroll_to", args: map[string]any{"row": "end"}, errIs: invalid, errHas: []string{"0 to 49"}},
		{name: "scroll_to missing", action: "scroll_to", errIs: invalid, errHas: []string{"required", "0 to 49"}},
		{name: "scroll_to extra argument", action: "scroll_to", args: map[string]any{"row": float64(1), "col": float64(1)}, errIs: invalid, errHas: []string{"takes: row"}},
		{name: "get_visible_range takes no arguments", action: "get_visible_range", args: map[string]any{"top": float64(0)}, errIs: invalid},
		{name: "unknown action", action: "scroll_by", errIs: tea.ErrUnknownAction, errHas: []string{"scroll_to, get_visible_range"}},
	})
	t.Run("empty and short", func(t *testing.T) {
		runInvoke(t, widgets.Viewport{ID: "e"}, []invokeCase{
			{name: "scroll_to", action: "scroll_to", args: map[string]any{"row": float64(0)}, errIs: invalid, errHas: []string{"nothing to choose"}},
			{name: "get_visible_range is empty", action: "get_visible_range", read: map[string]any{"top": 0, "bottom": -1}},
		})
		runInvoke(t, widgets.Viewport{ID: "s", Lines: []string{"a", "b", "c"}, Top: 2}, []invokeCase{
			{name: "get_visible_range shows all", action: "get_visible_range", read: map[string]any{"top": 0, "bottom": 2}},
		})
	})
}

func TestViewportHandleKey(t *testing.T) {
	top := func(i int) tea.Msg { return widgets.ViewportScrolled{ID: "log", Top: i} }
	v := sampleLog()
	runKeys(t, v, []keyCase{
		press("up", top(19)), press("k", top(19)), press("down", top(21)), press("j", top(21)),
		press("pgup", top(14)), press("pgdown", top(26)), press("home", top(0)), press("end", top(44)),
		press("left", nil), press("enter", nil),
	})
	t.Run("scrolling clamps", func(t *testing.T) {
		first, last, near := v, v, v
		first.Top, last.Top, near.Top = 0, 44, 42
		runKeys(t, first, []keyCase{press("up", top(0)), press("pgup", top(0))})
		runKeys(t, last, []keyCase{press("down", top(44))})
		runKeys(t, near, []keyCase{press("pgdown", top(44))})
	})
	t.Run("default height pages by 10", func(t *testing.T) {
		d := v
		d.Height = 0
		runKeys(t, d, []keyCase{press("pgdown", top(30)), press("end", top(40))})
	})
}

func TestViewportHandleMouse(t *testing.T) {
	top := func(i int) tea.Msg { return widgets.ViewportScrolled{ID: "log", Top: i} }
	v := sampleLog()
	runMouse(t, v, []mouseCase{
		{"wheel up", tea.Mouse{Action: tea.MouseWheelUp}, top(17)},
		{"wheel down", tea.Mouse{Action: tea.MouseWheelDown}, top(23)},
		{"wheel down in a shorter area", tea.Mouse{Action: tea.MouseWheelDown, Height: 3}, top(23)},
		{"click does not scroll", click(3, 3, 40), nil},
	})
	end := v
	end.Top = 44
	runMouse(t, end, []mouseCase{{"wheel down at the end", tea.Mouse{Action: tea.MouseWheelDown}, top(44)}})
}

func TestViewportRender(t *testing.T) {
	v := sampleLog()
	got := strings.Split(ansi.Strip(v.Render(tea.RenderContext{Width: 12})), "\n")
	want := []string{
		"line 20    │",
		"line 21    │",
		"line 22    ┃",
		"line 23    │",
		"line 24    │",
		"line 25    │",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Render =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	v.Top = 44
	if got := strings.Split(ansi.Strip(v.Render(tea.RenderContext{Width: 12})), "\n"); got[5] != "line 49    ┃" {
		t.Fatalf("at the end the thumb is not at the bottom: %q", got)
	}
	short := widgets.Viewport{ID: "s", Lines: []string{"only line, and it is long"}, Height: 3}
	got = strings.Split(ansi.Strip(short.Render(tea.RenderContext{Width: 10})), "\n")
	// Every line fits: nothing scrolls, so no scroll bar.
	if want := []string{"only line…", "", ""}; !reflect.DeepEqual(got, want) {
		t.Fatalf("short content = %q, want %q", got, want)
	}
	if got := ansi.Strip(short.Render(tea.RenderContext{Width: 2, Height: 1})); got != "o…" {
		t.Fatalf("two columns, one line = %q", got)
	}
}

func TestViewportRenderFitsAndFocusIsDistinct(t *testing.T) {
	v := sampleLog()
	v.Lines[21] = "a long line\twith a tab and 日本語 that keeps going past any narrow width"
	for _, w := range widths {
		for _, h := range []int{0, 1, 4} {
			checkFits(t, v.Render(tea.RenderContext{Width: w, Height: h, Focused: w%3 == 0}), w, h)
		}
	}
	if n := len(strings.Split(v.Render(tea.RenderContext{Width: 30, Height: 4}), "\n")); n != 4 {
		t.Fatalf("height 4 drew %d lines", n)
	}
	if v.Render(tea.RenderContext{Width: 30, Focused: true}) == v.Render(tea.RenderContext{Width: 30}) {
		t.Fatal("focused and unfocused viewports render the same")
	}
}

func TestViewportWidgetBasics(t *testing.T) {
	v := sampleLog()
	if v.WidgetKind() != "viewport" || v.WidgetID() != "log" || !v.CanFocus() || v.Excluded() || v.Children() != nil {
		t.Fatal("viewport widget basics")
	}
	if d := v.Describe(); d.Role != "viewport" || !reflect.DeepEqual(d.State, map[string]any{"top": 20, "bottom": 25, "lines": 50}) {
		t.Fatalf("Describe = %+v", d)
	}
	if len(v.ShortHelp()) == 0 {
		t.Fatal("no help")
	}
}

func TestViewportStateAppliesScrolled(t *testing.T) {
	vp := widgets.ViewportState{ID: "v", Lines: make([]string, 30), Height: 10}
	runStateCases(t, []stateCase{
		{"scroll", func() bool { return vp.Update(widgets.ViewportScrolled{ID: "v", Top: 7}) }, true, func() bool { return vp.Top == 7 }},
		{"scroll clamps to the last page", func() bool { return vp.Update(widgets.ViewportScrolled{ID: "v", Top: 29}) }, true, func() bool { return vp.Top == 20 }},
		{"other viewport", func() bool { return vp.Update(widgets.ViewportScrolled{ID: "w", Top: 0}) }, false, func() bool { return vp.Top == 20 }},
	})
	if v := vp.View(widgets.Viewport{}); v.Top != 20 || v.Height != 10 {
		t.Errorf("ViewportState.View = %+v", v)
	}
}
