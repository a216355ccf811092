package mcp

import (
	"context"
	"slices"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// TestSessionToolsAreServedFromTheRegistry: mcp-go's tool map holds no
// session's tools (it held a second copy of each, and walked and sorted
// them all for every tools/list), yet tools/list lists them, in name
// order among the static ones, and a call by either spelling of their
// name runs them.
func TestSessionToolsAreServedFromTheRegistry(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "c1"}))
	for name := range srv.sdk.ListTools() {
		if strings.HasPrefix(name, "c1.") || strings.HasPrefix(name, "c1_") {
			t.Errorf("mcp-go's tool map holds the session's tool %s", name)
		}
	}
	listed := tc.tools()
	if !slices.IsSorted(listed) {
		t.Errorf("tools/list is not in name order: %v", listed)
	}
	for _, want := range []string{"c1.discover_tools", "c1.inc.click", "facet_start"} {
		if !slices.Contains(listed, want) {
			t.Errorf("tools/list lacks %s: %v", want, listed)
		}
	}
	if slices.Contains(listed, routeTool) {
		t.Errorf("tools/list lists the router %s", routeTool)
	}
	mustOK(t, tc.call("c1.inc.click", nil))
	mustOK(t, tc.call("c1_inc_click", nil)) // the client-safe spelling
	if got := srv.sessionCount(t, "c1"); got != 2 {
		t.Fatalf("after two clicks the count is %d, want 2", got)
	}
}

// TestTheRouterIsNoToolOfTheClients: a client that names the router, or
// sends the router's marker, reaches no session tool by it.
func TestTheRouterIsNoToolOfTheClients(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "c1"}))
	req := sdk.CallToolRequest{}
	req.Params.Name = routeTool
	req.Params.Meta = &sdk.Meta{AdditionalFields: map[string]any{routedMetaKey: "c1.inc.click"}}
	if res, err := tc.c.CallTool(context.Background(), req); err == nil && !res.IsError {
		t.Fatalf("a call of %s with a client's marker ran: %s", routeTool, text(res))
	}
	if got := srv.sessionCount(t, "c1"); got != 0 {
		t.Fatalf("the count is %d, want 0: the client's marker routed a click", got)
	}
}

// sessionCount is the count of the counter session id.
func (s *Server) sessionCount(t *testing.T, id string) int {
	t.Helper()
	sess, running := s.Sessions().Get(id)
	if !running {
		t.Fatalf("session %s is not running", id)
	}
	return sess.Snapshot().Model.(*counter).Count
}
