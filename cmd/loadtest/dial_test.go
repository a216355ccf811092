package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// TestEveryRequestOfAnAgentCarriesItsHeaders: a stub MCP server over
// streamable HTTP records the Authorization header of each request; an
// agent that keeps a session sends its bearer token on every one, the
// DELETE that ends the session on close included (else a server with
// tokens refuses it and the session stays open).
func TestEveryRequestOfAnAgentCarriesItsHeaders(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][]string{} // method (HTTP, or HTTP JSON-RPC) -> Authorization headers
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var msg struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		if r.Method == http.MethodPost {
			_ = json.NewDecoder(r.Body).Decode(&msg)
		}
		mu.Lock()
		seen[r.Method+" "+msg.Method] = append(seen[r.Method+" "+msg.Method], r.Header.Get("Authorization"))
		mu.Unlock()
		switch {
		case r.Method == http.MethodPost && msg.Method == "initialize":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{
				"protocolVersion": sdk.ProtocolVersion20251125, "capabilities": map[string]any{},
				"serverInfo": map[string]any{"name": "stub", "version": "1"},
			}})
		case r.Method == http.MethodPost:
			w.WriteHeader(http.StatusAccepted)
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		default:
			w.WriteHeader(http.StatusMethodNotAllowed)
		}
	}))
	defer srv.Close()
	a, version, err := dialMCP(t.Context(), srv.URL+"/mcp", bearer("tok"), sdk.ProtocolVersion20251125)
	if err != nil {
		t.Fatal(err)
	}
	if version != sdk.ProtocolVersion20251125 {
		t.Fatalf("protocol %s, want %s", version, sdk.ProtocolVersion20251125)
	}
	a.close()
	srv.Close() // waits for the requests in flight
	mu.Lock()
	defer mu.Unlock()
	for _, want := range []string{"POST initialize", "POST notifications/initialized", "DELETE "} {
		auth := seen[want]
		if len(auth) == 0 {
			t.Errorf("no %s request; saw %v", want, seen)
		}
		for _, got := range auth {
			if got != "Bearer tok" {
				t.Errorf("%s carried Authorization %q, want %q", want, got, "Bearer tok")
			}
		}
	}
}
