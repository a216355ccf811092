package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/nats-io/nats.go"

	"github.com/facetui/facet/tea"
)

// Change is published every time a session's view changes, on the
// session's subject, for subscribers on any node.
type Change struct {
	Session string `json:"session"`
	Node    string `json:"node"`
	Version uint64 `json:"version"`
	// Stopped is set on the last change of a session that stopped.
	Stopped bool `json:"stopped,omitempty"`
}

// hosted is a local session this node keeps in the directory.
type hosted struct {
	unwatch func()
	done    chan struct{} // closed by stopWatching
	stop    sync.Once
}

// stopWatching ends the watch once, however many goroutines ask: the
// session's own end and the node's shutdown may both call it at once.
func (h *hosted) stopWatching() {
	h.stop.Do(func() {
		h.unwatch()
		close(h.done)
	})
}

func changeSubject(id string) string { return "facet.session." + id + ".changed" }

// Start starts m as session e.ID of app e.App in reg on this node, after
// claiming the id in the directory: an id any node has is refused with an
// *IDTakenError naming that node, before the app starts. The session
// leaves the directory when it stops.
func (n *Node) Start(ctx context.Context, reg *tea.Sessions, e Entry, m tea.Model, opts ...tea.Option) (*tea.Session, error) {
	if err := n.Claim(ctx, e); err != nil {
		return nil, err
	}
	sess, err := reg.Start(ctx, e.ID, e.App, m, opts...)
	if err != nil {
		_ = n.Release(context.WithoutCancel(ctx), e.ID)
		return nil, err
	}
	n.host(sess)
	return sess, nil
}

// Host puts a session already running on this node in the directory (one
// a person started at a terminal, say), refusing it with an *IDTakenError
// when another node has the id. The session leaves the directory when it
// stops.
func (n *Node) Host(ctx context.Context, sess *tea.Session, owner string) error {
	e := Entry{ID: sess.ID, App: sess.App, Owner: owner, Started: sess.StartedAt}
	if err := n.Claim(ctx, e); err != nil {
		return err
	}
	n.host(sess)
	return nil
}

// host publishes sess's changes, keeps its agents current in the
// directory and releases it when it stops.
func (n *Node) host(sess *tea.Session) {
	subject := changeSubject(sess.ID)
	publish := func(c Change) {
		data, err := json.Marshal(c)
		if err == nil {
			_ = n.nc.Publish(subject, data)
		}
	}
	// agents carries the latest agent list from the session's goroutine
	// (which must not wait) to the one that writes the directory.
	agents := make(chan []string, 1)
	var last []string // touched by Watch's calls only, one at a time
	h := &hosted{done: make(chan struct{})}
	h.unwatch = sess.Watch(func(s tea.Snapshot) {
		publish(Change{Session: sess.ID, Node: n.opts.Name, Version: s.Version})
		if slices.Equal(s.Presence.Agents, last) {
			return
		}
		last = s.Presence.Agents
		select {
		case <-agents:
		default:
		}
		agents <- last
	})
	n.mu.Lock()
	n.hosted[sess.ID] = h
	n.mu.Unlock()
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		for {
			select {
			case list := <-agents:
				_ = n.SetAgents(n.runCtx, sess.ID, list)
				continue
			case <-sess.Done():
			case <-h.done:
				return
			case <-n.runCtx.Done():
				return
			}
			break
		}
		h.stopWatching()
		n.mu.Lock()
		if n.hosted[sess.ID] == h {
			delete(n.hosted, sess.ID)
		}
		n.mu.Unlock()
		_ = n.Release(n.runCtx, sess.ID)
		publish(Change{Session: sess.ID, Node: n.opts.Name, Stopped: true})
	}()
}

// Subscribe calls fn with every Change of session id, wherever it runs,
// until cancel or ctx ends, and last with a Change whose Stopped is set
// when the session stops or leaves the directory (its node died and its
// entry expired), after which fn is not called again. A session the
// directory does not have answers a *StaleSessionError.
func (n *Node) Subscribe(ctx context.Context, id string, fn func(Change)) (cancel func(), err error) {
	owner, ok := n.Owner(id)
	if !ok {
		return nil, &StaleSessionError{ID: id, Why: "no node has it"}
	}
	f := &follower{fn: fn}
	sub, err := n.nc.Subscribe(changeSubject(id), func(m *nats.Msg) {
		var c Change
		if json.Unmarshal(m.Data, &c) == nil {
			f.tell(c)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: subscribe to session %q: %w", id, err)
	}
	// Make sure the server has the interest before the caller acts.
	if err := n.nc.FlushTimeout(n.opts.CallTimeout); err != nil {
		_ = sub.Unsubscribe()
		return nil, fmt.Errorf("cluster: subscribe to session %q: %w", id, err)
	}
	n.mu.Lock()
	if n.followers[id] == nil {
		n.followers[id] = map[*follower]bool{}
	}
	n.followers[id][f] = true
	n.mu.Unlock()
	if _, still := n.Owner(id); !still {
		// It left the directory while the subscription was made.
		f.tell(Change{Session: id, Node: owner, Stopped: true})
	}
	var once sync.Once
	end := func() {
		once.Do(func() {
			_ = sub.Unsubscribe()
			n.mu.Lock()
			delete(n.followers[id], f)
			if len(n.followers[id]) == 0 {
				delete(n.followers, id)
			}
			n.mu.Unlock()
		})
	}
	stop := context.AfterFunc(ctx, end)
	return func() { stop(); end() }, nil
}

// follower is one Subscribe call's fn, told of nothing after the session
// stopped.
type follower struct {
	mu      sync.Mutex
	fn      func(Change)
	stopped bool
}

func (f *follower) tell(c Change) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		return
	}
	f.stopped = c.Stopped
	f.fn(c)
}

// left tells the followers of session id, whose entry left the directory,
// that it stopped.
func (n *Node) left(id string) {
	n.mu.Lock()
	fs := make([]*follower, 0, len(n.followers[id]))
	for f := range n.followers[id] {
		fs = append(fs, f)
	}
	n.mu.Unlock()
	for _, f := range fs {
		f.tell(Change{Session: id, Stopped: true})
	}
}

// Follow calls changed every time session id changes, wherever it runs,
// and changed(true) once when it stops or its node dies (see Subscribe),
// until cancel or ctx ends.
func (n *Node) Follow(ctx context.Context, id string, changed func(stopped bool)) (cancel func(), err error) {
	return n.Subscribe(ctx, id, func(c Change) { changed(c.Stopped) })
}

// Reserve claims session id of app, started by owner and shared or not,
// for this node in the directory (see Claim): the first half of a start
// that Adopt finishes.
func (n *Node) Reserve(ctx context.Context, id, app, owner string, shared bool) error {
	return n.Claim(ctx, Entry{ID: id, App: app, Owner: owner, Shared: shared})
}

// Adopt keeps sess, whose id this node has reserved, in the directory
// until it stops, and publishes its changes.
func (n *Node) Adopt(sess *tea.Session) {
	n.host(sess)
}
