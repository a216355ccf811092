package mcptest

import (
	"context"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

// ListedTools is srv's tools/list, every page of it, for a new in-process
// client (mcpclient.Connect), by the names it advertises. It fails t on
// any error.
func ListedTools(t testing.TB, srv *mcp.Server) map[string]sdk.Tool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	c, err := mcpclient.Connect(ctx, srv, "tools-test")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	out := map[string]sdk.Tool{}
	var req sdk.ListToolsRequest
	for {
		res, err := c.ListTools(ctx, req)
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		for _, tl := range res.Tools {
			out[tl.Name] = tl
		}
		if res.NextCursor == "" {
			return out
		}
		req.Params.Cursor = res.NextCursor
	}
}
