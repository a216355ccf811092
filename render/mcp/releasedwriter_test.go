package mcp

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestAnsweredRequestsLetGoOfTheirResponse: a handler that keeps its
// writer past the request (as mcp-go keeps a POST's, to resume its event
// stream) reaches the response while it answers, and nothing of it after.
func TestAnsweredRequestsLetGoOfTheirResponse(t *testing.T) {
	var kept http.ResponseWriter
	srv := httptest.NewServer(releaseWriters(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kept = w
		if _, ok := w.(http.Flusher); !ok {
			t.Error("the writer of a response that flushes does not flush")
		}
		if err := http.NewResponseController(w).SetWriteDeadline(time.Now().Add(time.Minute)); err != nil {
			t.Errorf("a write deadline does not reach the response: %v", err)
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusAccepted)
		_, _ = io.WriteString(w, "answered")
		w.(http.Flusher).Flush()
	})))
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted || string(body) != "answered" || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Errorf("answered %d %q (%s), want 202 \"answered\" as an event stream", res.StatusCode, body, res.Header.Get("Content-Type"))
	}
	if _, err := kept.Write([]byte("late")); !errors.Is(err, errReleased) {
		t.Errorf("a write after the answer = %v, want errReleased", err)
	}
	if u := kept.(interface{ Unwrap() http.ResponseWriter }).Unwrap(); u != nil {
		t.Errorf("the kept writer still reaches the response %T", u)
	}
	kept.WriteHeader(http.StatusTeapot) // no effect, no panic
	kept.(http.Flusher).Flush()
	kept.Header().Set("X", "y")
}
