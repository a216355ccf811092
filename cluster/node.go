package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Node is this process in a cluster: its NATS connection, its part of the
// directory and the subjects it answers on. Close leaves the cluster.
type Node struct {
	opts Options
	emb  *embedded // nil when joining another server
	nc   *nats.Conn
	conn *connState // ends forwarded requests in flight when nc drops
	kv   jetstream.KeyValue

	runCtx context.Context // ends on Close
	cancel context.CancelFunc
	wg     sync.WaitGroup // the watcher, the keep-alive and the healer
	reqs   sync.WaitGroup // forwarded requests being answered

	writeMu sync.Mutex // serializes this node's writes to its claims
	mu      sync.Mutex
	claims  map[string]*claim  // keys this node owns
	pending map[string]bool    // claims whose entries changed, for the healer
	wake    chan struct{}      // wakes the healer
	known   map[string]bool    // other nodes met in the directory (see heldElsewhere)
	cache   map[string]cached  // the directory as watched
	hosted  map[string]*hosted // sessions hosted with Host
	// followers are the Subscribe calls by session id, told when the
	// session leaves the directory.
	followers map[string]map[*follower]bool
	synced    chan struct{} // closed once the watcher has the bucket's contents
	once      sync.Once
	closed    bool
}

// Join starts a node: it runs the embedded server when opts.Listen is
// set, connects, opens (or creates) the directory bucket, registers the
// node's name (refused with ErrNodeNameTaken when a live node has it) and
// starts answering forwarded requests.
func Join(ctx context.Context, opts Options) (_ *Node, err error) {
	opts, err = opts.withDefaults()
	if err != nil {
		return nil, err
	}
	n := &Node{
		opts:      opts,
		claims:    map[string]*claim{},
		pending:   map[string]bool{},
		wake:      make(chan struct{}, 1),
		known:     map[string]bool{},
		cache:     map[string]cached{},
		hosted:    map[string]*hosted{},
		followers: map[string]map[*follower]bool{},
		synced:    make(chan struct{}),
		conn:      newConnState(),
	}
	defer func() {
		if err != nil {
			n.shutdown(false)
		}
	}()
	url := opts.URL
	connOpts := append([]nats.Option{
		nats.Name("facet-" + opts.Name),
		nats.Timeout(opts.CallTimeout),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.DisconnectErrHandler(func(*nats.Conn, error) { n.conn.dropped() }),
		nats.ReconnectHandler(func(*nats.Conn) { n.conn.renewed() }),
	}, opts.credentials()...)
	if opts.Listen != "" {
		if n.emb, err = startEmbedded(opts); err != nil {
			return nil, err
		}
		url = n.emb.url()
		// The node joins its own server in process: no socket, so no TLS
		// (a tls:// URL would ask nats.go for it); the secret still applies.
		connOpts = append(connOpts, nats.InProcessServer(n.emb.srv))
	}
	connURL := url
	if n.emb != nil {
		connURL = "nats://" + strings.TrimPrefix(url, "tls://")
	}
	n.nc, err = nats.Connect(connURL, connOpts...)
	if err != nil {
		return nil, joinError(url, err)
	}
	js, err := jetstream.New(n.nc)
	if err != nil {
		return nil, fmt.Errorf("cluster: JetStream on %s: %w", redact(url), err)
	}
	cctx, cancel := context.WithTimeout(ctx, opts.CallTimeout)
	defer cancel()
	n.kv, err = js.CreateOrUpdateKeyValue(cctx, jetstream.KeyValueConfig{
		Bucket:         opts.Bucket,
		Description:    "Facet session directory",
		History:        1,
		TTL:            opts.TTL,
		LimitMarkerTTL: opts.TTL,
		Storage:        jetstream.MemoryStorage,
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: directory bucket %q (does the server at %s have JetStream on?): %w", opts.Bucket, redact(url), err)
	}

	runCtx, stop := context.WithCancel(context.WithoutCancel(ctx))
	n.runCtx, n.cancel = runCtx, stop
	w, err := n.kv.WatchAll(runCtx)
	if err != nil {
		return nil, fmt.Errorf("cluster: watch directory %q: %w", opts.Bucket, err)
	}
	n.wg.Add(1)
	go func() { defer n.wg.Done(); n.watchDirectory(runCtx, w) }()
	select {
	case <-n.synced:
	case <-cctx.Done():
		return nil, fmt.Errorf("cluster: reading directory %q: %w", opts.Bucket, cctx.Err())
	}

	// The name is refused while a node answers to it, even when its entry
	// is missing for a moment: two nodes of one name would overwrite each
	// other's entry for ever.
	if n.alive(ctx, opts.Name, opts.CallTimeout/2) {
		return nil, fmt.Errorf("cluster: node name %q: %w by a live node; pick another with --node", opts.Name, ErrNodeNameTaken)
	}
	info, err := json.Marshal(NodeInfo{Name: opts.Name, Joined: time.Now()})
	if err != nil {
		return nil, fmt.Errorf("cluster: encode node: %w", err)
	}
	if err := n.create(ctx, nodeKey+opts.Name, info); err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return nil, fmt.Errorf("cluster: node name %q: %w by a live node; pick another with --node", opts.Name, ErrNodeNameTaken)
		}
		return nil, fmt.Errorf("cluster: register node %q: %w", opts.Name, err)
	}
	if err := n.serve(); err != nil {
		return nil, err
	}
	n.wg.Add(2)
	go func() { defer n.wg.Done(); n.keepAlive(runCtx) }()
	go func() { defer n.wg.Done(); n.healLoop(runCtx) }()
	return n, nil
}

// Name is the node's name.
func (n *Node) Name() string { return n.opts.Name }

// ClientURL is the address other nodes join: the embedded server's when
// this node runs one, else the server this node joined.
func (n *Node) ClientURL() string {
	if n.emb != nil {
		return n.emb.url()
	}
	return n.opts.URL
}

// Close leaves the cluster: it stops hosting, takes this node's entries
// out of the directory, drains the connection and stops the embedded
// server, if any.
func (n *Node) Close() error {
	n.shutdown(true)
	return nil
}

// shutdown stops the node; with graceful, its entries are deleted first
// (without, they expire with the TTL, as when the process dies).
func (n *Node) shutdown(graceful bool) {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return
	}
	n.closed = true
	hosted := make([]*hosted, 0, len(n.hosted))
	for _, h := range n.hosted {
		hosted = append(hosted, h)
	}
	n.mu.Unlock()
	for _, h := range hosted {
		h.stopWatching()
	}
	if n.cancel != nil {
		n.cancel()
	}
	n.wg.Wait()
	if graceful && n.kv != nil && n.nc.IsConnected() {
		n.mu.Lock()
		keys := make([]string, 0, len(n.claims))
		for k := range n.claims {
			keys = append(keys, k)
		}
		n.mu.Unlock()
		for _, k := range keys {
			_ = n.release(context.Background(), k)
		}
	}
	if n.nc != nil {
		n.nc.Close()
	}
	n.reqs.Wait()
	if n.emb != nil {
		n.emb.shutdown()
	}
}
