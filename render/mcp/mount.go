package mcp

import (
	"github.com/facetui/facet/render/mcp/derive"
	"github.com/mark3labs/mcp-go/server"
)

// Mount registers Facet's tools (static and derived, now and as they
// change) on an application's own mcp-go server. Every call re-enters
// through this server's authorization and sensitive-tool guard, and after
// Close every mounted tool denies: handing a tool to another server never
// hands out its raw handler.
func (s *Server) Mount(existing *server.MCPServer) {
	s.reg.AddSink(mountSink{s: s, dst: existing})
}

type mountSink struct {
	s   *Server
	dst *server.MCPServer
}

func (m mountSink) AddTools(tools []*derive.Tool) {
	entries := make([]server.ServerTool, 0, len(tools))
	for _, t := range tools {
		entries = append(entries, server.ServerTool{Tool: m.s.sdkTool(t), Handler: m.s.handlerFor(t.Name)})
	}
	m.dst.AddTools(entries...)
}

func (m mountSink) RemoveTools(names []string) {
	adv := make([]string, 0, 2*len(names))
	for _, n := range names {
		adv = append(adv, n, derive.SafeName(n))
	}
	m.dst.DeleteTools(adv...)
}
