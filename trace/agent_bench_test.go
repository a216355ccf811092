package trace_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

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
		c := &lineClient{w: inW, r: bufio.NewReader(outR)}
		c.call(b, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}`)
		c.notify(b, "notifications/initialized")
		c.call(b, "tools/call", `{"name":"facet_start","arguments":{"app":"counter","id":"demo"}}`)
		click := `{"name":"demo_inc_click","arguments":{}}`
		if res := c.call(b, "tools/call", click); strings.Contains(string(res), `"isError":true`) {
			b.Fatalf("the click failed: %s", res)
		}
		b.ReportAllocs()
		cpu0 := cpuTime(b)
		b.ResetTimer()
		for b.Loop() {
			c.call(b, "tools/call", click)
		}
		recs.report(b, cpu0)
	})
}

// lineClient speaks JSON-RPC lines to an MCP server's stdio transport,
// one request at a time.
type lineClient struct {
	w   io.Writer
	r   *bufio.Reader
	seq int
}

// call sends method with params (JSON) and returns the result, skipping
// the notifications before it; an error answer fails b.
func (c *lineClient) call(b *testing.B, method, params string) json.RawMessage {
	c.seq++
	if _, err := fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", c.seq, method, params); err != nil {
		b.Fatal(err)
	}
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			b.Fatal(err)
		}
		var resp struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &resp) != nil || resp.ID == nil || *resp.ID != c.seq {
			continue // a notification
		}
		if resp.Error != nil {
			b.Fatalf("%s: %s", method, resp.Error)
		}
		return resp.Result
	}
}

// notify sends the notification method.
func (c *lineClient) notify(b *testing.B, method string) {
	if _, err := fmt.Fprintf(c.w, `{"jsonrpc":"2.0","method":%q}`+"\n", method); err != nil {
		b.Fatal(err)
	}
}
