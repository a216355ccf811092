package mcphost_test

import (
	"context"
	"fmt"
	"time"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/explorer"
	"github.com/facetui/facet/agent/mcphost"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/render/mcp"
)

// ExampleInstall serves agents on an MCP server and runs an explorer on a
// session, as a client's spawn through the agent tool would.
func ExampleInstall() {
	srv, err := mcp.New(mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	agents, err := mcphost.Install(srv, agent.Options{Kinds: map[string]agent.Factory{
		explorer.Kind: explorer.New(explorer.Options{}),
	}})
	if err != nil {
		panic(err)
	}
	defer agents.Close()

	ctx := context.Background()
	if _, err := srv.StartSession(ctx, "demo", "planted", planted.Fixed()); err != nil {
		panic(err)
	}
	defer srv.Sessions().StopAll()
	if _, err := agents.Spawn(ctx, agent.Spec{Kind: explorer.Kind, ID: "a1", Session: "demo",
		Budget: agent.Budget{Steps: 50, Time: time.Minute}}); err != nil {
		panic(err)
	}
	info, err := agents.Wait(ctx, "a1")
	if err != nil {
		panic(err)
	}
	status, _ := agents.Status("a1")
	fmt.Println(info.Status, info.Steps >= 50, len(status.Detail["faults"].([]explorer.Fault)), "faults")
	// Output: done true 0 faults
}
