package widgets_test

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/facetui/facet/widgets"

	"github.com/facetui/facet/tea"
)

func sampleTabs(active int) widgets.Tabs {
	return widgets.Tabs{ID: "nav", Tabs: []string{"Overview", "Settings", "Advanced options", "About"}, Active: active}
}

func TestTabsActions(t *testing.T) {
	tb := sampleTabs(0)
	if got, want := actionNames(tb.Actions()), []string{"select_tab", "get_tabs"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Actions = %v, want %v", got, want)
	}
	checkAnnotations(t, tb.Actions(), "select_tab")
	if !reflect.DeepEqual(tb.Actions(), (widgets.Tabs{ID: "x", Tabs: []string{"secret"}}).Actions()) {
		t.Fatal("actions depend on the tabs' content or id")
	}
}

func TestTabsInvoke(t *testing.T) {
	invalid := tea.ErrInvalidArgument
	runInvoke(t, sampleTabs(1), []invokeCase{
		{name: "select_tab", action: "select_tab", args: map[string]any{"index": float64(2)}, write: widgets.TabsSelected{ID: "nav", Index: 2, Label: "Advanced options"}},
		{name: "select_tab first", action: "select_tab", args: map[string]any{"index": float64(0)}, write: widgets.TabsSelected{ID: "nav", Index: 0, Label: "Overview"}},
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
		runInvoke(t, widgets.Tabs{ID: "e"}, []invokeCase{
			{name: "select_tab", action: "select_tab", args: map[string]any{"index": float64(0)}, errIs: invalid, errHas: []string{"nothing to choose"}},
			{name: "get_tabs", action: "get_tabs", read: map[string]any{"tabs": []string{}, "active_index": -1}},
		})
	})
}

func TestTabsHandleKey(t *testing.T) {
	sel := func(i int, label string) tea.Msg { return widgets.TabsSelected{ID: "nav", Index: i, Label: label} }
	runKeys(t, sampleTabs(1), []keyCase{
		press("left", sel(0, "Overview")), press("h", sel(0, "Overview")),
		press("right", sel(2, "Advanced options")), press("l", sel(2, "Advanced options")),
		press("home", sel(0, "Overview")), press("end", sel(3, "About")),
		press("up", nil), press("enter", nil),
	})
	runKeys(t, sampleTabs(0), []keyCase{press("left", sel(0, "Overview"))})
	runKeys(t, sampleTabs(3), []keyCase{press("right", sel(3, "About"))})
	runKeys(t, widgets.Tabs{ID: "e"}, []keyCase{press("right", nil)})
}

func TestTabsHandleMouse(t *testing.T) {
	sel := func(i int, label string) tea.Msg { return widgets.TabsSelected{ID: "nav", Index: i, Label: label} }
	// Width 80: " Overview " x 0..9, │ 10, " Settings " 11..20, │ 21,
	// " Advanced options " 22..39, │ 40, " About " 41..47.
	runMouse(t, sampleTabs(0), []mouseCase{
		{"first tab", click(0, 0, 80), sel(0, "Overview")},
		{"end of the first tab", click(9, 0, 80), sel(0, "Overview")},
		{"separator", click(10, 0, 80), nil},
		{"second tab", click(11, 0, 80), sel(1, "Settings")},
		{"last tab", click(45, 0, 80), sel(3, "About")},
		{"past the strip", click(60, 0, 80), nil},
		{"second line", click(1, 1, 80), nil},
		{"right button", tea.Mouse{X: 1, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"unknown width assumes 80", click(45, 0, 0), sel(3, "About")},
	})
	// Width 20 with the last tab active: titles cut to 3 cells and the strip
	// scrolled to start at Settings: " Se… " 0..4, " Ad… " 6..10, " Ab… " 12..16.
	runMouse(t, sampleTabs(3), []mouseCase{
		{"scrolled first cell", click(0, 0, 20), sel(1, "Settings")},
		{"scrolled last tab", click(12, 0, 20), sel(3, "About")},
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
			if got := ansi.Strip(sampleTabs(tc.active).Render(tea.RenderContext{Width: tc.width})); got != tc.want {
				t.Fatalf("Render(%d) = %q, want %q", tc.width, got, tc.want)
			}
		})
	}
}

func TestTabsRenderFitsAndFocusIsDistinct(t *testing.T) {
	tb := sampleTabs(2)
	tb.Tabs = append(tb.Tabs, "日本語のタブ", "with\nnewline")
	for _, w := range widths {
		for _, f := range []bool{true, false} {
			checkFits(t, tb.Render(tea.RenderContext{Width: w, Height: 1, Focused: f}), w, 1)
		}
	}
	if tb.Render(tea.RenderContext{Width: 80, Focused: true}) == tb.Render(tea.RenderContext{Width: 80}) {
		t.Fatal("focused and unfocused tabs render the same")
	}
	if ansi.Strip(sampleTabs(1).Render(tea.RenderContext{Width: 80})) == ansi.Strip(sampleTabs(2).Render(tea.RenderContext{Width: 80})) {
		t.Fatal("the active tab does not show in plain text")
	}
}

func TestTabsWidgetBasics(t *testing.T) {
	tb := sampleTabs(9)
	if tb.WidgetKind() != "tabs" || tb.WidgetID() != "nav" || !tb.CanFocus() || tb.Excluded() || tb.Children() != nil {
		t.Fatal("tabs widget basics")
	}
	if d := tb.Describe(); d.Label != "About" || !reflect.DeepEqual(d.State, map[string]any{"tabs": 4, "active_index": 3}) {
		t.Fatalf("Describe = %+v", d)
	}
	if (widgets.Tabs{ID: "e"}).CanFocus() || len(tb.ShortHelp()) == 0 {
		t.Fatal("empty tabs take focus, or no help")
	}
}

func TestTabsStateAppliesTabSelected(t *testing.T) {
	tb := widgets.TabsState{ID: "tabs", Tabs: []string{"a", "b"}}
	runStateCases(t, []stateCase{
		{"tab", func() bool { return tb.Update(widgets.TabsSelected{ID: "tabs", Index: 1, Label: "b"}) }, true, func() bool { return tb.Active == 1 }},
		{"other tabs", func() bool { return tb.Update(widgets.TabsSelected{ID: "x", Index: 0}) }, false, func() bool { return tb.Active == 1 }},
	})
	if v := tb.View(widgets.Tabs{}); v.Active != 1 || len(v.Tabs) != 2 {
		t.Errorf("TabsState.View = %+v", v)
	}
}

// TestTabsDescribeWhatTheirPanesHold: each tab's part holds the widget ids
// Panes gives for it, and a tab without an entry holds none.
func TestTabsDescribeWhatTheirPanesHold(t *testing.T) {
	tabs := widgets.Tabs{ID: "t", Tabs: []string{"A", "B", "C"}, Panes: [][]string{1: {"x", "y"}}}
	parts := tabs.Describe().Parts
	for i, want := range [][]string{nil, {"x", "y"}, nil} {
		if !reflect.DeepEqual(parts[i].Holds, want) {
			t.Errorf("tab %d holds %v, want %v", i, parts[i].Holds, want)
		}
	}
}
