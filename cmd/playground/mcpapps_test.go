package main

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// TestPlaygroundOffersSessionsToMCPAppsHosts: --mcp serves the ui:// view
// of a session to a client that declares the extension.
func TestPlaygroundOffersSessionsToMCPAppsHosts(t *testing.T) {
	o, err := parseOptions([]string{"--mcp"})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcp.New(o.mcp.serverOptions(func(string) string { return "" }, tea.NewSessions(), nil))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	defer srv.Sessions().StopAll()
	c, err := client.NewInProcessClient(srv.SDK())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "host", Version: "1"}
	init.Params.Capabilities.Extensions = map[string]any{mcp.UIExtension: map[string]any{"mimeTypes": []string{mcp.UIMIME}}}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	start := sdk.CallToolRequest{}
	start.Params.Name, start.Params.Arguments = "facet_start", map[string]any{"app": "counter", "id": "c"}
	if res, err := c.CallTool(ctx, start); err != nil || res.IsError {
		t.Fatalf("facet_start: %v %v", err, res)
	}
	read := sdk.ReadResourceRequest{}
	read.Params.URI = mcp.UIURI("c")
	res, err := c.ReadResource(ctx, read)
	if err != nil {
		t.Fatalf("read %s: %v", read.Params.URI, err)
	}
	if page, ok := res.Contents[0].(sdk.TextResourceContents); !ok || page.MIMEType != mcp.UIMIME {
		t.Fatalf("read %s: %#v, want a page of %s", read.Params.URI, res.Contents[0], mcp.UIMIME)
	}
}
