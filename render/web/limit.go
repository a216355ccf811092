package web

import (
	"fmt"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
)

// tabLimit caps the tabs open at once, overall and per source, so that
// one client holding its tabs open cannot keep everyone else out: the rule
// render/ssh applies to connections waiting to log in.
//
// A new tab is refused when its source already holds perSource tabs. When
// every one of the max is taken, the least recently active tab of the
// source holding the most is closed to make room, provided that source
// holds more than the newcomer's would: a source that holds many tabs
// makes room for everyone else.
type tabLimit struct {
	max, perSource int
	epoch          time.Time // activity is measured from here, monotonic

	mu   sync.Mutex
	open map[string][]*heldTab // by source
	n    int                   // tabs open, across sources
}

// heldTab is one open tab, as the limit sees it.
type heldTab struct {
	limit  *tabLimit
	source string
	last   atomic.Int64 // when the page last sent anything, since epoch
	// evicted is closed when the tab must close to make room.
	evicted chan struct{}
	release func()
}

func newTabLimit(max, perSource int) *tabLimit {
	return &tabLimit{max: max, perSource: perSource, epoch: time.Now(), open: map[string][]*heldTab{}}
}

// admit opens a tab for source, or says why it cannot (the error is for
// the person refused). The tab holds its place until its release is
// called; a tab evicted to make room has lost it already, and its evicted
// channel is closed.
func (l *tabLimit) admit(source string) (*heldTab, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	mine := len(l.open[source])
	if mine >= l.perSource {
		return nil, fmt.Errorf("facet: your address has %d tabs open, its share of the %d this server runs at once; close one and reload", mine, l.max)
	}
	if l.n >= l.max {
		v := l.victim(mine + 1)
		if v == nil {
			return nil, fmt.Errorf("facet: %d tabs are open, the most this server runs at once; close one and reload", l.max)
		}
		l.remove(v)
		close(v.evicted)
	}
	h := &heldTab{limit: l, source: source, evicted: make(chan struct{})}
	h.touch()
	h.release = sync.OnceFunc(func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.remove(h)
	})
	l.open[source] = append(l.open[source], h)
	l.n++
	return h, nil
}

// victim is the least recently active tab of the source holding the most,
// if that source holds more than newcomer; nil otherwise. l.mu is held.
func (l *tabLimit) victim(newcomer int) *heldTab {
	var most []*heldTab
	for _, list := range l.open {
		if len(list) > len(most) {
			most = list
		}
	}
	if len(most) <= newcomer {
		return nil
	}
	v := most[0]
	for _, h := range most[1:] {
		if h.last.Load() < v.last.Load() {
			v = h
		}
	}
	return v
}

// remove takes h off the list if it is on it. l.mu is held.
func (l *tabLimit) remove(h *heldTab) {
	list := l.open[h.source]
	for i, x := range list {
		if x == h {
			list = append(list[:i:i], list[i+1:]...)
			l.n--
			if len(list) == 0 {
				delete(l.open, h.source)
			} else {
				l.open[h.source] = list
			}
			return
		}
	}
}

// touch records that the page sent something.
func (h *heldTab) touch() { h.last.Store(int64(time.Since(h.limit.epoch))) }

// idle is how long ago the page last sent anything.
func (h *heldTab) idle() time.Duration {
	return time.Since(h.limit.epoch) - time.Duration(h.last.Load())
}

// sourceOf is the source a tab from remote (a request's RemoteAddr) counts
// against: its IP address, or for IPv6 its /64 network, which one client
// usually holds whole (render/ssh's rule). Behind a reverse proxy every
// tab has the proxy's address.
func sourceOf(remote string) string {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		return remote
	}
	a := ap.Addr().Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.WithZone("").Prefix(64) // an IPv6 address always has a /64
	return p.String()
}
