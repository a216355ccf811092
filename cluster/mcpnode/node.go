package mcpnode

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// Node is a cluster node that an MCP server shares its sessions through:
// give it to the server as mcp.Options.Cluster. It carries the server's
// calls, reads and subscriptions for sessions other nodes run to those
// nodes, and answers theirs for this node's sessions through the server.
type Node struct {
	node  *cluster.Node
	local atomic.Pointer[mcp.Local]

	relays relays

	mu    sync.Mutex
	hosts []func() // stops the Hosts watchers
}

// Join makes this process a node of the cluster opts name (see
// cluster.Join). The node answers the requests other nodes forward itself
// (opts.Handler is replaced), through the MCP server it is given to;
// until that server exists, they are answered with an error saying to try
// again.
func Join(ctx context.Context, opts cluster.Options) (*Node, error) {
	n := &Node{}
	opts.Handler = cluster.HandlerFunc(n.handle)
	cn, err := cluster.Join(ctx, opts)
	if err != nil {
		return nil, err
	}
	n.node = cn
	return n, nil
}

// Cluster is the node as package cluster has it: its name, directory and
// NATS address.
func (n *Node) Cluster() *cluster.Node { return n.node }

// Close stops what Hosts started and takes the node out of the cluster.
func (n *Node) Close() error {
	n.mu.Lock()
	stops := n.hosts
	n.hosts = nil
	n.mu.Unlock()
	for _, stop := range stops {
		stop()
	}
	return n.node.Close()
}

// Attach makes l, the MCP server's side, answer forwarded requests from
// now on. It implements mcp.Cluster; the server calls it.
func (n *Node) Attach(l *mcp.Local) {
	n.local.Store(l)
	n.relays.local = l
}

// Reserve claims session id in the directory before the server starts it,
// and keeps it there once it has started (or gives it back when it did
// not). It implements mcp.Cluster.
func (n *Node) Reserve(ctx context.Context, id, app, owner string, shared bool) (started func(*tea.Session), err error) {
	if err := n.node.Reserve(ctx, id, app, owner, shared); err != nil {
		return nil, err
	}
	return func(sess *tea.Session) {
		if sess == nil {
			_ = n.node.Release(context.WithoutCancel(ctx), id)
			return
		}
		n.node.Adopt(sess)
	}, nil
}

// Remote names the node that runs session id, when another node does. It
// implements mcp.Cluster.
func (n *Node) Remote(id string) (node string, ok bool) { return n.node.Remote(id) }

// View is the cluster as the directory has it now. It implements
// mcp.Cluster.
func (n *Node) View() mcp.ClusterView {
	v := mcp.ClusterView{Node: n.node.Name(), Nodes: n.node.NodeNames()}
	n.node.EachRemote(func(id, app, node, owner string, shared bool, started time.Time) {
		v.Remote = append(v.Remote, mcp.RemoteSession{ID: id, App: app, Node: node, Owner: owner, Shared: shared, Started: started})
	})
	return v
}
