package mcpnode_test

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/cluster/mcpnode"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
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
	opts := cluster.Options{Name: name, StoreDir: t.TempDir()}
	if url == "" {
		opts.Listen = "127.0.0.1:0"
	} else {
		opts.URL = url
	}
	n, err := mcpnode.Join(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = n.Close() })
	sessions := tea.NewSessions()
	t.Cleanup(sessions.StopAll)
	srv, err := mcp.New(mcp.Options{Sessions: sessions, Cluster: n, Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()},
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return playground.NewCounter() }}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	n.Hosts(context.Background(), sessions, func(id string, err error) { t.Errorf("session %s stays out: %v", id, err) })
	return &node{node: n.Cluster(), sessions: sessions, srv: srv}
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
	ic, err := b.srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := mcpclient.New(ic)
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

// TestAForwardedRequestBeforeTheServerSaysToTryAgain: a node joins before
// its server exists, so a request for one of its sessions may come first.
func TestAForwardedRequestBeforeTheServerSaysToTryAgain(t *testing.T) {
	a, err := mcpnode.Join(context.Background(), cluster.Options{Name: "a", Listen: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	sessions := tea.NewSessions()
	t.Cleanup(sessions.StopAll)
	if _, err := a.Cluster().Start(context.Background(), sessions, cluster.Entry{ID: "live", App: "counter"}, playground.NewCounter()); err != nil {
		t.Fatal(err)
	}
	_, err = a.Cluster().Do(context.Background(), cluster.Request{Kind: cluster.KindCall, Session: "live", Name: "facet_list"})
	if err == nil || !strings.Contains(err.Error(), "try again") {
		t.Fatalf("before the server: %v", err)
	}
}
