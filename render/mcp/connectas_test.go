package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/internal/sdkconn"
)

// connectAs is mcpclient.ConnectAs, which this package's own tests cannot
// import: an mcp-go client, started and initialized, of srv.ConnectAs.
func connectAs(ctx context.Context, srv *Server, agent string) (*client.Client, error) {
	conn, err := srv.ConnectAs(ctx, agent)
	if err != nil {
		return nil, err
	}
	c := client.NewClient(sdkconn.Transport(conn))
	start := context.WithoutCancel(ctx)
	if err := c.Start(start); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("start: %w", err)
	}
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = sdk.Implementation{Name: "facet-agent " + agent, Version: "1"}
	if _, err := c.Initialize(start, req); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("initialize: %w", err)
	}
	return c, nil
}

// TestConnCarriesJSONRPC: a Conn answers a request with its JSON-RPC
// response, is told the server's notifications, and after Close answers
// ErrConnClosed.
func TestConnCarriesJSONRPC(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll()}})
	conn, err := srv.Connect(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan json.RawMessage, 1)
	conn.OnNotification(func(n json.RawMessage) {
		select {
		case got <- n:
		default:
		}
	})
	answer, err := conn.Call(t.Context(), json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	if err != nil || !strings.Contains(string(answer), `"id":1`) || !strings.Contains(string(answer), ServerName) {
		t.Fatalf("initialize answered %s, %v", answer, err)
	}
	if err := conn.Notify(t.Context(), json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)); err != nil {
		t.Fatal(err)
	}
	answer, err = conn.Call(t.Context(), json.RawMessage(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
	if err != nil || !strings.Contains(string(answer), "facet_start") {
		t.Fatalf("tools/list answered %s, %v", answer, err)
	}
	srv.sdk.SendNotificationToAllClients("test/ping", nil)
	select {
	case n := <-got:
		if !strings.Contains(string(n), "test/ping") {
			t.Fatalf("notification %s", n)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no notification")
	}
	if err := conn.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Call(t.Context(), json.RawMessage(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)); !errors.Is(err, ErrConnClosed) {
		t.Fatalf("a call after Close answered %v; want ErrConnClosed", err)
	}
}
