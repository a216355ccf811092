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
// starts under way, so concurrent calls cannot pass the cap together.
type startGate struct {
	mu      sync.Mutex
	started map[string]started // by id
	pending int
}

// started is a session facet_start started: by which client connection,
// and whether it shared the session with other connections.
type started struct {
	sess   *tea.Session
	owner  string
	shared bool
}

// reserve makes room for one start under max, or answers an error naming
// the limit and the sessions conn (the caller's connection) may stop:
// another connection's sessions are only counted, never named. done
// records the session the start made (nil when it failed), for owner and
// shared or not, and gives the room back.
func (g *startGate) reserve(sessions *tea.Sessions, max int, conn string) (done func(sess *tea.Session, owner string, shared bool), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var ids, others []string
	for id, st := range g.started {
		if cur, ok := sessions.Get(id); !ok || cur != st.sess {
			delete(g.started, id) // stopped, however it was
			continue
		}
		if st.owner == conn {
			ids = append(ids, id)
		} else {
			others = append(others, id)
		}
	}
	if len(ids)+len(others)+g.pending >= max {
		reached := fmt.Sprintf("facet_start: the server's limit of %d running sessions started with facet_start is reached", max)
		switch {
		case len(ids)+len(others) == 0:
			return nil, fmt.Errorf("facet_start: the server's limit of %d sessions started with facet_start is taken by starts under way; try again when they have answered", max)
		case len(ids) == 0:
			return nil, fmt.Errorf("%s, all by other client connections; try again when they stop some", reached)
		}
		slices.Sort(ids)
		msg := fmt.Sprintf("%s; facet_stop one of yours first: %s", reached, strings.Join(ids, ", "))
		if len(others) > 0 {
			msg += fmt.Sprintf(" (%d more were started by other client connections)", len(others))
		}
		return nil, errors.New(msg)
	}
	g.pending++
	return func(sess *tea.Session, owner string, shared bool) {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.pending--
		if sess != nil {
			g.started[sess.ID] = started{sess: sess, owner: owner, shared: shared}
		}
	}, nil
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
		return started{}, false
	}
	return st, true
}
