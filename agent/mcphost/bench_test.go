package mcphost_test

import (
	"context"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/tea"
)

// The overhead of an agent's call: the same click (planted's inc) made
// directly on the session (Dispatch, no MCP), by a plain in-process MCP
// client, and by an agent through its Conn (ConnectAs's identity, the
// journal).

func benchServer(b *testing.B) (*mcp.Server, *tea.Session) {
	b.Helper()
	srv, err := mcp.New(mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	sess, err := srv.StartSession(context.Background(), "demo", "planted", planted.Fixed())
	if err != nil {
		b.Fatal(err)
	}
	return srv, sess
}

func BenchmarkClickDirect(b *testing.B) {
	_, sess := benchServer(b)
	ctx := context.Background()
	msg := clickMsg(b, sess)
	b.ResetTimer()
	for b.Loop() {
		if _, err := sess.Dispatch(ctx, msg); err != nil {
			b.Fatal(err)
		}
	}
}

// clickMsg is the message inc's click sends, from the widget itself.
func clickMsg(b *testing.B, sess *tea.Session) tea.Msg {
	for _, w := range tea.Widgets(sess.Snapshot().View) {
		if w.WidgetID() != "inc" {
			continue
		}
		r, err := w.(tea.ToolProvider).Invoke("click", nil)
		if err != nil {
			b.Fatal(err)
		}
		return r.Msg()
	}
	b.Fatal("no inc button")
	return nil
}

func BenchmarkClickPlainClient(b *testing.B) {
	srv, _ := benchServer(b)
	ctx := context.Background()
	ic, err := srv.Connect(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	c := mcpclient.New(ic)
	if err := c.Start(ctx); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = c.Close() })
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	if _, err := c.Initialize(ctx, init); err != nil {
		b.Fatal(err)
	}
	req := sdk.CallToolRequest{}
	req.Params.Name = "demo.inc.click"
	b.ResetTimer()
	for b.Loop() {
		res, err := c.CallTool(ctx, req)
		if err != nil || res.IsError {
			b.Fatalf("%v %v", err, res)
		}
	}
}

func BenchmarkClickAgentConn(b *testing.B) {
	srv, _ := benchServer(b)
	ctx := context.Background()
	c, err := mcpclient.ConnectAs(ctx, srv, "bench b1")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = c.Close() })
	conn := agent.NewConn(c, agent.NewJournal(nil), "demo")
	b.ResetTimer()
	for b.Loop() {
		res, err := conn.Call(ctx, "demo.inc.click", nil)
		if err != nil || res.IsError {
			b.Fatalf("%v %v", err, res)
		}
	}
}
