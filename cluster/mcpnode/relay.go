package mcpnode

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/facetui/facet/render/mcp"
)

// relayCaller is who a node's relay reads other nodes' resources as: its
// subscribers were authorized here, and may reach only host and shared
// sessions there, as the relay may.
var relayCaller = json.RawMessage(`{"connection":"relay"}`)

// Watch follows the sessions of other nodes whose resources the server's
// clients watch, and stops following the ones nobody watches any more. It
// implements mcp.Cluster; the server calls it after each subscription
// change. A newly watched resource gets its baseline (its content now)
// before Watch returns, so the first update's patch applies to what the
// subscriber can read.
func (n *Node) Watch(watched map[string][]string) {
	n.relays.sync(n, watched)
}

// relays carry the updates of resources that other nodes' sessions serve
// to the server's subscribers: one relay per remote session that a
// subscriber watches, following the session's changes over the cluster
// and reading the watched resources again from its node after each, so a
// subscriber here gets notifications/resources/updated with a version and
// a patch as the owner's own subscribers do. A relay ends when nobody here
// watches the session any more, or when it stops or its node dies; its
// resources' subscriptions end with it, as a stopped local session's do.
// The zero value is ready.
type relays struct {
	local *mcp.Local

	mu        sync.Mutex
	bySession map[string]*relay
	// actors are the callers that acted on other nodes' sessions, by
	// client connection: told to leave when the connection ends.
	actorsMu sync.Mutex
	actors   map[string]map[actor]bool
}

// actor is one caller (a connection, or an agent of it) on one remote
// session.
type actor struct {
	ac      mcp.AuthContext
	session string
}

// acted records that ac acted on session, another node's.
func (rs *relays) acted(ac mcp.AuthContext, session string) {
	rs.actorsMu.Lock()
	defer rs.actorsMu.Unlock()
	if rs.actors == nil {
		rs.actors = map[string]map[actor]bool{}
	}
	if rs.actors[ac.ConnectionID] == nil {
		rs.actors[ac.ConnectionID] = map[actor]bool{}
	}
	rs.actors[ac.ConnectionID][actor{ac: ac, session: session}] = true
}

// leave forgets and returns the callers of connection conn.
func (rs *relays) leave(conn string) []actor {
	rs.actorsMu.Lock()
	defer rs.actorsMu.Unlock()
	var out []actor
	for a := range rs.actors[conn] {
		out = append(out, a)
	}
	delete(rs.actors, conn)
	return out
}

// relay follows one remote session.
type relay struct {
	session string
	node    string
	wake    chan struct{} // a change to read; holds one
	done    chan struct{} // closed when the relay ends

	mu     sync.Mutex
	cancel func() // stops following
	ended  bool
	uris   []string // the watched resources
}

// setCancel gives the relay the function that stops following; when the
// relay has already ended, it is called at once.
func (rl *relay) setCancel(cancel func()) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.ended {
		cancel()
		return
	}
	rl.cancel = cancel
}

// end stops following and wakes the relay's goroutine to finish.
func (rl *relay) end() {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.ended {
		return
	}
	rl.ended = true
	if rl.cancel != nil {
		rl.cancel()
	}
	close(rl.done)
}

// current reports whether the relay still follows its session.
func (rl *relay) current() bool {
	select {
	case <-rl.done:
		return false
	default:
		return true
	}
}

// watching sets the resources the relay reads.
func (rl *relay) watching(uris []string) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.uris = slices.Clone(uris)
}

// watched returns the resources the relay reads.
func (rl *relay) watched() []string {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	return slices.Clone(rl.uris)
}

// sync starts a relay for every session in watched and ends the relays of
// sessions nobody watches any more.
func (rs *relays) sync(n *Node, watched map[string][]string) {
	// The lock covers the map only: following and reading go over the
	// network, and calls (acted) and reads (observe) must not wait on them.
	rs.mu.Lock()
	if rs.bySession == nil {
		rs.bySession = map[string]*relay{}
	}
	var ended []*relay
	for session, rl := range rs.bySession {
		if _, still := watched[session]; !still {
			delete(rs.bySession, session)
			ended = append(ended, rl)
		}
	}
	rs.mu.Unlock()
	for _, rl := range ended {
		rl.end()
		rs.local.Forget(rl.session)
	}

	for session, uris := range watched {
		node, remote := n.node.Remote(session)
		if !remote {
			continue
		}
		rl := rs.follow(n, session, node)
		if rl == nil {
			continue
		}
		rl.watching(uris)
		for _, uri := range uris {
			if rs.local.Known(uri) {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), rs.local.CallTimeout())
			rt, err := n.read(ctx, node, relayCaller, session, uri)
			cancel()
			if err != nil {
				continue
			}
			rs.local.Baseline(uri, rt, rl.current)
		}
	}
}

// follow returns the relay of session, on node, starting it when there is
// none; nil when the session cannot be followed (it is gone).
func (rs *relays) follow(n *Node, session, node string) *relay {
	rs.mu.Lock()
	rl := rs.bySession[session]
	rs.mu.Unlock()
	if rl != nil {
		return rl
	}
	rl = &relay{session: session, node: node, wake: make(chan struct{}, 1), done: make(chan struct{})}
	cancel, err := n.node.Follow(context.Background(), session, func(stopped bool) {
		if stopped {
			go rs.ended(rl)
			return
		}
		select {
		case rl.wake <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return nil
	}
	rl.setCancel(cancel)
	rs.mu.Lock()
	if cur := rs.bySession[session]; cur != nil {
		// Another sync started one meanwhile: keep that one.
		rs.mu.Unlock()
		rl.end()
		return cur
	}
	rs.bySession[session] = rl
	rs.mu.Unlock()
	go rs.run(n, rl)
	return rl
}

// run reads the watched resources of rl's session after each change,
// until the relay ends.
func (rs *relays) run(n *Node, rl *relay) {
	for {
		select {
		case <-rl.done:
			return
		case <-rl.wake:
		}
		for _, uri := range rl.watched() {
			ctx, cancel := context.WithTimeout(context.Background(), rs.local.CallTimeout())
			rt, err := n.read(ctx, rl.node, relayCaller, rl.session, uri)
			cancel()
			if err == nil {
				rs.local.Observe(uri, rt, rl.current)
			}
		}
	}
}

// ended ends rl, whose session stopped or whose node died: its resources'
// subscriptions and contents go, as a stopped local session's do.
func (rs *relays) ended(rl *relay) {
	rs.mu.Lock()
	if rs.bySession[rl.session] == rl {
		delete(rs.bySession, rl.session)
	}
	rs.mu.Unlock()
	rl.end()
	rs.local.Ended(rl.session)
}

// observe hands rt, the content of uri as its node answered a read, to
// the server when a relay follows session, so a read that sees a change
// first cannot leave a subscriber's patch against older content.
func (rs *relays) observe(session, uri string, rt mcp.ResourceText) {
	rs.mu.Lock()
	rl := rs.bySession[session]
	rs.mu.Unlock()
	if rl == nil {
		return
	}
	rs.local.Observe(uri, rt, rl.current)
}
