package mcp

import (
	"context"
	"time"

	"github.com/facetui/facet/tea"
)

// Cluster is the rest of a cluster as a server sees it: the servers of
// other processes that share one directory of sessions with this one.
// Package cluster/mcpnode's Node is one; a server without a Cluster serves
// its own sessions only.
//
// The server asks it only about sessions that do not run here, and
// authorizes every call as it would a local one before it asks.
type Cluster interface {
	// Attach is called once, by New, with the server as the other nodes
	// reach it: what answers their forwarded requests and takes the
	// changes of their resources that this server's clients watch.
	Attach(l *Local)
	// Reserve claims session id of app for this node before it starts, or
	// answers an error naming the node that has it. owner is who starts
	// it: "host" for a session no client connection started, else the
	// connection's presence name (mcp:<connection>); shared says whether
	// every connection may reach it. started is called once the start is
	// over, with the session it made or nil when it made none.
	Reserve(ctx context.Context, id, app, owner string, shared bool) (started func(*tea.Session), err error)
	// Remote names the node that runs session id, when another node does.
	Remote(id string) (node string, ok bool)
	// Call has the node that runs session answer the call of tool with
	// args by CallerOf(ctx), as Local.Call answers it there.
	Call(ctx context.Context, session, tool string, args map[string]any) (Answer, error)
	// Read has the node that runs session answer the read of uri, one of
	// its resources, by CallerOf(ctx), as Local.Read answers it there.
	Read(ctx context.Context, session, uri string) (ResourceText, error)
	// Watch is called after every change to this server's subscriptions
	// with the resources of other nodes' sessions its clients watch, by
	// session: the cluster follows those sessions and hands their changes
	// to Local.Observe, until a later Watch leaves a session out.
	Watch(watched map[string][]string)
	// Left is called when client connection conn has ended, so the nodes
	// whose sessions it acted on forget it.
	Left(conn string)
	// View is the cluster as its directory has it now.
	View() ClusterView
}

// ResourceText is a resource's content as another node serves it.
type ResourceText struct {
	Text string
	MIME string
	// Meta is the content's _meta (its "version" among others).
	Meta map[string]any
}

// ClusterView is the cluster as its directory has it: the nodes, and the
// sessions the other nodes run.
type ClusterView struct {
	// Node is this node's name.
	Node string
	// Nodes are the live nodes, this one included.
	Nodes []string
	// Remote are the sessions other nodes run.
	Remote []RemoteSession
}

// RemoteSession is a session another node runs.
type RemoteSession struct {
	ID, App, Node string
	// Owner is who started it, as Cluster.Reserve names it.
	Owner   string
	Shared  bool
	Started time.Time
}

// hostOwner is the owner the directory gives a session no client
// connection started with facet_start.
const hostOwner = "host"

// private reports whether rs is one client connection's own, which no
// connection of another node reaches: anything not plainly a host
// session, unless it is shared.
func (rs RemoteSession) private() bool {
	return !rs.Shared && rs.Owner != "" && rs.Owner != hostOwner
}
