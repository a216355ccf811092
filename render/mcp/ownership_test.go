package mcp

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestSessionsBelongToTheConnectionThatStartedThem(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll()}, MaxSessions: 200, MaxSessionsPerClient: 200})
	a, b := connect(t, srv), connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "host", "counter", testApps()[0].New()); err != nil {
		t.Fatal(err)
	}
	const n = 100
	for i := range n {
		mustOK(t, a.call("facet_start", map[string]any{"app": "counter", "id": fmt.Sprintf("a%d", i)}))
	}
	mustOK(t, a.call("facet_start", map[string]any{"app": "counter", "id": "pub", "shared": true}))

	of := func(names []string, session string) []string {
		var out []string
		for _, name := range names {
			if strings.HasPrefix(name, session+".") {
				out = append(out, name)
			}
		}
		return out
	}
	bTools := b.tools()
	for i := range n {
		if got := of(bTools, fmt.Sprintf("a%d", i)); len(got) > 0 {
			t.Fatalf("client B lists tools of client A's session a%d: %v", i, got)
		}
	}
	if len(of(bTools, "host")) == 0 || len(of(bTools, "pub")) == 0 {
		t.Fatalf("client B lists no tools of the host's session or of the shared one: %v", bTools)
	}
	if len(of(a.tools(), "a99")) == 0 {
		t.Fatal("client A does not list its own session's tools")
	}

	// B can neither call, drive, read nor stop A's sessions; each refusal
	// says why.
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"a7.inc.click", nil},
		{"a7.discover_tools", nil},
		{"a7.nosuch.click", nil},
		{"facet_act", map[string]any{"session": "a7", "widget": "inc", "action": "click"}},
		{"facet_act", map[string]any{"session": "a7", "widget": "nosuch", "action": "click"}},
		{"facet_screenshot", map[string]any{"id": "a7"}},
		{"facet_send_key", map[string]any{"id": "a7", "key": "enter"}},
		{"facet_get_model", map[string]any{"id": "a7"}},
		{"facet_stop", map[string]any{"id": "a7"}},
	} {
		mustErr(t, b.call(tc.tool, tc.args), "started by another client and not shared")
	}
	if _, ok := srv.Sessions().Get("a7"); !ok {
		t.Fatal("client B stopped client A's session")
	}
	if got := fmt.Sprint(structured(t, b.call("facet_list", nil))["sessions"]); strings.Contains(got, "a7") || !strings.Contains(got, "pub") || !strings.Contains(got, "host") {
		t.Fatalf("client B's facet_list: %s", got)
	}

	// Resources and completion follow the same rule.
	if _, err := b.c.ReadResource(context.Background(), readReq(WidgetsURI("a7"))); err == nil || !strings.Contains(err.Error(), "another client and not shared") {
		t.Fatalf("client B read client A's resource: %v", err)
	}
	if _, err := a.c.ReadResource(context.Background(), readReq(WidgetsURI("a7"))); err != nil {
		t.Fatalf("client A cannot read its own resource: %v", err)
	}
	res, err := b.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Resources {
		if strings.HasPrefix(r.URI, "facet://session/a") {
			t.Fatalf("client B lists %s", r.URI)
		}
	}
	comp, err := b.c.Complete(context.Background(), sdk.CompleteRequest{Params: sdk.CompleteParams{
		Ref:      sdk.ResourceReference{Type: "ref/resource", URI: templateWidgets},
		Argument: sdk.CompleteArgument{Name: "id", Value: "a"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(comp.Completion.Values) != 0 {
		t.Fatalf("client B completes client A's session ids: %v", comp.Completion.Values)
	}

	// A shared session: B acts on it but cannot stop it; A can.
	mustOK(t, b.call("pub.inc.click", nil))
	mustErr(t, b.call("facet_stop", map[string]any{"id": "pub"}), "only the client that started it can stop it")
	mustOK(t, a.call("facet_stop", map[string]any{"id": "pub"}))
	mustOK(t, a.call("facet_stop", map[string]any{"id": "a7"}))
}

func TestCompactToolListHoldsStaticToolsAndDiscoverOnly(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll()}, ToolList: ToolListCompact})
	c := connect(t, srv)
	mustOK(t, c.call("facet_start", map[string]any{"app": "counter", "id": "cmp"}))
	var listed []string
	for _, name := range c.tools() {
		if strings.HasPrefix(name, "cmp.") {
			listed = append(listed, name)
		}
	}
	if fmt.Sprint(listed) != "[cmp.discover_tools]" {
		t.Fatalf("compact tools/list holds %v of session cmp; want only its discover_tools", listed)
	}
	if !strings.Contains(fmt.Sprint(c.tools()), "facet_act") {
		t.Fatalf("compact tools/list has no facet_act: %v", c.tools())
	}
	// Derived tools stay callable, by name and by parts.
	mustOK(t, c.call("cmp.dec.click", nil))
	mustOK(t, c.call("facet_act", map[string]any{"session": "cmp", "widget": "dec", "action": "click"}))
	if _, err := New(Options{ToolList: "small"}); err == nil || !strings.Contains(err.Error(), `"small" is not a tool list shape`) {
		t.Fatalf("a bad ToolList: %v", err)
	}
}

// TestHTTPServesOnlyProtocolsWithConnections: a stateless (2026-07-28)
// request over HTTP carries no connection identity, so every such client
// would reach every other one's sessions; it is told the versions to use.
func TestHTTPServesOnlyProtocolsWithConnections(t *testing.T) {
	_, c := limitedServer(t, HTTPOptions{})
	req, _ := http.NewRequest("POST", c.url+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"x","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "2025-11-25") || strings.Contains(string(b), `"tools":[`) {
		t.Fatalf("a stateless request over HTTP: %d %s", resp.StatusCode, b)
	}
	c.open() // a session-oriented client is served
}

// TestAConnectionsOwnSessionsEndWithIt: nobody else can reach or stop an
// unshared session, so it stops when the connection that started it
// ends; a shared one keeps running for the others.
func TestAConnectionsOwnSessionsEndWithIt(t *testing.T) {
	srv, c := limitedServer(t, HTTPOptions{})
	id := c.open()
	c.call(id, "facet_start", `{"app":"counter","id":"mine"}`)
	c.call(id, "facet_start", `{"app":"counter","id":"ours","shared":true}`)
	if code, _, body := c.send("DELETE", id, ""); code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	if _, running := srv.Sessions().Get("mine"); running {
		t.Fatal("an unshared session outlived the connection that started it")
	}
	if _, running := srv.Sessions().Get("ours"); !running {
		t.Fatal("a shared session stopped with the connection that started it")
	}
}
