package main

import (
	"context"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

// listedTools is srv's tools/list for a new in-process client, by the
// names it advertises.
func listedTools(t testing.TB, srv *mcp.Server) map[string]sdk.Tool {
	t.Helper()
	c, err := mcpclient.Connect(context.Background(), srv, "tools-test")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	res, err := c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]sdk.Tool, len(res.Tools))
	for _, tl := range res.Tools {
		out[tl.Name] = tl
	}
	return out
}
