package trace

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/facetui/facet/tea"
)

// Tap is a session's observer that recordings can join and leave while
// the session runs: installed when the session starts (Taps.Option), it
// passes each event to the recorders attached at that moment, and costs
// an atomic load while none is.
type Tap struct {
	mu     sync.Mutex // held while recorders join and leave
	recs   atomic.Pointer[[]*Recorder]
	rt     *tea.Runtime
	inputs atomic.Int64
}

// observe passes ev to the attached recorders, on the runtime's owner
// goroutine, and counts the inputs.
func (t *Tap) observe(ev tea.Event) {
	if ev.Kind == tea.Received && ev.Source == tea.FromDispatch {
		t.inputs.Add(1)
	}
	if p := t.recs.Load(); p != nil {
		for _, r := range *p {
			r.Observe(ev)
		}
	}
}

// Attach makes rec record the session from now on, starting with its
// screen as it is, and returns the function that detaches it. Give rec
// the session's Inputs as its Options.From: Replay and GoTest refuse a
// recording that starts after an input, which does not start where a
// fresh session starts.
func (t *Tap) Attach(rec *Recorder) (detach func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rt != nil {
		// The screen as it is; a publish racing this is recorded after
		// it, and the same screen twice is one frame.
		rec.Observe(tea.Event{Kind: tea.Published, Snapshot: t.rt.Snapshot(), Runtime: t.rt})
	}
	var next []*Recorder
	if p := t.recs.Load(); p != nil {
		next = slices.Clone(*p)
	}
	next = append(next, rec)
	t.recs.Store(&next)
	return func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		var cur []*Recorder
		if p := t.recs.Load(); p != nil {
			cur = slices.DeleteFunc(slices.Clone(*p), func(r *Recorder) bool { return r == rec })
		}
		t.recs.Store(&cur)
	}
}

// Inputs returns how many inputs (messages handed to Dispatch or Send)
// the session has taken.
func (t *Tap) Inputs() int64 { return t.inputs.Load() }

// Snapshot returns the session's snapshot now (the zero Snapshot before
// the session has started).
func (t *Tap) Snapshot() tea.Snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rt == nil {
		return tea.Snapshot{}
	}
	return t.rt.Snapshot()
}

// Taps keeps a Tap for each session of a registry, so that a session can
// be recorded from any moment: give Option to tea.Sessions.StartOptions
// and Bind to tea.Sessions.Watch.
type Taps struct {
	mu   sync.Mutex
	taps map[string]*Tap
}

// NewTaps returns a registry of no taps.
func NewTaps() *Taps { return &Taps{taps: map[string]*Tap{}} }

// Option returns the runtime option that installs session id's tap
// (its signature is tea.Sessions.StartOptions').
func (ts *Taps) Option(id, _ string) []tea.Option {
	t := &Tap{}
	ts.mu.Lock()
	ts.taps[id] = t
	ts.mu.Unlock()
	return []tea.Option{tea.WithObserver(t.observe)}
}

// Watch keeps the taps in step with sessions: a started session's tap
// learns its runtime, a stopped session's is forgotten. It returns the
// function that stops watching.
func (ts *Taps) Watch(sessions *tea.Sessions) (cancel func()) {
	return sessions.Watch(func(ev tea.SessionEvent) {
		ts.mu.Lock()
		t := ts.taps[ev.Session.ID]
		if !ev.Started {
			delete(ts.taps, ev.Session.ID)
		}
		ts.mu.Unlock()
		if t != nil && ev.Started {
			t.mu.Lock()
			t.rt = ev.Session.Runtime
			t.mu.Unlock()
		}
	})
}

// Get returns session id's tap, or false when the session was started
// without one (before Taps.Option was given) or is gone.
func (ts *Taps) Get(id string) (*Tap, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t, ok := ts.taps[id]
	return t, ok
}
