package invite

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/facetui/facet/tea"
)

// presenceWait bounds how long a presence change waits for the session:
// a session that does not answer in this time is stopping anyway.
const presenceWait = 5 * time.Second

// Share is one session's sharing, as its inviter controls it: whether the
// guests may drive it, and its end.
type Share struct {
	desk *Desk
	sess *tea.Session
	host string

	// Guarded by desk.mu.
	guests   map[*Guest]bool
	readOnly bool
	ended    bool
	// over is closed when the sharing ends.
	over chan struct{}
}

// Session returns the shared session.
func (s *Share) Session() *tea.Session { return s.sess }

// Guests returns the guests' names, in name order.
func (s *Share) Guests() []string {
	s.desk.mu.Lock()
	defer s.desk.mu.Unlock()
	var out []string
	for g := range s.guests {
		out = append(out, g.name)
	}
	slices.SortFunc(out, strings.Compare)
	return out
}

// ReadOnly reports whether the guests may only watch.
func (s *Share) ReadOnly() bool {
	s.desk.mu.Lock()
	defer s.desk.mu.Unlock()
	return s.readOnly
}

// SetReadOnly lets the guests only watch (on) or drive again (off), from
// their next input on; the session's presence says so.
func (s *Share) SetReadOnly(on bool) {
	s.desk.mu.Lock()
	s.readOnly = on
	var names []string
	for g := range s.guests {
		names = append(names, g.name)
	}
	s.desk.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), presenceWait)
	defer cancel()
	for _, n := range names {
		_, _ = s.sess.Dispatch(ctx, tea.JoinMsg{Person: tea.Person{Name: n, ReadOnly: on}})
	}
}

// End ends the sharing: every guest's Done closes, their input is refused
// with ErrEnded, the invitations still waiting stop working, and the
// session's presence lists nobody. The sharing ends by itself when the
// session stops.
func (s *Share) End() {
	s.desk.mu.Lock()
	if s.ended {
		s.desk.mu.Unlock()
		return
	}
	s.ended = true
	close(s.over)
	guests := make([]*Guest, 0, len(s.guests))
	for g := range s.guests {
		guests = append(guests, g)
	}
	clear(s.guests)
	if s.desk.shares[s.sess] == s {
		delete(s.desk.shares, s.sess)
	}
	s.desk.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), presenceWait)
	defer cancel()
	for _, g := range guests {
		g.close()
		_, _ = s.sess.Dispatch(ctx, tea.LeaveMsg{Name: g.name})
	}
	_, _ = s.sess.Dispatch(ctx, tea.LeaveMsg{Name: s.host})
}
