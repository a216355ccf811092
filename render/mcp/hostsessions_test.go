package mcp

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/facetui/facet/tea"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestAgentsCannotStopAHostsSession(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "live", "counter", &counter{}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "mine"}))
	list := structured(t, mustOK(t, tc.call("facet_list", nil)))
	by := map[string]string{}
	for _, r := range list["sessions"].([]any) {
		row := r.(map[string]any)
		by[row["id"].(string)] = row["started_by"].(string)
	}
	if by["live"] != "host" || by["mine"] != "agent" {
		t.Fatalf("started_by = %v", by)
	}
	mustErr(t, tc.call("facet_stop", map[string]any{"id": "live"}), "session `live` was not started with facet_start", "agents cannot stop it")
	if _, running := srv.Sessions().Get("live"); !running {
		t.Fatal("the host's session was stopped")
	}
	mustOK(t, tc.call("facet_stop", map[string]any{"id": "mine"}))
}

// TestDetachedAgentsCanNeitherActNorRead runs in a synctest bubble: the
// server, the session and the client are its goroutines, so
// synctest.Wait returns once every notification the person's change
// could cause has been sent and received.
func TestDetachedAgentsCanNeitherActNorRead(t *testing.T) {
	synctest.Test(t, detachedAgentsCanNeitherActNorRead)
}

func detachedAgentsCanNeitherActNorRead(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps()})
	tc := connectLegacy(t, srv)
	var up updates
	tc.c.OnNotification(up.add)
	sess, err := srv.StartSession(context.Background(), "live", "counter", &counter{})
	if err != nil {
		t.Fatal(err)
	}
	subscribe(t, tc.c, ContextURI("live"))
	up.waitFor(t, 1) // the subscription's first version, from before the detach
	if _, err := sess.Dispatch(context.Background(), tea.DetachAgentsMsg{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"live.inc.click", nil},
		{"facet_send_key", map[string]any{"id": "live", "key": "enter"}},
		{"facet_get_model", map[string]any{"id": "live"}},
		{"facet_screenshot", map[string]any{"id": "live"}},
		{"facet_act", map[string]any{"session": "live", "widget": "inc", "action": "click"}},
		{"live.discover_tools", map[string]any{"query": "inc"}},
	} {
		mustErr(t, tc.call(c.tool, c.args), "detached agents")
	}
	if _, err := tc.c.ReadResource(context.Background(), readReq(ContextURI("live"))); err == nil || !strings.Contains(err.Error(), "detached agents") {
		t.Fatalf("reading the context while detached: %v", err)
	}
	//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
	if err := tc.c.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: WidgetsURI("live")}}); err == nil || !strings.Contains(err.Error(), "detached agents") {
		t.Fatalf("subscribing while detached: %v", err)
	}
	// The person goes on working; subscribers hear nothing of it.
	before := len(up.list())
	if _, err := sess.Dispatch(context.Background(), incMsg{}); err != nil {
		t.Fatal(err)
	}
	synctest.Wait() // everything the change causes has happened
	if n := len(up.list()) - before; n != 0 {
		t.Fatalf("%d updates reached a detached agent: %v", n, up.list()[before:])
	}
	if _, err := sess.Dispatch(context.Background(), tea.AllowAgentsMsg{}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("live.inc.click", nil))
	up.waitFor(t, before+1)
}

func TestAnAgentsOwnSessionShowsNoAgentMarker(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "mine"}))
	mustOK(t, tc.call("mine.inc.click", nil))
	if shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "mine"}))); strings.Contains(shot, "agent attached") {
		t.Fatalf("a session no person watches shows the agent marker:\n%s", shot)
	}
	if _, err := srv.StartSession(context.Background(), "live", "counter", &counter{}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("live.inc.click", nil))
	if shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "live"}))); !strings.Contains(shot, "● agent attached") {
		t.Fatalf("a host's session must show the person the agent:\n%s", shot)
	}
}

func readReq(uri string) sdk.ReadResourceRequest {
	return sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}}
}

func TestArgumentsMustBeAnObject(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_stop"
	req.Params.Arguments = []any{"c2"}
	res, err := tc.c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	mustErr(t, res, "facet_stop: arguments must be a JSON object of named arguments, not an array")
	mustErr(t, tc.call("facet_list", map[string]any{"x": 1}), `facet_list takes no arguments; got "x"`)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "a"}))
	mustErr(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "a"}), `session "a" is already running`)
}
