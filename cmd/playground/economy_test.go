package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp"
)

// wireCall sends one JSON-RPC request on conn as a transport would and
// returns the answer exactly as it goes on the wire.
func wireCall(t *testing.T, conn *mcp.Conn, id int, method string, params any) []byte {
	t.Helper()
	req, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if err != nil {
		t.Fatal(err)
	}
	b, err := conn.Call(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"isError":true`) || strings.Contains(string(b), `"error":{`) {
		t.Fatalf("%s %v failed: %s", method, params, b)
	}
	return b
}

// TestTheSearchTaskIsAffordable: an agent types a query, submits, sorts
// and reads the rows in 4 calls and at most 4 KB of answers, and one search
// session's tools take at most 4.5 KB of tools/list (each derived tool's
// widget and action in _meta take about 45 bytes of it, the output schemas
// of its reads, which declare their rows and values, about 500).
func TestTheSearchTaskIsAffordable(t *testing.T) {
	srv, err := mcp.New(mcp.Options{Apps: mcpApps(), Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	defer srv.Sessions().StopAll()
	conn, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := wireCall(t, conn, 1, "tools/call", map[string]any{"name": "facet_start", "arguments": map[string]any{"app": "search", "id": "demo"}})
	steps := []struct {
		tool string
		args map[string]any
	}{
		{"demo_search_type_into", map[string]any{"text": "rust"}},
		{"demo_submit_click", nil},
		{"demo_results_sort", map[string]any{"column": "stars", "direction": "desc"}},
		{"demo_results_get_rows", nil},
	}
	total := 0
	var last []byte
	for i, s := range steps {
		args := s.args
		if args == nil {
			args = map[string]any{}
		}
		last = wireCall(t, conn, i+2, "tools/call", map[string]any{"name": s.tool, "arguments": args})
		t.Logf("%s: %d bytes", s.tool, len(last))
		total += len(last)
	}
	if !strings.Contains(string(last), "rust-lang/rust") {
		t.Fatalf("the rows do not show the search's results:\n%s", last)
	}
	list := wireCall(t, conn, 9, "tools/list", map[string]any{})
	var wire struct {
		Result struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal(list, &wire); err != nil {
		t.Fatal(err)
	}
	session, n := 0, 0
	for _, tl := range wire.Result.Tools {
		if strings.Contains(string(tl), `"name":"demo_`) {
			session += len(tl)
			n++
		}
	}
	report := fmt.Sprintf("search task: %d calls, %d bytes of answers (facet_start %d bytes); session tools: %d tools, %d bytes of tools/list",
		len(steps), total, len(start), n, session)
	t.Log(report)
	if len(steps) > 4 || total > 4096 || session > 4608 {
		t.Errorf("over budget (4 calls, 4096 bytes of answers, 4608 bytes of tools): %s", report)
	}
}
