package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

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
}

func (h *hosted) stopWatching() {
	h.unwatch()
	select {
	case <-h.done:
	default:
		close(h.done)
	}
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
// until cancel or ctx ends. A session the directory does not have answers
// a *StaleSessionError.
func (n *Node) Subscribe(ctx context.Context, id string, fn func(Change)) (cancel func(), err error) {
	if _, ok := n.Owner(id); !ok {
		return nil, &StaleSessionError{ID: id, Why: "no node has it"}
	}
	sub, err := n.nc.Subscribe(changeSubject(id), func(m *nats.Msg) {
		var c Change
		if json.Unmarshal(m.Data, &c) == nil {
			fn(c)
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
	stop := context.AfterFunc(ctx, func() { _ = sub.Unsubscribe() })
	return func() { stop(); _ = sub.Unsubscribe() }, nil
}

// Reserve claims session id of app for this node in the directory (see
// Claim): the first half of a start that Adopt finishes.
func (n *Node) Reserve(ctx context.Context, id, app string) error {
	return n.Claim(ctx, Entry{ID: id, App: app})
}

// Adopt keeps sess, whose id this node has reserved, in the directory
// until it stops, and publishes its changes.
func (n *Node) Adopt(sess *tea.Session) {
	n.host(sess)
}
