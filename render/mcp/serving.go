package mcp

import (
	"errors"
	"net/http"
	"sync"
)

// ErrServerClosed is returned by Serve and ListenAndServe on a Server that
// Close has closed, as ssh's and web's are.
var ErrServerClosed = errors.New("mcp: server closed")

// httpServers are the HTTP servers Serve runs, which Close closes. The
// zero value is ready.
type httpServers struct {
	mu     sync.Mutex
	closed bool
	set    map[*http.Server]bool
}

// add records hs, unless Close has run (false).
func (h *httpServers) add(hs *http.Server) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	if h.set == nil {
		h.set = map[*http.Server]bool{}
	}
	h.set[hs] = true
	return true
}

// remove forgets hs, which has stopped.
func (h *httpServers) remove(hs *http.Server) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.set, hs)
}

// close closes every server and refuses new ones.
func (h *httpServers) close() error {
	h.mu.Lock()
	h.closed = true
	servers := make([]*http.Server, 0, len(h.set))
	for hs := range h.set {
		servers = append(servers, hs)
	}
	h.mu.Unlock()
	var errs []error
	for _, hs := range servers {
		errs = append(errs, hs.Close())
	}
	return errors.Join(errs...)
}
