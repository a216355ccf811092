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
}

// NewHTTPSessions returns a tracker that remembers ended ids for keep,
// reads time from now (time.Now if nil) and calls onEnd for each id that
// ends.
func NewHTTPSessions(keep time.Duration, now func() time.Time, onEnd func(string)) *HTTPSessions {
	if now == nil {
		now = time.Now
	}
	return &HTTPSessions{live: map[string]bool{}, ended: map[string]time.Time{}, keep: keep, now: now, onEnd: onEnd}
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
		h.ended[id] = h.now()
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
