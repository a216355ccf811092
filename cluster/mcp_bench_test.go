package cluster

import (
	"context"
	"encoding/json"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
)

// BenchmarkMCPCall measures a derived tool call through the MCP server
// (mcp-go's in-process client): made on the node that runs the session,
// and made on another node, which forwards it over NATS on loopback.
// p50-ns is the median call.
func BenchmarkMCPCall(b *testing.B) {
	for _, tc := range []struct {
		name      string
		forwarded bool
	}{{"local", false}, {"forwarded", true}} {
		b.Run(tc.name, func(b *testing.B) {
			// a answers forwarded calls through its MCP server, made
			// after the node it needs.
			var serverOfA atomic.Pointer[mcp.Server]
			a := joinWith(b, "a", "", HandlerFunc(func(ctx context.Context, req Request) (json.RawMessage, error) {
				return serverOfA.Load().ServeForwarded(ctx, req.From, req.Caller, req.Session, req.Name, req.Args), nil
			}))
			other := joinB(b, "b", a.ClientURL())
			servers := map[string]*mcp.Server{}
			for _, m := range []*member{a, other} {
				srv, err := mcp.New(mcp.Options{Sessions: m.reg, Cluster: m.Node})
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(srv.Close)
				servers[m.Name()] = srv
			}
			serverOfA.Store(servers["a"])
			if _, err := servers["a"].StartSession(b.Context(), "bench", "counter", counter{}); err != nil {
				b.Fatal(err)
			}
			via := servers["a"]
			if tc.forwarded {
				via = servers["b"]
				deadline := time.Now().Add(5 * time.Second)
				for {
					if _, ok := other.Remote("bench"); ok {
						break
					}
					if time.Now().After(deadline) {
						b.Fatal("b never saw the session")
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			c, err := client.NewInProcessClient(via.SDK())
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { _ = c.Close() })
			if err := c.Start(b.Context()); err != nil {
				b.Fatal(err)
			}
			init := sdk.InitializeRequest{}
			init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
			init.Params.ClientInfo = sdk.Implementation{Name: "bench", Version: "1"}
			if _, err := c.Initialize(b.Context(), init); err != nil {
				b.Fatal(err)
			}
			req := sdk.CallToolRequest{}
			req.Params.Name = "bench.inc.click"
			took := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				res, err := c.CallTool(b.Context(), req)
				if err != nil || res.IsError {
					b.Fatalf("call: %v %+v", err, res)
				}
				took = append(took, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
			b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
		})
	}
}
