package mcphost_test

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// TestOneClientRunsAtMostItsShareOfTheAgents: with 4 agent slots, one
// client connection runs at most 2 agents at once, and another still
// spawns while it holds them.
func TestOneClientRunsAtMostItsShareOfTheAgents(t *testing.T) {
	gate := make(chan struct{})
	defer close(gate)
	srv, _ := mcphosttest.Serve(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()},
		Apps: []mcp.App{{Name: "planted", New: func() tea.Model { return planted.Fixed() }}}},
		agent.Options{Max: 4, Kinds: map[string]agent.Factory{
			"gated": func(s agent.Spec) (agent.Agent, error) { return &clicker{goal: s.Goal, gate: gate}, nil },
		}})
	if _, err := srv.StartSession(context.Background(), "demo", "planted", planted.Fixed()); err != nil {
		t.Fatal(err)
	}
	spawn := func(c interface {
		CallTool(context.Context, sdk.CallToolRequest) (*sdk.CallToolResult, error)
	}, id string) (bool, string) {
		t.Helper()
		req := sdk.CallToolRequest{}
		req.Params.Name = "agent"
		req.Params.Arguments = map[string]any{"action": "spawn", "kind": "gated", "id": id, "session": "demo", "goal": "1"}
		res, err := c.CallTool(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(sdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return !res.IsError, b.String()
	}
	hog, newcomer := legacyClient(t, srv), legacyClient(t, srv)
	for _, id := range []string{"h1", "h2"} {
		if ok, text := spawn(hog, id); !ok {
			t.Fatalf("spawn %s: %s", id, text)
		}
	}
	if ok, text := spawn(hog, "h3"); ok || !strings.Contains(text, "you run 2 agents, one client's share of the 4") {
		t.Fatalf("a third agent of one client: ok=%v %s", ok, text)
	}
	if ok, text := spawn(newcomer, "n1"); !ok {
		t.Fatalf("a newcomer's agent while one client holds its share: %s", text)
	}
}
