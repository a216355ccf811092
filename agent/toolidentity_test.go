package agent

import "testing"

// TestAToolsWidgetAndActionComeFromItsMeta: a derived tool's widget and
// action are what the server's _meta says, even where its client-safe
// name cannot be split (an action with "_" that no list knows).
func TestAToolsWidgetAndActionComeFromItsMeta(t *testing.T) {
	c := &Conn{session: "demo"}
	for _, tc := range []struct {
		name           string
		tool           ToolInfo
		widget, action string
		ok             bool
	}{
		{"an action of an app's own widget", ToolInfo{Name: "demo_chart_get_data", Widget: "chart", Action: "get_data"}, "chart", "get_data", true},
		{"a widget id with _", ToolInfo{Name: "demo_my_list_select", Widget: "my_list", Action: "select"}, "my_list", "select", true},
		{"another session's tool, whose name this one prefixes", ToolInfo{Name: "demo_x_inc_click", Widget: "inc", Action: "click"}, "", "", false},
		{"no _meta: the name is split", ToolInfo{Name: "demo_inc_click"}, "inc", "click", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, a, ok := c.partsOf(tc.tool)
			if ok != tc.ok || (ok && (w != tc.widget || a != tc.action)) {
				t.Fatalf("partsOf(%+v) = %q, %q, %v; want %q, %q, %v", tc.tool, w, a, ok, tc.widget, tc.action, tc.ok)
			}
		})
	}
}
