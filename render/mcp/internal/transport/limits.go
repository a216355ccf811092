package transport

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/facetui/facet/render/mcp/internal/rpcmsg"
)

// Limits bounds what HTTP clients can make the server hold before any
// authorization runs: the size of a request body and the time to send it,
// the event streams open at once, and the sessions live at once. A request
// past a limit is refused with a status and a message naming the limit.
type Limits struct {
	// MaxBody is the largest request body read, in bytes.
	MaxBody int64
	// ReadTimeout bounds the time to send a request body. The server's
	// own ReadTimeout cannot be used: it would also end event streams.
	ReadTimeout time.Duration
	// MaxStreams caps the event streams (GET requests: SSE, and the
	// streamable transport's notification stream) open at once.
	MaxStreams int
	// Sessions and MaxSessions cap the streamable-HTTP sessions live at
	// once: an initialize past the cap is refused.
	Sessions    *HTTPSessions
	MaxSessions int
	// Source names who a request comes from (an authenticated principal,
	// or an address); nil makes every request one source. Share is the
	// most of MaxSessions and of MaxStreams one source may hold, so that
	// one client filling a cap leaves room for a newcomer (default: half
	// of each cap, at least 1). The sessions are counted by who opened
	// them, which Sessions records (HTTPSessions.SourcedBy).
	Source func(*http.Request) string
	Share  int

	mu        sync.Mutex
	streams   int
	admitting int
	// streamsFrom and admittingFrom count them per source.
	streamsFrom   map[string]int
	admittingFrom map[string]int
}

// share is the most of limit one source may hold.
func (l *Limits) share(limit int) int {
	if l.Share > 0 {
		return min(l.Share, limit)
	}
	return max(limit/2, 1)
}

func (l *Limits) sourceOf(r *http.Request) string {
	if l.Source == nil {
		return ""
	}
	return l.Source(r)
}

// Wrap returns next behind the limits.
func (l *Limits) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			from := l.sourceOf(r)
			if msg := l.openStream(from); msg != "" {
				w.Header().Set("Retry-After", "10")
				http.Error(w, "facet: "+msg, http.StatusServiceUnavailable)
				return
			}
			defer l.closeStream(from)
			next.ServeHTTP(w, r)
			return
		}
		body, status, err := l.readBody(w, r)
		if err != nil {
			// Close rather than read the rest of a body refused.
			w.Header().Set("Connection", "close")
			http.Error(w, "facet: "+err.Error(), status)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		// Every initialize, with or without a session id header: mcp-go
		// issues a new session for one either way.
		if l.Sessions != nil && isInitialize(body) {
			from := l.sourceOf(r)
			if msg := l.admit(from); msg != "" {
				w.Header().Set("Retry-After", "30")
				http.Error(w, "facet: "+msg, http.StatusServiceUnavailable)
				return
			}
			defer l.admitted(from)
		}
		next.ServeHTTP(w, r)
	})
}

// readBody reads r's whole body within MaxBody and ReadTimeout, or answers
// the status and the error to refuse it with.
func (l *Limits) readBody(w http.ResponseWriter, r *http.Request) ([]byte, int, error) {
	if r.ContentLength > l.MaxBody {
		return nil, http.StatusRequestEntityTooLarge, fmt.Errorf("request body of %d bytes is over the limit of %d bytes", r.ContentLength, l.MaxBody)
	}
	rc := http.NewResponseController(w)
	if l.ReadTimeout > 0 {
		// Not supported by every ResponseWriter (httptest's); then the
		// server's own timeouts are all there is.
		_ = rc.SetReadDeadline(time.Now().Add(l.ReadTimeout))
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, l.MaxBody))
	if err == nil && l.ReadTimeout > 0 {
		// The body is in; a stream answered from here may take long.
		_ = rc.SetReadDeadline(time.Time{})
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, http.StatusRequestEntityTooLarge, fmt.Errorf("request body is over the limit of %d bytes", l.MaxBody)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, http.StatusRequestTimeout, fmt.Errorf("request body not received within %v", l.ReadTimeout)
	case err != nil:
		return nil, http.StatusBadRequest, fmt.Errorf("reading the request body: %w", err)
	}
	return body, 0, nil
}

// openStream makes room for one event stream of source from, or answers
// why there is none.
func (l *Limits) openStream(from string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.streams >= l.MaxStreams {
		return fmt.Sprintf("%d event streams are open, the server's limit; close one (or raise the limit) and try again", l.MaxStreams)
	}
	if share := l.share(l.MaxStreams); l.Source != nil && l.streamsFrom[from] >= share {
		return fmt.Sprintf("you hold %d event streams, one client's share of the server's %d; close one of yours and try again", l.streamsFrom[from], l.MaxStreams)
	}
	if l.streamsFrom == nil {
		l.streamsFrom = map[string]int{}
	}
	l.streams++
	l.streamsFrom[from]++
	return ""
}

func (l *Limits) closeStream(from string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.streams--
	if l.streamsFrom[from]--; l.streamsFrom[from] <= 0 {
		delete(l.streamsFrom, from)
	}
}

// admit makes room for one session being initialized by source from,
// counting those under way, so concurrent initializes cannot pass the
// caps together; or it answers why there is none.
func (l *Limits) admit(from string) string {
	live, mine := l.Sessions.Live(), l.Sessions.LiveFrom(from)
	l.mu.Lock()
	defer l.mu.Unlock()
	if live+l.admitting >= l.MaxSessions {
		return fmt.Sprintf("%d MCP sessions are open, the server's limit; end one (HTTP DELETE) or wait for an idle one to expire, then initialize again", l.MaxSessions)
	}
	if l.Source != nil {
		if share := l.share(l.MaxSessions); mine+l.admittingFrom[from] >= share {
			return fmt.Sprintf("you hold %d MCP sessions, one client's share of the server's %d; end one of yours (HTTP DELETE) and initialize again", mine, l.MaxSessions)
		}
	}
	if l.admittingFrom == nil {
		l.admittingFrom = map[string]int{}
	}
	l.admitting++
	l.admittingFrom[from]++
	return ""
}

func (l *Limits) admitted(from string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.admitting--
	if l.admittingFrom[from]--; l.admittingFrom[from] <= 0 {
		delete(l.admittingFrom, from)
	}
}

// isInitialize reports whether body is a JSON-RPC initialize request. A
// body that holds neither the word nor a \u escape (which could spell
// it) is not one, and is not parsed: every request passes here, and
// mcp-go parses it again anyway.
func isInitialize(body []byte) bool {
	if !bytes.Contains(body, []byte("initialize")) && !bytes.Contains(body, []byte(`\u`)) {
		return false
	}
	m, ok := rpcmsg.Read(body)
	return ok && m.Method == "initialize"
}
