package widgets

import (
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
)

func vwTabs(active int) Tabs {
	return Tabs{ID: "nav", Tabs: []string{"Overview", "Settings", "Advanced options", "About"}, Active: active}
}

func TestTabsActions(t *testing.T) {
	tb := vwTabs(0)
	if got, want := vwActionNames(tb.Actions()), []string{"select_tab", "get_tabs"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Actions = %v, want %v", got, want)
	}
	vwCheckAnnotations(t, tb.Actions(), "select_tab")
	if !reflect.DeepEqual(tb.Actions(), (Tabs{ID: "x", Tabs: []string{"secret"}}).Actions()) {
		t.Fatal("actions depend on the tabs' content or id")
	}
}

func TestTabsInvoke(t *testing.T) {
	invalid := tea.ErrInvalidArgument
	vwRunInvoke(t, vwTabs(1), []vwInvokeCase{
		{name: "select_tab", action: "select_tab", args: map[string]any{"index": float64(2)}, write: TabSelected{ID: "nav", Index: 2, Label: "Advanced options"}},
		{name: "select_tab first", action: "select_tab", args: map[string]any{"index": float64(0)}, write: TabSelected{ID: "nav", Index: 0, Label: "Overview"}},
		{name: "get_tabs", action: "get_tabs", read: map[string]any{"tabs": []string{"Overview", "Settings", "Advanced options", "About"}, "active_index": 1}},

		{name: "select_tab out of range", action: "select_tab", args: map[string]any{"index": float64(4)}, errIs: invalid, errHas: []string{"0 to 3"}},
		{name: "select_tab negative", action: "select_tab", args: map[string]any{"index": float64(-1)}, errIs: invalid, errHas: []string{"0 to 3"}},
		{name: "select_tab wrong type", action: "select_tab", args: map[string]any{"index": "About"}, errIs: invalid, errHas: []string{"0 to 3"}},
		{name: "select_tab missing", action: "select_tab", errIs: invalid, errHas: []string{"required", "0 to 3"}},
		{name: "select_tab extra argument", action: "select_tab", args: map[string]any{"index": float64(1), "label": "x"}, errIs: invalid, errHas: []string{"takes: index"}},
		{name: "get_tabs takes no arguments", action: "get_tabs", args: map[string]any{"index": float64(1)}, errIs: invalid},
		{name: "unknown action", action: "close_tab", errIs: tea.ErrUnknownAction, errHas: []string{"select_tab, get_tabs"}},
	})
	t.Run("no tabs", func(t *testing.T) {
		vwRunInvoke(t, Tabs{ID: "e"}, []vwInvokeCase{
			{name: "select_tab", action: "select_tab", args: map[string]any{"index": float64(0)}, errIs: invalid, errHas: []string{"nothing to choose"}},
			{name: "get_tabs", action: "get_tabs", read: map[string]any{"tabs": []string{}, "active_index": -1}},
		})
	})
}

func TestTabsHandleKey(t *testing.T) {
	sel := func(i int, label string) tea.Msg { return TabSelected{ID: "nav", Index: i, Label: label} }
	vwRunKeys(t, vwTabs(1), []vwKeyCase{
		{"left", sel(0, "Overview")}, {"h", sel(0, "Overview")},
		{"right", sel(2, "Advanced options")}, {"l", sel(2, "Advanced options")},
		{"home", sel(0, "Overview")}, {"end", sel(3, "About")},
		{"up", nil}, {"enter", nil},
	})
	vwRunKeys(t, vwTabs(0), []vwKeyCase{{"left", sel(0, "Overview")}})
	vwRunKeys(t, vwTabs(3), []vwKeyCase{{"right", sel(3, "About")}})
	vwRunKeys(t, Tabs{ID: "e"}, []vwKeyCase{{"right", nil}})
}

func TestTabsHandleMouse(t *testing.T) {
	sel := func(i int, label string) tea.Msg { return TabSelected{ID: "nav", Index: i, Label: label} }
	// Width 80: " Overview " x 0..9, │ 10, " Settings " 11..20, │ 21,
	// " Advanced options " 22..39, │ 40, " About " 41..47.
	vwRunMouse(t, vwTabs(0), []vwMouseCase{
		{"first tab", vwClick(0, 0, 80), sel(0, "Overview")},
		{"end of the first tab", vwClick(9, 0, 80), sel(0, "Overview")},
		{"separator", vwClick(10, 0, 80), nil},
		{"second tab", vwClick(11, 0, 80), sel(1, "Settings")},
		{"last tab", vwClick(45, 0, 80), sel(3, "About")},
		{"past the strip", vwClick(60, 0, 80), nil},
		{"second line", vwClick(1, 1, 80), nil},
		{"right button", tea.Mouse{X: 1, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"unknown width assumes 80", vwClick(45, 0, 0), sel(3, "About")},
	})
	// Width 20 with the last tab active: titles cut to 3 cells and the strip
	// scrolled to start at Settings: " Se… " 0..4, " Ad… " 6..10, " Ab… " 12..16.
	vwRunMouse(t, vwTabs(3), []vwMouseCase{
		{"scrolled first cell", vwClick(0, 0, 20), sel(1, "Settings")},
		{"scrolled last tab", vwClick(12, 0, 20), sel(3, "About")},
	})
}

func TestTabsRender(t *testing.T) {
	tests := []struct {
		name   string
		active int
		width  int
		want   string
	}{
		{"everything fits", 1, 80, " Overview │‹Settings›│ Advanced options │ About "},
		{"the longest title is cut first", 1, 40, " Overview │‹Settings›│ Advance… │ About "},
		{"titles cut and scrolled to the active tab", 3, 20, " Se… │ Ad… │‹Ab…›"},
		{"the first tab active keeps the start and cuts the end", 0, 20, "‹Ov…›│ Se… │ Ad… │ …"},
		{"the last tab active", 3, 80, " Overview │ Settings │ Advanced options │‹About›"},
		{"one cell", 0, 1, "…"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := vwStrip(vwTabs(tc.active).Render(tea.RenderContext{Width: tc.width})); got != tc.want {
				t.Fatalf("Render(%d) = %q, want %q", tc.width, got, tc.want)
			}
		})
	}
}

func TestTabsRenderFitsAndFocusIsDistinct(t *testing.T) {
	tb := vwTabs(2)
	tb.Tabs = append(tb.Tabs, "日本語のタブ", "with\nnewline")
	for _, w := range vwWidths() {
		for _, f := range []bool{true, false} {
			vwCheckFits(t, tb.Render(tea.RenderContext{Width: w, Height: 1, Focused: f}), w, 1)
		}
	}
	if tb.Render(tea.RenderContext{Width: 80, Focused: true}) == tb.Render(tea.RenderContext{Width: 80}) {
		t.Fatal("focused and unfocused tabs render the same")
	}
	if vwStrip(vwTabs(1).Render(tea.RenderContext{Width: 80})) == vwStrip(vwTabs(2).Render(tea.RenderContext{Width: 80})) {
		t.Fatal("the active tab does not show in plain text")
	}
}

func TestTabsWidgetBasics(t *testing.T) {
	tb := vwTabs(9)
	if tb.WidgetKind() != "tabs" || tb.WidgetID() != "nav" || !tb.CanFocus() || tb.Excluded() || tb.Children() != nil {
		t.Fatal("tabs widget basics")
	}
	if d := tb.Describe(); d.Label != "About" || !reflect.DeepEqual(d.State, map[string]any{"tabs": 4, "active_index": 3}) {
		t.Fatalf("Describe = %+v", d)
	}
	if (Tabs{ID: "e"}).CanFocus() || len(tb.ShortHelp()) == 0 {
		t.Fatal("empty tabs take focus, or no help")
	}
}

func TestTabsStateAppliesTabSelected(t *testing.T) {
	tb := TabsState{ID: "tabs", Tabs: []string{"a", "b"}}
	runStateCases(t, []stateCase{
		{"tab", func() bool { return tb.Update(TabSelected{ID: "tabs", Index: 1, Label: "b"}) }, true, func() bool { return tb.Active == 1 }},
		{"other tabs", func() bool { return tb.Update(TabSelected{ID: "x", Index: 0}) }, false, func() bool { return tb.Active == 1 }},
	})
	if v := tb.View(Tabs{}); v.Active != 1 || len(v.Tabs) != 2 {
		t.Errorf("TabsState.View = %+v", v)
	}
}
