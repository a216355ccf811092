package mcpnode

import (
	"context"
	"sync"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/tea"
)

// Hosts puts every session of sessions that no MCP client started (those
// claim their id through the server before they start) in the node's
// directory, owned by the host, as it starts, and the ones already
// running now: a terminal's, an SSH connection's. refused (an id another
// node runs, say) reports each one that stays out, and may be nil. It
// goes on until Close.
func (n *Node) Hosts(ctx context.Context, sessions *tea.Sessions, refused func(session string, err error)) {
	h := &hostQueue{node: n.node, refused: refused, wake: make(chan struct{}, 1), done: make(chan struct{})}
	unwatch := sessions.Watch(func(ev tea.SessionEvent) {
		if ev.Started {
			h.add(ev.Session)
		}
	})
	for _, sess := range sessions.List() {
		h.add(sess)
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	go h.run(runCtx)
	n.mu.Lock()
	defer n.mu.Unlock()
	n.hosts = append(n.hosts, func() {
		unwatch()
		cancel()
		<-h.done
	})
}

// hostQueue puts sessions in the directory off the goroutine that started
// them (a registry watcher must not block).
type hostQueue struct {
	node    *cluster.Node
	refused func(string, error)
	mu      sync.Mutex
	queue   []*tea.Session
	wake    chan struct{}
	done    chan struct{}
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
			if err := h.node.Host(ctx, sess, "host"); err != nil && ctx.Err() == nil && h.refused != nil {
				h.refused(sess.ID, err)
			}
		}
	}
}
