package facettest

import (
	"testing"

	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/tea/runtimetest"
)

// Start is mcptest.Start (the model as a session, driven through the real
// MCP transport, stopped when the test ends) with every snapshot the
// session publishes checked against the contract on tea.Model (see
// runtimetest): a published snapshot that changes afterwards fails the
// test.
func Start(t *testing.T, m tea.Model) *mcptest.Session {
	t.Helper()
	s := mcptest.Start(t, m)
	sess, _ := s.Server().Sessions().Get(s.ID())
	runtimetest.Check(t, sess.Runtime)
	return s
}
