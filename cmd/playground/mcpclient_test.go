package main

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

// initClient sends initialize to the started client c as client name,
// declaring extensions (nil for none), as a client does, and returns the
// server's answer.
func initClient(ctx context.Context, t testing.TB, c *client.Client, name string, extensions map[string]any) *sdk.InitializeResult {
	t.Helper()
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = sdk.Implementation{Name: name, Version: "1"}
	init.Params.Capabilities.Extensions = extensions
	res, err := c.Initialize(ctx, init)
	if err != nil {
		t.Fatalf("initialize as %s: %v", name, err)
	}
	return res
}

// inProcessClient is an in-process MCP client of srv, started (so the
// server's notifications reach it) and initialized as name (see
// initClient). It closes when the test ends.
func inProcessClient(t testing.TB, srv *mcp.Server, name string, extensions map[string]any) *client.Client {
	t.Helper()
	ic, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := mcpclient.New(ic)
	t.Cleanup(func() { _ = c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	initClient(ctx, t, c, name, extensions)
	return c
}

// newMCPServer is an MCP server with opts. When the test ends it stops its
// sessions and closes.
func newMCPServer(t *testing.T, opts mcp.Options) *mcp.Server {
	t.Helper()
	srv, err := mcp.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	return srv
}
