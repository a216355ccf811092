package tea

import "sync"

// attachments are the values renderers keep with a runtime (see Attach).
// The map is made on first use: a runtime no renderer attaches to holds
// none.
type attachments struct {
	mu sync.Mutex
	m  map[any]any
}

// Attach returns the value kept with the runtime under key, calling create
// to create it the first time key is asked for; create runs once per key
// even when several goroutines ask at once. It is how a renderer keeps
// state that belongs to the runtime rather than to one of its drawers
// (the terminal's board of laid-out frames, shared by every terminal and
// recording of the runtime) without a package-level map from runtimes to
// state: the value lives as long as the runtime does. key should be a
// value of an unexported type of the caller's package, as a context key
// is, so that no other package can ask for it; create must not call Attach.
func (r *Runtime) Attach(key any, create func() any) any {
	a := &r.attached
	a.mu.Lock()
	defer a.mu.Unlock()
	if v, ok := a.m[key]; ok {
		return v
	}
	if a.m == nil {
		a.m = map[any]any{}
	}
	v := create()
	a.m[key] = v
	return v
}
