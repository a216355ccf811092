package main

import (
	"context"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
)

// TestPlaygroundOffersSessionsToMCPAppsHosts: --mcp serves the ui:// view
// of a session to a client that declares the extension.
func TestPlaygroundOffersSessionsToMCPAppsHosts(t *testing.T) {
	opts, _ := parsedMCPOptions(t, []string{"--mcp"}, "")
	c := inProcessClient(t, newMCPServer(t, opts), "host", map[string]any{mcp.UIExtension: map[string]any{"mimeTypes": []string{mcp.UIMIME}}})
	ctx := context.Background()
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
