package mcp

import (
	"strings"
	"testing"
)

// TestWidgetsOnHiddenPanesAreFoundBeforeTheirFirstVisit: a tab bar that
// says what its panes hold lets discover_tools, the outline and the
// refusals say where a widget never shown is and the call that shows it;
// an unknown name is answered with the nearest names and the widgets
// there are.
func TestWidgetsOnHiddenPanesAreFoundBeforeTheirFirstVisit(t *testing.T) {
	const where = "`notify` is on tab \"Settings\" of `pages`: call b.pages.select_tab {\"index\":1} to show it"
	tests := []struct {
		name string
		tool string
		args map[string]any
		ok   bool
		want []string
	}{
		{"the outline says what a hidden tab holds", "facet_screenshot", map[string]any{"session": "b", "outline": true}, true,
			[]string{"Main*, Settings (holds notify), About"}},
		{"discover_tools finds a widget never shown", "b.discover_tools", map[string]any{"query": "notify"}, true,
			[]string{where}},
		{"calling its tool says where it is", "b.notify.toggle", nil, false,
			[]string{"has no tool `b.notify.toggle` yet: " + where}},
		{"facet_act says where it is", "facet_act", map[string]any{"session": "b", "widget": "notify", "action": "toggle"}, false,
			[]string{where}},
		{"a misspelt tool gets the nearest tools", "b_rowz_sort", nil, false,
			[]string{"did you mean `b_rows_sort`?", "Widgets: del, list, notify, pages, pw, rows."}},
		{"a misspelt widget in a tool name gets the nearest", "b_rowzz_get", nil, false,
			[]string{"did you mean widget `rows`?"}},
		{"a misspelt widget in facet_act gets the nearest", "facet_act", map[string]any{"session": "b", "widget": "rowz", "action": "sort"}, false,
			[]string{"did you mean `rows`?", "Widgets: del, list, notify, pages, pw, rows."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			names := NamesDotted
			if !strings.Contains(tc.tool, ".") && !strings.HasPrefix(tc.tool, "facet_") {
				names = NamesSafe
			}
			srv := newTestServer(t, Options{ToolNames: names})
			c := connect(t, srv)
			if _, err := srv.StartSession(t.Context(), "b", "board", newBoard()); err != nil {
				t.Fatal(err)
			}
			res := c.call(tc.tool, tc.args)
			if res.IsError == tc.ok {
				t.Fatalf("error %v: %s", res.IsError, text(res))
			}
			for _, w := range tc.want {
				if !strings.Contains(text(res), w) {
					t.Errorf("the answer does not say %q:\n%s", w, text(res))
				}
			}
		})
	}
}
