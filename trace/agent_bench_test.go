package trace_test

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/facetui/facet/internal/rpcline"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// BenchmarkAgentClick is an agent's click on the counter's +1 as an
// agent makes it: a tools/call over the MCP server's stdio transport,
// through the read gate, the authorizer, the widget's action and the
// write's answer, with recording off and on. cpu-ns/input is the
// process's CPU time per click; the client (a JSON-RPC line writer and
// reader, in this process) costs the same in both. BenchmarkCounterClick
// is the same click dispatched on a bare runtime: the floor no input
// path has.
func BenchmarkAgentClick(b *testing.B) {
	offAndOn(b, func(b *testing.B, recording bool) {
		sessions := tea.NewSessions()
		recs := &recorders{on: recording}
		recs.recordSessions(sessions)
		app, _ := playground.Lookup("counter")
		srv, err := mcp.New(mcp.Options{Apps: []tea.App{app}, Sessions: sessions})
		if err != nil {
			b.Fatal(err)
		}
		defer sessions.StopAll()
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- srv.ServeStdio(ctx, inR, outW) }()
		defer func() {
			cancel()
			_ = inW.Close()
			_ = outR.Close()
			<-served
		}()
		c := rpcline.New(inW, outR)
		call := func(method, params string) json.RawMessage {
			res, err := c.Call(method, params)
			if err != nil {
				b.Fatal(err)
			}
			return res
		}
		call("initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}`)
		if err := c.Notify("notifications/initialized"); err != nil {
			b.Fatal(err)
		}
		call("tools/call", `{"name":"facet_start","arguments":{"app":"counter","id":"demo"}}`)
		click := `{"name":"demo_inc_click","arguments":{}}`
		if res := call("tools/call", click); strings.Contains(string(res), `"isError":true`) {
			b.Fatalf("the click failed: %s", res)
		}
		b.ReportAllocs()
		cpu0 := cpuTime(b)
		b.ResetTimer()
		for b.Loop() {
			call("tools/call", click)
		}
		recs.report(b, cpu0)
	})
}
