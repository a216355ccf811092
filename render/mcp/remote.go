package mcp

import (
	"context"

	"github.com/facetui/facet/tea"
)

// Cluster is the session directory of the servers this one shares
// sessions with (package cluster's Node implements it). The server
// consults it whenever it starts a session, so an id that any node runs is
// refused, naming that node, before the app starts.
type Cluster interface {
	// Reserve claims session id of app for this node, or answers an
	// error naming the node that has it.
	Reserve(ctx context.Context, id, app string) error
	// Adopt keeps a reserved session in the directory until it stops.
	Adopt(sess *tea.Session)
	// Release gives back a reservation whose session did not start.
	Release(ctx context.Context, id string) error
}

// reserveInCluster reserves id in Options.Cluster, when there is one, and
// returns what to do once the start is over: adopt the session it made,
// or release the id when it made none.
func (s *Server) reserveInCluster(ctx context.Context, id, app string) (started func(*tea.Session), err error) {
	c := s.opts.Cluster
	if c == nil {
		return func(*tea.Session) {}, nil
	}
	if err := c.Reserve(ctx, id, app); err != nil {
		return nil, err
	}
	return func(sess *tea.Session) {
		if sess == nil {
			_ = c.Release(context.WithoutCancel(ctx), id)
			return
		}
		c.Adopt(sess)
	}, nil
}
