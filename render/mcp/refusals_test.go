package mcp

import (
	"context"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// tabbed shows a tab bar and the active tab's page: "theme" lives on tab
// Settings, "reset" is disabled with a reason.
type tabbed struct{ Tabs widgets.TabsState }

func (m *tabbed) Init() tea.Cmd { return nil }
func (m *tabbed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	n.Tabs.Update(msg)
	return &n, nil
}
func (m *tabbed) View() tea.Node {
	items := []tea.Node{m.Tabs.View(widgets.Tabs{}),
		widgets.Button{ID: "reset", Label: "Reset", OnClick: incMsg{}, Disabled: true, DisabledReason: "the count is 0"}}
	if m.Tabs.Active == 1 {
		items = append(items, widgets.Button{ID: "theme", Label: "Theme", OnClick: incMsg{}})
	}
	return tea.Column{Items: items}
}

func TestRefusalsSayTheCauseAndTheNextCall(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe})
	tc := connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "tb", "tabbed", &tabbed{Tabs: widgets.TabsState{ID: "sections", Tabs: []string{"General", "Settings"}}}); err != nil {
		t.Fatal(err)
	}
	// Disabled, with the app's reason.
	mustErr(t, tc.call("tb_reset_click", nil), "widget `reset` is disabled (the count is 0)")
	// Out of view: where it was last seen, and the call that shows it.
	mustOK(t, tc.call("tb_sections_select_tab", map[string]any{"index": 1}))
	mustOK(t, tc.call("tb_theme_click", nil))
	mustOK(t, tc.call("tb_sections_select_tab", map[string]any{"index": 0}))
	mustErr(t, tc.call("tb_theme_click", nil),
		"widget `theme` is not in the session's current view: it was last seen on tab Settings: call `tb_sections_select_tab` {\"index\": 1}")

	// Behind a dialog: the dialog and its tools.
	if _, err := srv.StartSession(context.Background(), "dl", "deleter", &deleter{Item: widgets.TextInputState{ID: "item", Value: "old report"}}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("dl_delete_click", nil))
	mustErr(t, tc.call("dl_item_type_into", map[string]any{"text": "x"}),
		"behind the open modal `confirm`", "answer it first: call dl_confirm_confirm or dl_confirm_dismiss")
}

func TestAnAllowListDenialNamesTheToolTheAgentCalled(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{AllowedTools: []string{"facet_start"}}})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	// Not derived yet (the confirm button appears once open is clicked): the
	// call is routed through facet_act, but refused as what was called.
	res := tc.call("demo.confirm.click", nil)
	mustErr(t, res, "demo.confirm.click")
	if strings.Contains(text(res), "facet_act") {
		t.Fatalf("the denial names facet_act, which the agent never called: %s", text(res))
	}
}

// TestResolvingAWidgetThatIsThereLooksNoFurther: a call whose widget is in
// view finds it without listing the view's widgets to look for an open
// dialog (which only explains a widget not found), so resolving it
// allocates as little beside 1,000 widgets as beside 10 (its actions'
// list and the walk's closure).
func TestResolvingAWidgetThatIsThereLooksNoFurther(t *testing.T) {
	for _, n := range []int{10, 1000} {
		view := wideCounter{n: n}.View()
		tool := &derive.Tool{Widget: "inc", Kind: "button", Action: "click"}
		allocs := testing.AllocsPerRun(20, func() {
			if w, err := resolveWidget(view, tool, refusalHints{}); err != nil || w.WidgetID() != "inc" {
				t.Fatalf("resolved %v, %v", w, err)
			}
		})
		if allocs > 3 {
			t.Errorf("resolving a button beside %d widgets allocates %.0f times, want at most 3", n, allocs)
		}
	}
}
