package mcp

import (
	"sync"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
)

// synchronizers are the running sessions' tool synchronizers, one per
// session id. The zero value is ready.
type synchronizers struct {
	mu sync.Mutex
	by map[string]follower
}

// follower is a session's synchronizer and the runtime it follows: a
// session stopped under an id that a newer session has since taken must
// not take the newer one's tools along.
type follower struct {
	sync *derive.ToolSynchronizer
	rt   *tea.Runtime
}

// add gives sess its synchronizer sy, unless it has one (false).
func (f *synchronizers) add(sess *tea.Session, sy *derive.ToolSynchronizer) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.by[sess.ID]; ok {
		return false
	}
	if f.by == nil {
		f.by = map[string]follower{}
	}
	f.by[sess.ID] = follower{sync: sy, rt: sess.Runtime}
	return true
}

// remove takes away and returns the synchronizer of sess, a session that
// stopped; none when it has gone already, or when the id is a newer
// session's now.
func (f *synchronizers) remove(sess *tea.Session) (*derive.ToolSynchronizer, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fl, ok := f.by[sess.ID]
	if !ok || fl.rt != sess.Runtime {
		return nil, false
	}
	delete(f.by, sess.ID)
	return fl.sync, true
}

// of returns the synchronizer of session id, or nil.
func (f *synchronizers) of(id string) *derive.ToolSynchronizer {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.by[id].sync
}

// firstError is the error of session id's first registration, if any.
func (f *synchronizers) firstError(id string) error {
	if sy := f.of(id); sy != nil {
		return sy.FirstError()
	}
	return nil
}
