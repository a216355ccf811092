package mcpnode

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/render/mcp"
)

// Forwarded answers what other nodes forward to this one through the MCP
// server given to Serve. A node joins before its server exists (the
// server consults the node when it starts a session), so a request that
// comes before Serve is answered with an error saying to try again. The
// zero value is ready.
type Forwarded struct {
	srv atomic.Pointer[mcp.Server]
}

// Serve makes srv answer forwarded requests from now on.
func (f *Forwarded) Serve(srv *mcp.Server) { f.srv.Store(srv) }

// Handle answers one forwarded request: a tool call, a resource read, or
// a caller leaving a session. It implements cluster.Handler.
func (f *Forwarded) Handle(ctx context.Context, req cluster.Request) (json.RawMessage, error) {
	srv := f.srv.Load()
	switch {
	case srv == nil:
		return nil, fmt.Errorf("session %q: this node's MCP server is not serving yet; try again", req.Session)
	case req.Kind == cluster.KindRead:
		return srv.ServeForwardedRead(ctx, req.From, req.Caller, req.Name), nil
	case req.Kind == cluster.KindLeave:
		srv.ServeForwardedLeave(ctx, req.From, req.Caller, req.Session)
		return json.RawMessage(`{}`), nil
	case req.Kind != cluster.KindCall:
		return nil, fmt.Errorf("session %q: a %q request is not forwarded between MCP nodes: only tool calls, resource reads and leaving", req.Session, req.Kind)
	}
	return srv.ServeForwarded(ctx, req.From, req.Caller, req.Session, req.Name, req.Args), nil
}
