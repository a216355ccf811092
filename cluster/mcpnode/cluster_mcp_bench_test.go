package mcpnode

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
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
			a := join(b, "a", "")
			other := join(b, "b", a.ClientURL())
			servers := map[string]*mcp.Server{}
			for _, m := range []*member{a, other} {
				srv, err := mcp.New(mcp.Options{Sessions: m.reg, Cluster: m.mn})
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(func() { _ = srv.Close() })
				servers[m.Name()] = srv
			}
			if _, err := servers["a"].StartSession(b.Context(), "bench", "counter", clustertest.Counter{}); err != nil {
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
			ic, err := via.Connect(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			c := mcpclient.New(ic)
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

// BenchmarkThroughput measures derived tool calls per second through MCP
// with agents working at once, each on its own session, over mcp-go's
// in-process client: on one node; on three nodes with each agent connected
// to the node that runs its session; and on three nodes with each agent
// connected to another node, so every call is forwarded over NATS. All
// nodes run in this one process, so they share its cores: the figure says
// what the cluster costs and carries, not what three machines would.
func BenchmarkThroughput(b *testing.B) {
	const agents = 12
	for _, tc := range []struct {
		name  string
		nodes int
		// via is the node agent i is connected to, given the node its
		// session runs on.
		via func(home, nodes int) int
	}{
		{"nodes=1", 1, func(home, _ int) int { return home }},
		{"nodes=3/agents-at-home", 3, func(home, _ int) int { return home }},
		{"nodes=3/agents-elsewhere", 3, func(home, n int) int { return (home + 1) % n }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			nodes := []*mcpNode{joinMCP(b, "n0", "")}
			for i := 1; i < tc.nodes; i++ {
				nodes = append(nodes, joinMCP(b, fmt.Sprintf("n%d", i), nodes[0].ClientURL()))
			}
			clients := make([]*mcpClient, agents)
			for i := range agents {
				home := i % tc.nodes
				id := fmt.Sprintf("s%d", i)
				if _, err := nodes[home].srv.StartSession(b.Context(), id, "counter", clustertest.Counter{}); err != nil {
					b.Fatal(err)
				}
				via := nodes[tc.via(home, tc.nodes)]
				deadline := time.Now().Add(5 * time.Second)
				for {
					if _, ok := via.Owner(id); ok {
						break
					}
					if time.Now().After(deadline) {
						b.Fatalf("node %s never saw session %s", via.Name(), id)
					}
					time.Sleep(10 * time.Millisecond)
				}
				clients[i] = via.client(b)
			}
			var next atomic.Int64
			var wg sync.WaitGroup
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i, c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req := sdk.CallToolRequest{}
					req.Params.Name = fmt.Sprintf("s%d.inc.click", i)
					for next.Add(1) <= int64(b.N) {
						res, err := c.c.CallTool(context.Background(), req)
						if err != nil || res.IsError {
							b.Errorf("call %s: %v %+v", req.Params.Name, err, res)
							return
						}
					}
				}()
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "calls/s")
		})
	}
}
