package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// stdioClient speaks JSON-RPC lines to a Server's stdio transport.
type stdioClient struct {
	w   io.Writer
	r   *bufio.Reader
	seq int
}

func (c *stdioClient) request(method string, params any) (json.RawMessage, error) {
	c.seq++
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.seq, "method": method, "params": params})
	if _, err := c.w.Write(append(msg, '\n')); err != nil {
		return nil, err
	}
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			return nil, err
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
			return nil, fmt.Errorf("%s", resp.Error)
		}
		return resp.Result, nil
	}
}

func (c *stdioClient) notify(method string) {
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method})
	_, _ = c.w.Write(append(msg, '\n'))
}

// BenchmarkStdioRoundTrip compares a derived write (click, Update, view,
// sync, answer) against a bare echo tool on the same server over the same
// stdio transport, in the same run.
func BenchmarkStdioRoundTrip(b *testing.B) {
	srv, err := New(Options{Apps: testApps()})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Sessions().StopAll()
	srv.sdk.AddTool(sdk.Tool{Name: "echo", RawInputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return sdk.NewToolResultText(fmt.Sprint(req.GetArguments()["v"])), nil
		})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = srv.ServeStdio(ctx, inR, outW) }()
	c := &stdioClient{w: inW, r: bufio.NewReader(outR)}
	if _, err := c.request("initialize", map[string]any{"protocolVersion": sdk.LATEST_PROTOCOL_VERSION, "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "bench", "version": "1"}}); err != nil {
		b.Fatal(err)
	}
	c.notify("notifications/initialized")
	if _, err := c.request("tools/call", map[string]any{"name": "facet_start", "arguments": map[string]any{"app": "counter", "id": "demo"}}); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, tool string }{{"echo", "echo"}, {"derived_write", "demo.inc.click"}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.request("tools/call", map[string]any{"name": bc.tool, "arguments": map[string]any{"v": 1}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
