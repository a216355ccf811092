package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
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

	mu        sync.Mutex
	streams   int
	admitting int
}

// Wrap returns next behind the limits.
func (l *Limits) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			if !l.openStream() {
				w.Header().Set("Retry-After", "10")
				http.Error(w, fmt.Sprintf("facet: %d event streams are open, the server's limit; close one (or raise the limit) and try again", l.MaxStreams), http.StatusServiceUnavailable)
				return
			}
			defer l.closeStream()
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
			if !l.admit() {
				w.Header().Set("Retry-After", "30")
				http.Error(w, fmt.Sprintf("facet: %d MCP sessions are open, the server's limit; end one (HTTP DELETE) or wait for an idle one to expire, then initialize again", l.MaxSessions), http.StatusServiceUnavailable)
				return
			}
			defer l.admitted()
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

func (l *Limits) openStream() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.streams >= l.MaxStreams {
		return false
	}
	l.streams++
	return true
}

func (l *Limits) closeStream() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.streams--
}

// admit makes room for one session being initialized, counting those
// under way, so concurrent initializes cannot pass the cap together.
func (l *Limits) admit() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.Sessions.Live()+l.admitting >= l.MaxSessions {
		return false
	}
	l.admitting++
	return true
}

func (l *Limits) admitted() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.admitting--
}

// isInitialize reports whether body is a JSON-RPC initialize request. A
// body that holds neither the word nor a \u escape (which could spell
// it) is not one, and is not parsed: every request passes here, and
// mcp-go parses it again anyway.
func isInitialize(body []byte) bool {
	if !bytes.Contains(body, []byte("initialize")) && !bytes.Contains(body, []byte(`\u`)) {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &m) == nil && m.Method == "initialize"
}
