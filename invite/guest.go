package invite

import (
	"context"
	"sync"

	"github.com/facetui/facet/tea"
)

// Guest is one person who joined a session with an invitation.
type Guest struct {
	share *Share
	name  string
	done  chan struct{}
	once  sync.Once
}

// Session returns the session the guest joined.
func (g *Guest) Session() *tea.Session { return g.share.sess }

// Name is the guest's name as the others see it.
func (g *Guest) Name() string { return g.name }

// Host is the inviter's name.
func (g *Guest) Host() string { return g.share.host }

// Source is what a guest's keys carry as their tea.KeyInputMsg.Agent:
// "guest:" and their name, so the app tells them from its own person.
func (g *Guest) Source() string { return "guest:" + g.name }

// Allowed reports whether the guest may act on the session now: nil, or
// ErrReadOnly while the inviter lets guests only watch, or ErrEnded once
// the sharing has ended. A renderer asks before each input of the guest's
// and shows the refusal.
func (g *Guest) Allowed() error {
	g.share.desk.mu.Lock()
	defer g.share.desk.mu.Unlock()
	switch {
	case g.share.ended || !g.share.guests[g]:
		return ErrEnded
	case g.share.readOnly:
		return ErrReadOnly
	}
	return nil
}

// Done is closed when the sharing ends for the guest (the inviter ended
// it); the session ending is the session's own Done.
func (g *Guest) Done() <-chan struct{} { return g.done }

// Leave takes the guest out of the session (their renderer has gone):
// the others no longer see them. Leaving twice is once.
func (g *Guest) Leave() {
	d := g.share.desk
	d.mu.Lock()
	_, was := g.share.guests[g]
	delete(g.share.guests, g)
	last := was && len(g.share.guests) == 0
	d.mu.Unlock()
	g.close()
	if !was {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), presenceWait)
	defer cancel()
	_, _ = g.share.sess.Dispatch(ctx, tea.LeaveMsg{Name: g.name})
	if last {
		// Nobody shares it any more: the inviter is alone again.
		_, _ = g.share.sess.Dispatch(ctx, tea.LeaveMsg{Name: g.share.host})
	}
}

func (g *Guest) close() { g.once.Do(func() { close(g.done) }) }
