package transport

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// timerArmed reports whether id's quiet timer is running.
func timerArmed(h *HTTPSessions, id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.timers[id] != nil
}

// TestTrackArmsTheQuietTimer: a request on a live session (or the one
// that issued it) starts its quiet timer, unless no quiet is set up, the
// id is not live, or its event stream is open; a request with no id and
// no id issued starts none.
func TestTrackArmsTheQuietTimer(t *testing.T) {
	tests := []struct {
		name   string
		after  time.Duration
		quiet  bool
		header string // "live", "unknown" or "" (none)
		issue  bool   // the handler issues a session
		stream bool   // its event stream is open
		method string
		armed  bool
	}{
		{"a POST on a live id", time.Hour, true, "live", false, false, "POST", true},
		{"a DELETE on a live id", time.Hour, true, "live", false, false, "DELETE", true},
		{"the initialize that issued the id", time.Hour, true, "", true, false, "POST", true},
		{"a request that issued nothing", time.Hour, true, "", false, false, "POST", false},
		{"an id not issued", time.Hour, true, "unknown", false, false, "POST", false},
		{"no quiet callback", time.Hour, false, "live", false, false, "POST", false},
		{"no quiet time", 0, true, "live", false, false, "POST", false},
		{"a negative quiet time", -time.Second, true, "live", false, false, "POST", false},
		{"its event stream open", time.Hour, true, "live", false, true, "POST", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := NewHTTPSessions(time.Minute, nil, nil)
			if tc.quiet {
				h.OnQuiet(tc.after, func(string) {})
			} else {
				h.OnQuiet(tc.after, nil)
			}
			live := h.Generate()
			issued := live
			if tc.issue {
				issued = h.Generate()
			}
			if tc.stream {
				h.hold(live)
			}
			srv := h.Track(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tc.issue {
					w.Header().Set("Mcp-Session-Id", issued)
				}
			}))
			req := httptest.NewRequest(tc.method, "/mcp", nil)
			switch tc.header {
			case "live":
				req.Header.Set("Mcp-Session-Id", live)
			case "unknown":
				req.Header.Set("Mcp-Session-Id", SessionPrefix+strings.Repeat("0", 32))
			}
			srv.ServeHTTP(httptest.NewRecorder(), req)
			armed := timerArmed(h, live) || timerArmed(h, issued) || timerArmed(h, req.Header.Get("Mcp-Session-Id"))
			if armed != tc.armed {
				t.Fatalf("quiet timer armed: %v, want %v", armed, tc.armed)
			}
			_, _ = h.Terminate(live)
			_, _ = h.Terminate(issued)
			if timerArmed(h, live) || timerArmed(h, issued) {
				t.Fatal("an ended session's quiet timer still runs")
			}
		})
	}
}

// TestAQuietClientIsReportedQuiet: a live session whose requests stop is
// reported quiet.
func TestAQuietClientIsReportedQuiet(t *testing.T) {
	h := NewHTTPSessions(time.Minute, nil, nil)
	quiet := make(chan string, 4)
	h.OnQuiet(time.Millisecond, func(id string) { quiet <- id })
	id := h.Generate()
	srv := h.Track(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	for range 3 { // the first starts the timer, the others restart it
		req := httptest.NewRequest("POST", "/mcp", nil)
		req.Header.Set("Mcp-Session-Id", id)
		srv.ServeHTTP(httptest.NewRecorder(), req)
	}
	select {
	case got := <-quiet:
		if got != id {
			t.Fatalf("reported %q quiet, want %q", got, id)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a quiet session was never reported")
	}
}

// TestAClosedStreamReportsItsSessionQuiet: when a live session's event
// stream closes, it is reported quiet at once; not when the session
// ended meanwhile.
func TestAClosedStreamReportsItsSessionQuiet(t *testing.T) {
	for _, tc := range []struct {
		name  string
		end   bool
		quiet int
	}{
		{"a live session", false, 1},
		{"a session ended while its stream was open", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := NewHTTPSessions(time.Minute, nil, nil)
			var quiet []string
			h.OnQuiet(time.Hour, func(id string) { quiet = append(quiet, id) })
			id := h.Generate()
			srv := h.Track(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
				h.mu.Lock()
				open := h.streams[id]
				h.mu.Unlock()
				if open != 1 {
					t.Errorf("%d streams counted open during one", open)
				}
				if tc.end {
					_, _ = h.Terminate(id)
				}
			}))
			req := httptest.NewRequest("GET", "/mcp", nil)
			req.Header.Set("Mcp-Session-Id", id)
			srv.ServeHTTP(httptest.NewRecorder(), req)
			if len(quiet) != tc.quiet || (tc.quiet == 1 && quiet[0] != id) {
				t.Fatalf("reported quiet: %v, want %d times", quiet, tc.quiet)
			}
			h.mu.Lock()
			defer h.mu.Unlock()
			if _, ok := h.streams[id]; ok {
				t.Fatal("a closed stream is still counted")
			}
		})
	}
}

// TestEndedIDsAreKeptForTheirTime: an ended id is reported terminated
// for exactly keep, and unknown after.
func TestEndedIDsAreKeptForTheirTime(t *testing.T) {
	for _, tc := range []struct {
		name       string
		after      time.Duration
		terminated bool
	}{
		{"within keep", time.Minute - time.Nanosecond, true},
		{"at keep", time.Minute, true},
		{"past keep", time.Minute + time.Nanosecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := time.Unix(0, 0)
			h := NewHTTPSessions(time.Minute, func() time.Time { return now }, nil)
			id := h.Generate()
			_, _ = h.Terminate(id)
			now = now.Add(tc.after)
			h.Generate() // forgets what is past keep
			if term, err := h.Validate(id); term != tc.terminated || (err == nil) != tc.terminated {
				t.Fatalf("Validate = %v, %v; want terminated %v", term, err, tc.terminated)
			}
		})
	}
}

// TestRefuseEndedDelete: a DELETE of an id not live is answered 404 by
// Facet; any other request, and a DELETE of a live id or of none, goes on.
func TestRefuseEndedDelete(t *testing.T) {
	h := NewHTTPSessions(time.Minute, nil, nil)
	live, ended := h.Generate(), h.Generate()
	_, _ = h.Terminate(ended)
	unknown := SessionPrefix + strings.Repeat("0", 32)
	tests := []struct {
		method, id string
		passed     bool
	}{
		{"DELETE", live, true},
		{"DELETE", ended, false},
		{"DELETE", unknown, false},
		{"DELETE", "", true},
		{"POST", ended, true},
		{"GET", unknown, true},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.id, func(t *testing.T) {
			passed := false
			srv := h.RefuseEndedDelete(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { passed = true }))
			req := httptest.NewRequest(tc.method, "/mcp", nil)
			if tc.id != "" {
				req.Header.Set("Mcp-Session-Id", tc.id)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if passed != tc.passed {
				t.Fatalf("passed on: %v, want %v (%d %q)", passed, tc.passed, rec.Code, rec.Body.String())
			}
			if !tc.passed && (rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "is not live")) {
				t.Fatalf("refused with %d %q, want 404", rec.Code, rec.Body.String())
			}
		})
	}
	if h.Live() != 1 {
		t.Fatalf("%d live, want 1", h.Live())
	}
}
