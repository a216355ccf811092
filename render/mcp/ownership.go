package mcp

import (
	"context"
	"fmt"

	"github.com/facetui/facet/tea"
)

// Sessions belong to connections. A client connection reaches:
//   - the host's sessions (a terminal, an SSH connection, the embedding
//     program's StartSession), which it may act on as policy allows but
//     never stop;
//   - the sessions it started with facet_start, which it may also stop;
//   - sessions another connection started with facet_start {shared: true},
//     which it may act on but not stop.
//
// Any other session is neither listed (tools/list, facet_list, resources,
// completion) nor callable nor stoppable by it. Over stdio there is one
// connection, so it reaches everything, as before.

// reach is what one connection may do with one session.
type reach int

const (
	// reachNone: another connection's unshared session.
	reachNone reach = iota
	// reachAct: a host session, or another connection's shared one.
	reachAct
	// reachOwn: a session this connection started.
	reachOwn
)

// reachOf says what the caller owning under owner (AuthContext.Owner)
// may do with sess.
func (g *startGate) reachOf(owner string, sess *tea.Session) reach {
	st, started := g.of(sess)
	switch {
	case !started:
		return reachAct
	case st.owner == owner:
		return reachOwn
	case st.shared:
		return reachAct
	}
	return reachNone
}

// sees reports whether the caller on ctx may see the session with id; a
// session that is not running is seen by nobody and hidden from nobody.
func (g *startGate) sees(ctx context.Context, id string) bool {
	sess, running := g.sessions.Get(id)
	return !running || g.reachOf(authContext(ctx).Owner(), sess) != reachNone
}

// reachable answers why the caller on ctx may not act on sess, or nil.
func (g *startGate) reachable(ctx context.Context, sess *tea.Session) error {
	if g.reachOf(authContext(ctx).Owner(), sess) == reachNone {
		return notYours(sess.ID)
	}
	return nil
}

func notYours(id string) error {
	return callerError(fmt.Sprintf("session `%s` was started by another client and not shared (facet_start {shared: true}): only that client (its principal, or for an anonymous client its connection) can see or act on it; facet_list shows the sessions you can reach", id))
}

// stopOrphans stops the sessions connection id started and did not share:
// nobody else can reach or stop them, and they would hold their place
// under MaxSessions for good.
func (g *startGate) stopOrphans(id string) {
	for _, sess := range g.sessions.List() {
		if st, ok := g.of(sess); ok && st.owner == id && !st.shared {
			_ = g.sessions.Stop(sess.ID)
		}
	}
}
