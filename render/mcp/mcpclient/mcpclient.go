// Package mcpclient makes an mcp-go client of an in-process connection to
// a Facet MCP server (mcp.Conn): the client side's one meeting point with
// the SDK, so that package render/mcp's API carries none of its types.
package mcpclient

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/internal/sdkconn"
)

// New makes an mcp-go client of conn; the client is neither started nor
// initialized. Closing it closes conn.
func New(conn *mcp.Conn) *client.Client {
	return client.NewClient(sdkconn.Transport(conn))
}

// Open makes an mcp-go client of conn, starts it and initializes it as a
// client named name; on an error it closes conn.
func Open(ctx context.Context, conn *mcp.Conn, name string) (*client.Client, error) {
	c := New(conn)
	if err := c.Start(ctx); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("mcpclient: start: %w", err)
	}
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = sdk.Implementation{Name: name, Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("mcpclient: initialize: %w", err)
	}
	return c, nil
}

// Connect opens an in-process client connection to srv (mcp.Server.Connect)
// and an mcp-go client of it, started and initialized as a client named
// name.
func Connect(ctx context.Context, srv *mcp.Server, name string) (*client.Client, error) {
	conn, err := srv.Connect(ctx)
	if err != nil {
		return nil, fmt.Errorf("mcpclient: %w", err)
	}
	return Open(ctx, conn, name)
}

// ConnectAs opens an in-process connection to srv for an agent named agent,
// acting for the caller of ctx (mcp.Server.ConnectAs), and an mcp-go client
// of it, started and initialized as "facet-agent <agent>".
func ConnectAs(ctx context.Context, srv *mcp.Server, agent string) (*client.Client, error) {
	conn, err := srv.ConnectAs(ctx, agent)
	if err != nil {
		return nil, fmt.Errorf("mcpclient: %w", err)
	}
	return Open(context.WithoutCancel(ctx), conn, "facet-agent "+agent)
}
