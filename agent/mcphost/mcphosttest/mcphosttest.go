// Package mcphosttest serves agents on an MCP server for the length of a
// test: the set-up and clean-up every test of an agent kind repeats.
package mcphosttest

import (
	"testing"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost"
	"github.com/facetui/facet/render/mcp"
)

// Serve is an MCP server with opts and, installed on it with
// mcphost.Install, a manager of the agents agents declares. When the test
// ends the manager closes, then the server stops its sessions and closes.
func Serve(t testing.TB, opts mcp.Options, agents agent.Options) (*mcp.Server, *agent.Manager) {
	t.Helper()
	srv, err := mcp.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mcphost.Install(srv, agents)
	if err != nil {
		srv.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		m.Close()
		srv.Sessions().StopAll()
		srv.Close()
	})
	return srv, m
}
