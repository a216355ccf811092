package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// clusterOptions are the --cluster flags.
type clusterOptions struct {
	url    string // --cluster nats://HOST:PORT: join that server
	listen string // --cluster-listen ADDR: run the embedded server
	node   string // --node NAME ("" : the host name)
}

// addClusterFlags declares the cluster flags into o.
func addClusterFlags(fs *flag.FlagSet, o *clusterOptions) {
	fs.StringVar(&o.url, "cluster", "", "join the cluster whose NATS server is at `URL` (nats://HOST:PORT): session ids are unique across its nodes and its directory lists them")
	fs.StringVar(&o.listen, "cluster-listen", "", "start a cluster: run an embedded NATS server (JetStream on) on the loopback `ADDR` that other nodes join with --cluster")
	fs.StringVar(&o.node, "node", "", "name this node of the cluster `NAME` (1-32 of A-Z a-z 0-9 _ -; default: the host name)")
}

// enabled reports whether this run is a node of a cluster.
func (o clusterOptions) enabled() bool { return o.url != "" || o.listen != "" }

// check reports cluster flags that make no sense; mcp says whether MCP is
// served (--mcp or --http), which is what a cluster shares.
func (o clusterOptions) check(list, mcp bool) error {
	switch {
	case o.url != "" && o.listen != "":
		return &usageError{err: errors.New("--cluster and --cluster-listen cannot be combined: a node either joins a cluster's server or runs one")}
	case o.node != "" && !o.enabled():
		return &usageError{err: errors.New("--node needs --cluster URL or --cluster-listen ADDR")}
	case o.enabled() && list:
		return &usageError{err: errors.New("--list and --cluster cannot be combined")}
	case o.enabled() && !mcp:
		return &usageError{err: errors.New("--cluster and --cluster-listen need --http ADDR or --mcp: a cluster shares the sessions agents start")}
	}
	return nil
}

// joinCluster makes this run a node of the cluster o names, when it names
// one, and keeps every session of sessions in the cluster's directory:
// those started through the MCP server claim their id before they start
// (the server consults the node), the others (a terminal's, an SSH
// connection's) are put in as they start. leave takes the node out.
func joinCluster(ctx context.Context, o clusterOptions, sessions *tea.Sessions, stderr io.Writer, served *atomic.Pointer[mcp.Server]) (node *cluster.Node, leave func(), err error) {
	if !o.enabled() {
		return nil, func() {}, nil
	}
	node, err = cluster.Join(ctx, cluster.Options{URL: o.url, Listen: o.listen, Name: o.node, Handler: forwardedTo(served)})
	if err != nil {
		return nil, nil, &usageError{err: err}
	}
	if o.listen != "" {
		fmt.Fprintf(stderr, "playground: node %s runs the cluster's NATS server at %s; join it with --cluster %s\n", node.Name(), node.ClientURL(), node.ClientURL())
	} else {
		fmt.Fprintf(stderr, "playground: node %s joined the cluster at %s\n", node.Name(), node.ClientURL())
	}
	h := &hostQueue{node: node, stderr: stderr, wake: make(chan struct{}, 1), done: make(chan struct{})}
	unwatch := sessions.Watch(func(ev tea.SessionEvent) {
		if ev.Started {
			h.add(ev.Session)
		}
	})
	for _, sess := range sessions.List() {
		h.add(sess)
	}
	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	go h.run(runCtx)
	return node, func() {
		unwatch()
		stop()
		<-h.done
		_ = node.Close()
	}, nil
}

// forwardedTo answers the tool calls and resource reads other nodes forward for this node's
// sessions through the MCP server served holds, once it holds one; with
// no served, this node answers none.
func forwardedTo(served *atomic.Pointer[mcp.Server]) cluster.Handler {
	if served == nil {
		return nil
	}
	return cluster.HandlerFunc(func(ctx context.Context, req cluster.Request) (json.RawMessage, error) {
		srv := served.Load()
		switch {
		case srv == nil:
			return nil, fmt.Errorf("session %q: this node's MCP server is not serving yet; try again", req.Session)
		case req.Kind == cluster.KindRead:
			return srv.ServeForwardedRead(ctx, req.From, req.Caller, req.Name), nil
		case req.Kind == cluster.KindLeave:
			srv.ServeForwardedLeave(ctx, req.From, req.Caller, req.Session)
			return json.RawMessage(`{}`), nil
		case req.Kind != cluster.KindCall:
			return nil, fmt.Errorf("session %q: a %q request is not forwarded between playground nodes: only tool calls, resource reads and leaving", req.Session, req.Kind)
		}
		return srv.ServeForwarded(ctx, req.From, req.Caller, req.Session, req.Name, req.Args), nil
	})
}

// hostQueue puts sessions in the directory off the goroutine that started
// them (a registry watcher must not block).
type hostQueue struct {
	node   *cluster.Node
	stderr io.Writer
	mu     sync.Mutex
	queue  []*tea.Session
	wake   chan struct{}
	done   chan struct{}
}

func (h *hostQueue) add(sess *tea.Session) {
	h.mu.Lock()
	h.queue = append(h.queue, sess)
	h.mu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

func (h *hostQueue) run(ctx context.Context) {
	defer close(h.done)
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.wake:
		}
		h.mu.Lock()
		batch := h.queue
		h.queue = nil
		h.mu.Unlock()
		for _, sess := range batch {
			if owner, ok := h.node.Owner(sess.ID); ok && owner == h.node.Name() {
				continue // started through the MCP server: already claimed
			}
			select {
			case <-sess.Done():
				continue
			default:
			}
			if err := h.node.Host(ctx, sess, "host"); err != nil && ctx.Err() == nil {
				fmt.Fprintf(h.stderr, "playground: session %s stays out of the cluster's directory: %v\n", sess.ID, err)
			}
		}
	}
}
