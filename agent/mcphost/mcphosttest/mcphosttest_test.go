package mcphosttest_test

import (
	"context"
	"testing"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
)

func TestServeInstallsTheAgentsAndStopsEverythingWhenTheTestEnds(t *testing.T) {
	var srv *mcp.Server
	t.Run("a test", func(t *testing.T) {
		var m *agent.Manager
		srv, m = mcphosttest.Serve(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}}, agent.Options{})
		if _, ok := mcptest.ListedTools(t, srv)[agent.ToolName]; !ok {
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
