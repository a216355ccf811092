package mcp

import "testing"

func TestFacetFocusMovesFocusAsTabDoes(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	res := mustOK(t, tc.call("facet_focus", map[string]any{"id": "demo", "widget": "dec"}))
	if got := structured(t, res)["focused"]; got != "dec" {
		t.Fatalf("focused = %v, want dec", got)
	}
	sess, _ := srv.Sessions().Get("demo")
	if sess.Snapshot().Focus != "dec" {
		t.Fatalf("the session's focus is %q", sess.Snapshot().Focus)
	}
	mustErr(t, tc.call("facet_focus", map[string]any{"id": "demo", "widget": "count"}), "widget `count` cannot take focus")
	mustErr(t, tc.call("facet_focus", map[string]any{"id": "demo"}), "widget is required")
}
