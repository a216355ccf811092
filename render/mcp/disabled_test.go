package mcp

import (
	"slices"
	"strings"
	"testing"
)

// TestADisabledWidgetsToolIsListedOnlyWhileEnabled: whether a disabled
// button's tool is listed does not depend on whether it was ever enabled;
// enabled again, it is listed again (and the write says it arrived).
func TestADisabledWidgetsToolIsListedOnlyWhileEnabled(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "session": "demo"}))
	listed := func() bool { return slices.Contains(tc.tools(), "demo_reset_click") }
	if listed() {
		t.Fatal("reset is disabled at count 0 but its tool is listed")
	}
	res := mustOK(t, tc.call("demo_inc_click", nil))
	if !listed() || !strings.Contains(text(res), "demo_reset_click") {
		t.Fatalf("reset enabled: listed %v; the write answered %q", listed(), text(res))
	}
	mustOK(t, tc.call("demo_reset_click", nil))
	if listed() {
		t.Fatal("reset disabled again but its tool is still listed")
	}
	mustErr(t, tc.call("demo_reset_click", nil), "widget `reset` is disabled")
	mustOK(t, tc.call("demo_inc_click", nil))
	if !listed() {
		t.Fatal("reset enabled again but its tool is not listed")
	}
}
