package mcp

import "testing"

func TestSendKeyWithAWidgetMovesFocusAsTabDoes(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "session": "demo"}))
	res := mustOK(t, tc.call("facet_send_key", map[string]any{"session": "demo", "widget": "dec"}))
	if got := structured(t, res)["focused"]; got != "dec" {
		t.Fatalf("focused = %v, want dec", got)
	}
	sess, _ := srv.Sessions().Get("demo")
	if sess.Snapshot().Focus != "dec" {
		t.Fatalf("the session's focus is %q", sess.Snapshot().Focus)
	}
	// Focus, then the key, in one call: enter presses the focused button.
	mustOK(t, tc.call("facet_send_key", map[string]any{"session": "demo", "widget": "inc", "key": "enter"}))
	if got := sess.Snapshot().Model.(*counter).Count; got != 1 {
		t.Fatalf("count = %d after focusing inc and pressing enter, want 1", got)
	}
	mustErr(t, tc.call("facet_send_key", map[string]any{"session": "demo", "widget": "count", "key": "enter"}), "widget `count` cannot take focus", "the key was not pressed")
	if got := sess.Snapshot().Model.(*counter).Count; got != 1 {
		t.Fatalf("count = %d: a key was pressed after its widget could not take focus", got)
	}
	mustErr(t, tc.call("facet_send_key", map[string]any{"session": "demo"}), "key or widget is required")
	mustErr(t, tc.call("facet_send_key", map[string]any{"session": "demo", "widget": 3.0}), "widget must be a string")
}
