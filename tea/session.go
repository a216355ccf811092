package tea

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"
)

// ErrNoSession is returned for a session id that is not running.
var ErrNoSession = errors.New("no such session")

// ErrSessionExists is returned when starting a session under an id in use.
var ErrSessionExists = errors.New("session already exists")

// Session is a named, running Runtime. Renderers attach to sessions: a
// terminal, an SSH connection and an MCP client can all drive one session.
type Session struct {
	*Runtime
	ID        string
	App       string
	StartedAt time.Time

	removed sync.Once
}

// SessionEvent reports a session starting or stopping.
type SessionEvent struct {
	Session *Session
	Started bool // false: stopped
}

// Sessions is a registry of running sessions by id. Its zero value is not
// usable; call NewSessions.
type Sessions struct {
	mu       sync.Mutex
	byID     map[string]*Session
	leaving  map[string]*Session // removed, watchers not yet told
	watchers map[int]func(SessionEvent)
	nextW    int
	// startOptions gives the options Start adds to every session.
	startOptions func(id, app string) []Option
}

// StartOptions has Start add fn(id, app)'s options to those of every
// session it starts from now on: a recorder per session, say. Each call
// adds to those before it (their options come first).
func (s *Sessions) StartOptions(fn func(id, app string) []Option) {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.startOptions
	if prev == nil {
		s.startOptions = fn
		return
	}
	s.startOptions = func(id, app string) []Option {
		return append(prev(id, app), fn(id, app)...)
	}
}

// NewSessions returns an empty registry.
func NewSessions() *Sessions {
	return &Sessions{byID: map[string]*Session{}, leaving: map[string]*Session{}, watchers: map[int]func(SessionEvent){}}
}

// Start starts m as session id of app. The id must be 1-32 characters of
// [A-Za-z0-9_-] and not in use. The session is removed from the registry when
// it stops, whether by Stop, by ctx or because the app quit.
func (s *Sessions) Start(ctx context.Context, id, app string, m Model, opts ...Option) (*Session, error) {
	if err := CheckID("session", id); err != nil {
		return nil, err
	}
	s.mu.Lock()
	if _, ok := s.byID[id]; ok {
		s.mu.Unlock()
		return nil, fmt.Errorf("%w: %q", ErrSessionExists, id)
	}
	// Reserve the id while the first view is built.
	s.byID[id] = nil
	if s.startOptions != nil {
		opts = append(opts[:len(opts):len(opts)], s.startOptions(id, app)...)
	}
	s.mu.Unlock()

	rt, err := Start(context.WithoutCancel(ctx), m, opts...)
	if err != nil {
		s.mu.Lock()
		delete(s.byID, id)
		s.mu.Unlock()
		return nil, fmt.Errorf("start session %q: %w", id, err)
	}
	sess := &Session{Runtime: rt, ID: id, App: app, StartedAt: time.Now()}
	s.mu.Lock()
	s.byID[id] = sess
	s.mu.Unlock()
	s.notify(SessionEvent{Session: sess, Started: true})
	// No goroutine waits for the session to end (an idle session would
	// hold its stack): ctx ending stops the runtime, and the runtime's
	// context ending (Stop, ctx, QuitMsg) removes the session once the
	// runtime is done.
	stopOnCtx := context.AfterFunc(ctx, rt.Stop)
	context.AfterFunc(rt.Context(), func() {
		<-rt.Done()
		stopOnCtx()
		s.remove(sess)
	})
	return sess, nil
}

// remove takes sess out of the registry and tells the watchers, once. A
// second caller (Stop racing the session's own goroutine) waits until the
// first has finished, so when Stop returns the watchers have run.
func (s *Sessions) remove(sess *Session) {
	sess.removed.Do(func() {
		s.mu.Lock()
		cur, ok := s.byID[sess.ID]
		mine := ok && cur == sess
		if mine {
			delete(s.byID, sess.ID)
			s.leaving[sess.ID] = sess
		}
		s.mu.Unlock()
		if mine {
			s.notify(SessionEvent{Session: sess, Started: false})
			s.mu.Lock()
			if s.leaving[sess.ID] == sess {
				delete(s.leaving, sess.ID)
			}
			s.mu.Unlock()
		}
	})
}

// Get returns the running session id.
func (s *Sessions) Get(id string) (*Session, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.byID[id]
	return sess, sess != nil
}

// List returns the running sessions, oldest first.
func (s *Sessions) List() []*Session {
	s.mu.Lock()
	out := make([]*Session, 0, len(s.byID))
	for _, sess := range s.byID {
		if sess != nil {
			out = append(out, sess)
		}
	}
	s.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].StartedAt.Equal(out[j].StartedAt) {
			return out[i].ID < out[j].ID
		}
		return out[i].StartedAt.Before(out[j].StartedAt)
	})
	return out
}

// Stop stops session id and waits until it has been removed and its
// watchers told, also when it was already on its way out because the app
// quit.
func (s *Sessions) Stop(id string) error {
	sess, ok := s.Get(id)
	if !ok {
		s.mu.Lock()
		gone := s.leaving[id]
		s.mu.Unlock()
		if gone == nil {
			return fmt.Errorf("%w: %q", ErrNoSession, id)
		}
		// It is stopping by itself (the app quit): wait until its
		// watchers have been told, as for any Stop.
		s.remove(gone)
		return nil
	}
	sess.Runtime.Stop()
	s.remove(sess)
	return nil
}

// StopAll stops every session.
func (s *Sessions) StopAll() {
	for _, sess := range s.List() {
		_ = s.Stop(sess.ID)
	}
}

// Watch calls fn for every session that starts or stops from now on. fn runs
// on the goroutine that caused the event and must not block. cancel stops
// the calls.
func (s *Sessions) Watch(fn func(SessionEvent)) (cancel func()) {
	s.mu.Lock()
	id := s.nextW
	s.nextW++
	s.watchers[id] = fn
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.watchers, id)
		s.mu.Unlock()
	}
}

func (s *Sessions) notify(ev SessionEvent) {
	s.mu.Lock()
	fns := make([]func(SessionEvent), 0, len(s.watchers))
	for _, fn := range s.watchers {
		fns = append(fns, fn)
	}
	s.mu.Unlock()
	for _, fn := range fns {
		fn(ev)
	}
}
