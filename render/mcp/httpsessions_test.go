package mcp

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/internal/transport"
)

func TestAnEndedHTTPSessionIsRefusedAndItsAgentDetached(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"tools/list"}}})
	url := serveLoopbackHTTP(t, srv) + "/mcp"

	send := func(method, id, body string) (int, string, string) {
		t.Helper()
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if id != "" {
			req.Header.Set("Mcp-Session-Id", id)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), string(b)
	}
	code, id, body := send("POST", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`)
	if code != http.StatusOK || !strings.HasPrefix(id, transport.SessionPrefix) {
		t.Fatalf("initialize: %d, id %q: %s", code, id, body)
	}
	send("POST", id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := func(sessionID, tool, args string) (int, string) {
		code, _, body := send("POST", sessionID, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"`+tool+`","arguments":`+args+`}}`)
		return code, body
	}
	if code, body := call(id, "facet_start", `{"app":"counter","id":"hs"}`); code != http.StatusOK || strings.Contains(body, `"isError":true`) {
		t.Fatalf("facet_start: %d %s", code, body)
	}
	if code, body := call(id, "hs.inc.click", `{}`); code != http.StatusOK || strings.Contains(body, `"isError":true`) {
		t.Fatalf("click: %d %s", code, body)
	}
	sess, _ := srv.Sessions().Get("hs")
	if agents := sess.Snapshot().Presence.Agents; len(agents) != 1 || agents[0] != agentName(connectionKey(id)) {
		t.Fatalf("agents after a call: %v", agents)
	}

	if code, _, body := send("DELETE", id, ""); code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	if code, _, body := send("DELETE", id, ""); code != http.StatusNotFound {
		t.Fatalf("a second DELETE: %d %s; want 404", code, body)
	}
	if agents := sess.Snapshot().Presence.Agents; len(agents) != 0 {
		t.Fatalf("the ended connection is still shown as attached: %v", agents)
	}
	for _, tc := range []struct{ name, id string }{
		{"an ended id", id},
		{"an id never issued", transport.SessionPrefix + strings.Repeat("ab", 16)},
		{"mcp-go's own shape", "mcp-session-5f0c6f1e-3b0a-4e43-9d38-0a9d1b2c3d4e"},
	} {
		if code, body := call(tc.id, "facet_list", `{}`); code != http.StatusNotFound {
			t.Fatalf("%s: %d %s; want 404", tc.name, code, body)
		}
	}
}

// serveLoopbackHTTP serves srv over HTTP on a loopback port until the test
// ends and returns its base URL.
func serveLoopbackHTTP(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() { _ = srv.Serve(ctx, ln) }()
	return "http://" + ln.Addr().String()
}
