package mcpnode

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/tea"
)

// mcpNode is a member of a test cluster serving MCP: its server answers
// the requests other nodes forward, as the playground's does.
type mcpNode struct {
	*member
	srv *mcp.Server
}

// joinMCP starts a node named name (see join) with an MCP server over
// its sessions that can start the counter app.
func joinMCP(t testing.TB, name, url string) *mcpNode {
	t.Helper()
	m := join(t, name, url)
	srv, err := mcp.New(mcp.Options{
		Sessions: m.reg, Cluster: m.mn, CallTimeout: testTimeout,
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return clustertest.Counter{} }}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return &mcpNode{member: m, srv: srv}
}

// threeMCPNodes is threeNodes with MCP servers.
func threeMCPNodes(t *testing.T) (a, b, c *mcpNode) {
	t.Helper()
	a = joinMCP(t, "a", "")
	b = joinMCP(t, "b", a.ClientURL())
	c = joinMCP(t, "c", a.ClientURL())
	return a, b, c
}

// mcpClient is an initialized in-process client of one node's server,
// keeping the resource updates it is sent.
type mcpClient struct {
	t       testing.TB
	c       *client.Client
	mu      sync.Mutex
	updates []sdk.JSONRPCNotification
}

func (n *mcpNode) client(t testing.TB) *mcpClient {
	t.Helper()
	// The last version with resources/subscribe (2026-07-28 replaced it
	// with subscriptions/listen).
	return n.clientOf(t, "2025-06-18")
}

// clientOf is client speaking protocol version.
func (n *mcpNode) clientOf(t testing.TB, version string) *mcpClient {
	t.Helper()
	ic, err := n.srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := mcpclient.New(ic)
	t.Cleanup(func() { _ = c.Close() })
	mc := &mcpClient{t: t, c: c}
	c.OnNotification(func(note sdk.JSONRPCNotification) {
		if note.Method == "notifications/resources/updated" {
			mc.mu.Lock()
			mc.updates = append(mc.updates, note)
			mc.mu.Unlock()
		}
	})
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = version
	init.Params.ClientInfo = sdk.Implementation{Name: "test", Version: "1"}
	if _, err := c.Initialize(context.Background(), init); err != nil {
		t.Fatal(err)
	}
	return mc
}

// call calls tool and returns its text and structured content.
func (mc *mcpClient) call(tool string, args map[string]any) (text string, value map[string]any, isError bool) {
	mc.t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := mc.c.CallTool(context.Background(), req)
	if err != nil {
		mc.t.Fatalf("call %s: %v", tool, err)
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	value, _ = res.StructuredContent.(map[string]any)
	if value == nil && res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &value)
	}
	return strings.Join(parts, "\n"), value, res.IsError
}

// mustCall is call that fails the test on an error answer.
func (mc *mcpClient) mustCall(tool string, args map[string]any) (string, map[string]any) {
	mc.t.Helper()
	text, value, isErr := mc.call(tool, args)
	if isErr {
		mc.t.Fatalf("call %s answered an error: %s", tool, text)
	}
	return text, value
}

// read reads uri and returns its text and version.
func (mc *mcpClient) read(uri string) (string, float64) {
	mc.t.Helper()
	req := sdk.ReadResourceRequest{}
	req.Params.URI = uri
	res, err := mc.c.ReadResource(context.Background(), req)
	if err != nil {
		mc.t.Fatalf("read %s: %v", uri, err)
	}
	tc := res.Contents[0].(sdk.TextResourceContents)
	return tc.Text, number(tc.Meta["version"])
}

func (mc *mcpClient) subscribe(uri string) error {
	req := sdk.SubscribeRequest{}
	req.Params.URI = uri
	//lint:ignore SA1019 resources/subscribe is what clients of protocol 2025-06-18 send; TestAListenStreamOnAnotherNodeGetsUpdates covers its successor
	return mc.c.Subscribe(context.Background(), req)
}

func (mc *mcpClient) unsubscribe(uri string) error {
	req := sdk.UnsubscribeRequest{}
	req.Params.URI = uri
	//lint:ignore SA1019 resources/unsubscribe is what clients of protocol 2025-06-18 send
	return mc.c.Unsubscribe(context.Background(), req)
}

// update is a notifications/resources/updated as a client reads it.
type update struct {
	URI     string
	Version float64
	Patch   string
}

// received returns the updates of uri so far.
func (mc *mcpClient) received(uri string) []update {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	var out []update
	for _, n := range mc.updates {
		if n.Params.AdditionalFields["uri"] != uri {
			continue
		}
		u := update{URI: uri}
		if n.Params.Meta != nil {
			u.Version = number(n.Params.Meta["version"])
			p, _ := json.Marshal(n.Params.Meta["patch"])
			u.Patch = string(p)
		}
		out = append(out, u)
	}
	return out
}

// waitUpdates waits until mc has at least n updates of uri.
func (mc *mcpClient) waitUpdates(t *testing.T, uri string, n int) []update {
	t.Helper()
	eventually(t, 5*time.Second, "update "+uri, func() bool { return len(mc.received(uri)) >= n })
	return mc.received(uri)
}

// number is a version as JSON decoding or an in-process client has it.
func number(v any) float64 {
	switch n := v.(type) {
	case float64:
		return n
	case uint64:
		return float64(n)
	case int:
		return float64(n)
	}
	return -1
}
