package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/rpcline"
)

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
	c := rpcline.New(inW, outR)
	if _, err := c.Call("initialize", `{"protocolVersion":"`+sdk.LATEST_PROTOCOL_VERSION+`","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}`); err != nil {
		b.Fatal(err)
	}
	if err := c.Notify("notifications/initialized"); err != nil {
		b.Fatal(err)
	}
	if _, err := c.Call("tools/call", `{"name":"facet_start","arguments":{"app":"counter","id":"demo"}}`); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, tool string }{{"echo", "echo"}, {"derived_write", "demo.inc.click"}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Call("tools/call", `{"name":"`+bc.tool+`","arguments":{"v":1}}`); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
