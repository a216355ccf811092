package mcphosttest_test

import (
	"context"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

func TestServeInstallsTheAgentsAndStopsEverythingWhenTheTestEnds(t *testing.T) {
	var srv *mcp.Server
	t.Run("a test", func(t *testing.T) {
		var m *agent.Manager
		srv, m = mcphosttest.Serve(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}}, agent.Options{})
		if _, ok := listedTools(t, srv)[agent.ToolName]; !ok {
			t.Fatal("the agent tool is not served")
		}
		if m == nil {
			t.Fatal("no manager")
		}
		if _, err := srv.StartSession(context.Background(), "s1", "planted", planted.Fixed()); err != nil {
			t.Fatal(err)
		}
	})
	if _, ok := srv.Sessions().Get("s1"); ok {
		t.Fatal("the session outlived the test that started it")
	}
}

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
