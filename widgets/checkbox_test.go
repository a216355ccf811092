package widgets_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestCheckboxActions(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    widgets.Checkbox
		want []string
	}{
		{"enabled", widgets.Checkbox{ID: "c"}, []string{"toggle", "get_checked"}},
		{"disabled reads only", widgets.Checkbox{ID: "c", Disabled: true}, []string{"get_checked"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.c.Actions()
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "toggle")
		})
	}
	checkStatic(t, widgets.Checkbox{ID: "zzid", Label: "ZZLABEL", Checked: true}.Actions(),
		widgets.Checkbox{ID: "c"}.Actions(), "zzid", "ZZLABEL")
}

func TestCheckboxInvoke(t *testing.T) {
	runInvoke(t, widgets.Checkbox{ID: "c", Checked: false}, []invokeCase{
		{name: "toggle checks", action: "toggle", write: widgets.CheckboxToggled{ID: "c", Checked: true}},
		{name: "get_checked reads", action: "get_checked", read: map[string]any{"checked": false}},
		{name: "toggle refuses arguments", action: "toggle", args: map[string]any{"checked": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "get_checked refuses arguments", action: "get_checked", args: map[string]any{"x": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "check", errIs: tea.ErrUnknownAction, errHas: []string{"toggle, get_checked"}},
	})
	runInvoke(t, widgets.Checkbox{ID: "c", Checked: true}, []invokeCase{
		{name: "toggle unchecks", action: "toggle", write: widgets.CheckboxToggled{ID: "c", Checked: false}},
		{name: "get_checked reads true", action: "get_checked", read: map[string]any{"checked": true}},
	})
	runInvoke(t, widgets.Checkbox{ID: "c", Checked: true, Disabled: true}, []invokeCase{
		{name: "disabled refuses toggle", action: "toggle", errIs: tea.ErrUnknownAction},
		{name: "disabled still reads", action: "get_checked", read: map[string]any{"checked": true}},
	})
}

func TestCheckboxKeysAndClicks(t *testing.T) {
	c := widgets.Checkbox{ID: "c", Checked: true}
	runKeys(t, c, []keyCase{
		{"space toggles", parseKey(t, "space"), widgets.CheckboxToggled{ID: "c", Checked: false}},
		{"enter toggles", parseKey(t, "enter"), widgets.CheckboxToggled{ID: "c", Checked: false}},
		{"x does nothing", tea.Char('x'), nil},
		{"down does nothing", parseKey(t, "down"), nil},
	})
	runKeys(t, widgets.Checkbox{ID: "c", Disabled: true}, []keyCase{
		{"disabled ignores space", parseKey(t, "space"), nil},
	})
	runMouse(t, c, []mouseCase{
		{"left click toggles", click(5, 0, 0), widgets.CheckboxToggled{ID: "c", Checked: false}},
		{"right click does nothing", tea.Mouse{Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"wheel does nothing", tea.Mouse{Action: tea.MouseWheelDown}, nil},
	})
	runMouse(t, widgets.Checkbox{ID: "c", Disabled: true}, []mouseCase{
		{"disabled ignores clicks", click(0, 0, 0), nil},
	})
}

func TestCheckboxRender(t *testing.T) {
	for _, c := range []widgets.Checkbox{
		{ID: "c", Label: "Send me the weekly newsletter about everything", Checked: true},
		{ID: "c"},
		{ID: "c", Label: "字字字字字字字字字字字字", Disabled: true},
	} {
		checkAllSizes(t, c)
	}
	on := ansi.Strip(widgets.Checkbox{ID: "c", Label: "Go", Checked: true}.Render(tea.RenderContext{Width: 20}))
	off := ansi.Strip(widgets.Checkbox{ID: "c", Label: "Go"}.Render(tea.RenderContext{Width: 20}))
	if on != "[x] Go" || off != "[ ] Go" {
		t.Errorf("renders = %q and %q, want [x] Go and [ ] Go", on, off)
	}
	c := widgets.Checkbox{ID: "c", Label: "Go"}
	dis := c
	dis.Disabled = true
	checkDistinct(t, map[string]string{
		"unfocused": c.Render(tea.RenderContext{Width: 20}),
		"focused":   c.Render(tea.RenderContext{Width: 20, Focused: true}),
		"disabled":  dis.Render(tea.RenderContext{Width: 20}),
	})
	if c.CanFocus() == dis.CanFocus() {
		t.Error("only an enabled checkbox takes focus")
	}
}

func TestCheckboxEndToEndKeysClicksAndToolsReachUpdate(t *testing.T) {
	ctx := context.Background()
	rt := startForm(t)
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Named(tea.KeyTab)}); err != nil {
		t.Fatal(err)
	}
	if got := rt.Snapshot().Focus; got != "agree" {
		t.Fatalf("focus = %q after Tab, want agree", got)
	}
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Char(' ')}); err != nil {
		t.Fatal(err)
	}
	if !rt.Snapshot().Model.(formModel).agree.Checked {
		t.Fatal("space did not check the box in the model")
	}
	out := ansi.Strip(viewWidget(t, rt, "agree").Render(tea.RenderContext{Width: 20}))
	if !strings.HasPrefix(out, "[x]") {
		t.Errorf("next view = %q, want it checked", out)
	}

	res, err := viewWidget(t, rt, "agree").(tea.ToolProvider).Invoke("toggle", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, res.Msg()); err != nil {
		t.Fatal(err)
	}
	read, err := viewWidget(t, rt, "agree").(tea.ToolProvider).Invoke("get_checked", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"checked": false}; !reflect.DeepEqual(read.Value(), want) {
		t.Errorf("get_checked after toggle = %v, want %v", read.Value(), want)
	}

	if _, err := rt.Dispatch(ctx, tea.MouseInputMsg{ID: "agree", Mouse: click(1, 0, 0)}); err != nil {
		t.Fatal(err)
	}
	if !rt.Snapshot().Model.(formModel).agree.Checked {
		t.Error("a click did not check the box")
	}
	if got := rt.Snapshot().Model.(formModel).name.Value; got != "" {
		t.Errorf("the checkbox's messages changed the input to %q", got)
	}
}

func TestCheckboxStateAppliesToggled(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want bool
	}{
		{"its CheckboxToggled", widgets.CheckboxToggled{ID: "c", Checked: true}, true, true},
		{"another checkbox's", widgets.CheckboxToggled{ID: "d", Checked: true}, false, false},
		{"an unrelated message", widgets.SelectListSelected{ID: "c"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.CheckboxState{ID: "c"}
			if used := s.Update(tc.msg); used != tc.used || s.Checked != tc.want {
				t.Errorf("Update = %v, checked %v; want %v, %v", used, s.Checked, tc.used, tc.want)
			}
		})
	}
	s := widgets.CheckboxState{ID: "c"}
	s.Update(s.View(widgets.Checkbox{}).HandleKey(parseKey(t, "space")))
	s.Update(s.View(widgets.Checkbox{}).HandleKey(parseKey(t, "space")))
	s.Update(s.View(widgets.Checkbox{}).HandleKey(parseKey(t, "space")))
	if !s.Checked {
		t.Error("three toggles from unchecked must leave it checked")
	}
}
