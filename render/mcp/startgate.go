package mcp

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/facetui/facet/tea"
)

// startGate counts the running sessions facet_start started, and the
// starts under way, so concurrent calls cannot pass the cap together; it
// knows whose each one is, so it also answers who reaches a session
// (ownership.go).
type startGate struct {
	// sessions is the registry the sessions run in.
	sessions *tea.Sessions

	mu      sync.Mutex
	started map[string]started // by id
	// startedBy counts started's records by client connection: with
	// len(started), a bound of what reserve counts that spares it a walk
	// over every session while the caps are far.
	startedBy map[string]int
	pending   int
	// pendingBy counts the starts under way by client connection.
	pendingBy map[string]int
	// claims are the starts under way by session id: whose the session
	// will be, known before its first tools are registered.
	claims map[string]claim
}

// claim is a start under way: the session id it starts, the client
// connection starting it, and whether it shares the session.
type claim struct {
	id, owner string
	shared    bool
}

// started is a session facet_start started: by which client connection,
// and whether it shared the session with other connections.
type started struct {
	sess   *tea.Session
	owner  string
	shared bool
}

// limits are the caps a start is held to: max running sessions started
// with facet_start in all, and perClient for one client connection (0: no
// per-connection cap).
type limits struct{ max, perClient int }

// reserve makes room for one start by connection conn under lim, or
// answers an error naming the limit reached and the sessions conn may
// stop: another connection's sessions are only counted, never named. done
// records the session the start made (nil when it failed), for owner and
// shared or not, and gives the room back.
func (g *startGate) reserve(sessions *tea.Sessions, lim limits, c claim) (done func(sess *tea.Session), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	conn := c.owner
	if len(g.started)+g.pending < lim.max && (lim.perClient <= 0 || g.startedBy[conn]+g.pendingBy[conn] < lim.perClient) {
		return g.claim(c), nil // within both caps even if every record still ran
	}
	var ids, others []string
	for id, st := range g.started {
		if cur, ok := sessions.Get(id); !ok || cur != st.sess {
			// Stopped: forget drops it once its tools are gone, so that
			// their removal is told only to those who could see them.
			continue
		}
		if st.owner == conn {
			ids = append(ids, id)
		} else {
			others = append(others, id)
		}
	}
	slices.Sort(ids)
	if lim.perClient > 0 && len(ids)+g.pendingBy[conn] >= lim.perClient {
		if len(ids) == 0 {
			return nil, fmt.Errorf("facet_start: the limit of %d running sessions per client connection is taken by your starts under way; try again when they have answered", lim.perClient)
		}
		return nil, fmt.Errorf("facet_start: your client connection's limit of %d running sessions started with facet_start is reached; facet_stop one of yours first: %s", lim.perClient, strings.Join(ids, ", "))
	}
	if len(ids)+len(others)+g.pending >= lim.max {
		reached := fmt.Sprintf("facet_start: the server's limit of %d running sessions started with facet_start is reached", lim.max)
		switch {
		case len(ids)+len(others) == 0:
			return nil, fmt.Errorf("facet_start: the server's limit of %d sessions started with facet_start is taken by starts under way; try again when they have answered", lim.max)
		case len(ids) == 0:
			return nil, fmt.Errorf("%s, all by other client connections; try again when they stop some", reached)
		}
		msg := fmt.Sprintf("%s; facet_stop one of yours first: %s", reached, strings.Join(ids, ", "))
		if len(others) > 0 {
			msg += fmt.Sprintf(" (%d more were started by other client connections)", len(others))
		}
		return nil, errors.New(msg)
	}
	return g.claim(c), nil
}

// claim records c as a start under way and returns reserve's done. g.mu
// is held.
func (g *startGate) claim(c claim) (done func(sess *tea.Session)) {
	conn := c.owner
	g.pending++
	if g.pendingBy == nil {
		g.pendingBy = map[string]int{}
	}
	g.pendingBy[conn]++
	if g.claims == nil {
		g.claims = map[string]claim{}
	}
	g.claims[c.id] = c
	return func(sess *tea.Session) {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.pending--
		if g.pendingBy[conn]--; g.pendingBy[conn] <= 0 {
			delete(g.pendingBy, conn)
		}
		delete(g.claims, c.id)
		if sess != nil {
			g.record(sess.ID, started{sess: sess, owner: c.owner, shared: c.shared})
		}
	}
}

// record sets the record of session id, or with a zero st drops it, and
// keeps startedBy. g.mu is held.
func (g *startGate) record(id string, st started) {
	if old, ok := g.started[id]; ok {
		if g.startedBy[old.owner]--; g.startedBy[old.owner] <= 0 {
			delete(g.startedBy, old.owner)
		}
		delete(g.started, id)
	}
	if st.sess == nil {
		return
	}
	g.started[id] = st
	if g.startedBy == nil {
		g.startedBy = map[string]int{}
	}
	g.startedBy[st.owner]++
}

// forget drops the record of sess, a session that stopped.
func (g *startGate) forget(sess *tea.Session) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if st, ok := g.started[sess.ID]; ok && st.sess == sess {
		g.record(sess.ID, started{})
	}
}

// audience says who may see the session with id, running, starting or
// just stopped: private is true for one a client connection started with
// facet_start and did not share, which only owner sees.
func (g *startGate) audience(sessions *tea.Sessions, id string) (owner string, private bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.claims[id]; ok {
		return c.owner, !c.shared
	}
	st, ok := g.started[id]
	if !ok {
		return "", false
	}
	if cur, running := sessions.Get(id); running && cur != st.sess {
		return "", false // the id is another session's now
	}
	return st.owner, !st.shared
}

// has reports whether sess is running and was started with facet_start.
func (g *startGate) has(sess *tea.Session) bool {
	_, ok := g.of(sess)
	return ok
}

// of returns how sess was started, when it was started with facet_start.
func (g *startGate) of(sess *tea.Session) (started, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	st, ok := g.started[sess.ID]
	if !ok || st.sess != sess {
		if c, starting := g.claims[sess.ID]; starting {
			// Its first render registers tools before the start answers.
			return started{sess: sess, owner: c.owner, shared: c.shared}, true
		}
		return started{}, false
	}
	return st, true
}
