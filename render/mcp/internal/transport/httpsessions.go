package transport

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// SessionPrefix starts every streamable-HTTP session id Facet issues.
const SessionPrefix = "facet-"

// HTTPSessions issues and tracks streamable-HTTP session ids, so that an
// id the server never issued, or one already ended (DELETE or idle TTL),
// is refused instead of served. mcp-go's default manager checks only an
// id's format. An ended id is remembered as terminated for a while, then
// forgotten (and then refused as unknown); live ids end by DELETE or by
// the transport's idle sweeper, so neither map grows without bound.
type HTTPSessions struct {
	mu    sync.Mutex
	live  map[string]bool
	ended map[string]time.Time
	keep  time.Duration
	now   func() time.Time
	// onEnd runs, outside the lock, for each id that ends.
	onEnd func(id string)
	// quiet runs for a live id when its client has gone quiet: no
	// request for quietAfter, or its event stream closed.
	quiet      func(id string)
	quietAfter time.Duration
	timers     map[string]*time.Timer
	// streams counts the event streams (GETs) open per id: while one is,
	// the client is there, whatever requests it sends meanwhile.
	streams map[string]int
	// source names who a request comes from (an authenticated
	// principal, or an address); sources keeps who opened each live id.
	// When exclusive, nobody else may use an id.
	source    func(*http.Request) string
	exclusive bool
	sources   map[string]string
}

// NewHTTPSessions returns a tracker that remembers ended ids for keep,
// reads time from now (time.Now if nil) and calls onEnd for each id that
// ends.
func NewHTTPSessions(keep time.Duration, now func() time.Time, onEnd func(string)) *HTTPSessions {
	if now == nil {
		now = time.Now
	}
	return &HTTPSessions{live: map[string]bool{}, ended: map[string]time.Time{}, keep: keep, now: now, onEnd: onEnd, timers: map[string]*time.Timer{}, streams: map[string]int{}, sources: map[string]string{}}
}

// OnQuiet has quiet run for a live id whose client sent no request for
// after, and for one whose event stream (a GET) closed: a client that
// went away without DELETE. The id stays live; its next request counts
// as activity again. Call it before serving.
func (h *HTTPSessions) OnQuiet(after time.Duration, quiet func(id string)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.quiet, h.quietAfter = quiet, after
}

// SourcedBy records who opened each id, as source names a request's
// sender (see LiveFrom). With exclusive, a request carrying an id that
// another source opened is refused with 403: a session id then works
// only for its principal, even if it is seen. Call it before serving.
func (h *HTTPSessions) SourcedBy(source func(*http.Request) string, exclusive bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.source, h.exclusive = source, exclusive
}

// LiveFrom returns how many live ids source opened.
func (h *HTTPSessions) LiveFrom(source string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.sources {
		if s == source {
			n++
		}
	}
	return n
}

// heldByOther reports whether live id was opened by another source than
// r's sender, when ids are exclusive.
func (h *HTTPSessions) heldByOther(id string, r *http.Request) bool {
	h.mu.Lock()
	source, exclusive := h.source, h.exclusive
	opener, bound := h.sources[id]
	h.mu.Unlock()
	return exclusive && bound && source(r) != opener
}

// bind records r's sender as the opener of the id just issued.
func (h *HTTPSessions) bind(id string, r *http.Request) {
	h.mu.Lock()
	source := h.source
	h.mu.Unlock()
	if source == nil {
		return
	}
	from := source(r)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.live[id] {
		h.sources[id] = from
	}
}

// Live returns how many ids are live.
func (h *HTTPSessions) Live() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.live)
}

// touch records a request on a live id, restarting its quiet timer,
// unless its event stream is open (then it has none).
func (h *HTTPSessions) touch(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.live[id] || h.quiet == nil || h.quietAfter <= 0 || h.streams[id] > 0 {
		return
	}
	if t := h.timers[id]; t != nil {
		t.Reset(h.quietAfter)
		return
	}
	quiet := h.quiet
	h.timers[id] = time.AfterFunc(h.quietAfter, func() { quiet(id) })
}

// Track records activity on the session ids requests carry, and reports a
// session quiet when its event stream (a GET) closes.
func (h *HTTPSessions) Track(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("Mcp-Session-Id")
		if id == "" {
			next.ServeHTTP(w, r)
			if id = w.Header().Get("Mcp-Session-Id"); id != "" {
				h.bind(id, r)
				h.touch(id) // a session just issued
			}
			return
		}
		if h.heldByOther(id, r) {
			http.Error(w, "facet: this MCP session was opened by another principal: initialize your own", http.StatusForbidden)
			return
		}
		if r.Method != http.MethodGet {
			h.touch(id)
			next.ServeHTTP(w, r)
			return
		}
		// A client holding its event stream open is there, however quiet;
		// when the stream closes it may be gone.
		h.hold(id)
		next.ServeHTTP(w, r)
		h.mu.Lock()
		quiet, live := h.quiet, h.live[id]
		if h.streams[id]--; h.streams[id] <= 0 {
			delete(h.streams, id)
		} else {
			quiet = nil // another stream of it is still open
		}
		h.mu.Unlock()
		if quiet != nil && live {
			quiet(id)
		}
	})
}

// hold stops id's quiet timer while its event stream is open.
func (h *HTTPSessions) hold(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.streams[id]++
	if t := h.timers[id]; t != nil {
		t.Stop()
		delete(h.timers, id)
	}
}

// Generate issues a new id: 128 random bits.
func (h *HTTPSessions) Generate() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	id := SessionPrefix + hex.EncodeToString(b[:])
	h.mu.Lock()
	defer h.mu.Unlock()
	h.live[id] = true
	now := h.now()
	for old, at := range h.ended {
		if now.Sub(at) > h.keep {
			delete(h.ended, old)
		}
	}
	return id
}

// Validate accepts a live id, reports an ended one as terminated, and
// refuses any other.
func (h *HTTPSessions) Validate(id string) (terminated bool, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.live[id]:
		return false, nil
	case !h.ended[id].IsZero():
		return true, nil
	}
	return false, fmt.Errorf("session id %q was not issued by this server (or ended long ago): initialize again", id)
}

// Terminate ends a live id; ending an unknown or ended one does nothing.
func (h *HTTPSessions) Terminate(id string) (notAllowed bool, err error) {
	h.mu.Lock()
	was := h.live[id]
	if was {
		delete(h.live, id)
		delete(h.sources, id)
		h.ended[id] = h.now()
	}
	if t := h.timers[id]; t != nil {
		t.Stop()
		delete(h.timers, id)
	}
	h.mu.Unlock()
	if was && h.onEnd != nil {
		h.onEnd(id)
	}
	return false, nil
}

// RefuseEndedDelete answers a DELETE of a session id that is not live
// with 404, as the transport does for any other request with one: mcp-go
// answers 200 to ending a session twice.
func (h *HTTPSessions) RefuseEndedDelete(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id := r.Header.Get("Mcp-Session-Id"); r.Method == http.MethodDelete && id != "" {
			if terminated, err := h.Validate(id); terminated || err != nil {
				http.Error(w, fmt.Sprintf("facet: session %q is not live (it ended, or this server never issued it)", id), http.StatusNotFound)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
