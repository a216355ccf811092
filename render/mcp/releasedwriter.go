package mcp

import (
	"errors"
	"net/http"
	"sync/atomic"
)

// errReleased is what a write to a request's response answers once the
// request has been answered.
var errReleased = errors.New("mcp: the request has been answered")

// releaseWriters hands h a response writer that lets go of the response
// once h returns. mcp-go keeps the writer of every POST it answers on an
// event stream until the session ends (to resume the stream, which a new
// request does on a writer of its own), and so the whole response (the
// request, its headers, its buffers) of every call a session ever made;
// given this writer instead, it keeps a small shell. Writes after h
// returns, which net/http forbids anyway, fail.
func releaseWriters(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &releasedWriter{}
		rw.w.Store(&w)
		defer rw.w.Store(nil)
		if _, ok := w.(http.Flusher); ok {
			h.ServeHTTP(releasedFlusher{rw}, r)
			return
		}
		h.ServeHTTP(rw, r)
	})
}

// releasedWriter is a response writer until it is released.
type releasedWriter struct {
	w atomic.Pointer[http.ResponseWriter] // nil once released
}

func (rw *releasedWriter) inner() http.ResponseWriter {
	if p := rw.w.Load(); p != nil {
		return *p
	}
	return nil
}

// Header implements http.ResponseWriter: once released, an empty header
// nobody reads.
func (rw *releasedWriter) Header() http.Header {
	if w := rw.inner(); w != nil {
		return w.Header()
	}
	return http.Header{}
}

// Write implements http.ResponseWriter.
func (rw *releasedWriter) Write(p []byte) (int, error) {
	if w := rw.inner(); w != nil {
		return w.Write(p)
	}
	return 0, errReleased
}

// WriteHeader implements http.ResponseWriter.
func (rw *releasedWriter) WriteHeader(status int) {
	if w := rw.inner(); w != nil {
		w.WriteHeader(status)
	}
}

// Unwrap lets http.ResponseController reach the response (write
// deadlines) while it is not released.
func (rw *releasedWriter) Unwrap() http.ResponseWriter { return rw.inner() }

// releasedFlusher is a releasedWriter of a response that flushes.
type releasedFlusher struct{ *releasedWriter }

// Flush implements http.Flusher.
func (rf releasedFlusher) Flush() {
	if f, ok := rf.inner().(http.Flusher); ok {
		f.Flush()
	}
}
