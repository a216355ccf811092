package mcpnode_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/cluster/mcpnode"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// node is one process's half of a test cluster: its node, registry and
// MCP server.
type node struct {
	node     *cluster.Node
	sessions *tea.Sessions
	srv      *mcp.Server
}

func join(t *testing.T, name, url string) *node {
	t.Helper()
	var fwd mcpnode.Forwarded
	opts := cluster.Options{Name: name, Handler: &fwd, StoreDir: t.TempDir()}
	if url == "" {
		opts.Listen = "127.0.0.1:0"
	} else {
		opts.URL = url
	}
	n, err := cluster.Join(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = n.Close() })
	sessions := tea.NewSessions()
	t.Cleanup(sessions.StopAll)
	srv, err := mcp.New(mcp.Options{Sessions: sessions, Cluster: n, Authorizer: mcp.AllowAll(),
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return playground.NewCounter() }}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	fwd.Serve(srv)
	stop := mcpnode.Hosts(context.Background(), n, sessions, func(id string, err error) { t.Errorf("session %s stays out: %v", id, err) })
	t.Cleanup(stop)
	return &node{node: n, sessions: sessions, srv: srv}
}

func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s", what)
		}
	}
}

// TestAHostSessionIsCalledThroughAnotherNode: a session a terminal started
// on node a (no MCP client claimed it) enters the directory through
// Hosts, and a client of node b's server clicks it: Forwarded answers on
// a.
func TestAHostSessionIsCalledThroughAnotherNode(t *testing.T) {
	a := join(t, "a", "")
	b := join(t, "b", a.node.ClientURL())
	sess, err := a.sessions.Start(context.Background(), "live", "counter", playground.NewCounter())
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "node b sees a's host session", func() bool {
		e, ok := b.node.Lookup("live")
		return ok && e.Node == "a"
	})
	c, err := client.NewInProcessClient(b.srv.SDK())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_act"
	req.Params.Arguments = map[string]any{"session": "live", "widget": "inc", "action": "click"}
	res, err := c.CallTool(ctx, req)
	if err != nil || res.IsError {
		t.Fatalf("a click through b: %v %+v", err, res)
	}
	eventually(t, "the click applied on a", func() bool {
		return strings.Contains(terminal.DrawSnapshot(sess.Snapshot(), 80, 24), "Count: 1")
	})
}

// TestAForwardedRequestBeforeServeSaysToTryAgain: a node's requests may
// come before its server is served.
func TestAForwardedRequestBeforeServeSaysToTryAgain(t *testing.T) {
	var fwd mcpnode.Forwarded
	_, err := fwd.Handle(context.Background(), cluster.Request{Kind: cluster.KindCall, Session: "s"})
	if err == nil || !strings.Contains(err.Error(), "try again") {
		t.Fatalf("before Serve: %v", err)
	}
}
