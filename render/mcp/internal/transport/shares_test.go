package transport

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// bySourceHeader names a request's source by its X-Source header.
func bySourceHeader(r *http.Request) string { return r.Header.Get("X-Source") }

func fromSource(method, source, body string) *http.Request {
	req := httptest.NewRequest(method, "/mcp", strings.NewReader(body))
	req.Header.Set("X-Source", source)
	return req
}

// TestLimitsGiveEachSourceAShareOfTheStreams: one source may hold at most
// its share of MaxStreams (Share, at most the cap; by default half the
// cap, at least 1), so another source still gets a stream; without a
// Source every request is one source, bound by the cap alone.
func TestLimitsGiveEachSourceAShareOfTheStreams(t *testing.T) {
	tests := []struct {
		name      string
		max       int
		share     int
		source    bool
		held      int // streams source A holds
		admitted  bool
		shareFull bool // refused for A's share, not the cap
	}{
		{"default share, under it", 4, 0, true, 1, true, false},
		{"default share, at half", 4, 0, true, 2, false, true},
		{"default share of an odd cap", 3, 0, true, 1, false, true},
		{"default share of a cap of one", 1, 0, true, 0, true, false},
		{"a share set, under it", 4, 3, true, 2, true, false},
		{"a share set, at it", 4, 3, true, 3, false, true},
		{"a share past the cap is the cap", 4, 9, true, 3, true, false},
		{"a share past the cap, at the cap", 4, 9, true, 4, false, false},
		{"no source: the cap alone", 4, 0, false, 3, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hold := newStreamHolder()
			l := &Limits{MaxBody: 1 << 10, MaxStreams: tc.max, Share: tc.share}
			if tc.source {
				l.Source = bySourceHeader
			}
			h := l.Wrap(hold)
			get := func(source string) int {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, fromSource("GET", source, ""))
				if rec.Code != http.StatusOK {
					msg := fmt.Sprintf("you hold %d event streams, one client's share of the server's %d", tc.held, tc.max)
					if !tc.shareFull {
						msg = fmt.Sprintf("%d event streams are open", tc.max)
					}
					if !strings.Contains(rec.Body.String(), msg) {
						t.Errorf("refused with %q, want it to say %q", rec.Body.String(), msg)
					}
				}
				return rec.Code
			}
			closed := make(chan int, tc.held+2)
			for range tc.held {
				go func() { closed <- get("a") }()
				<-hold.opened
			}
			opened := make(chan int, 2)
			go func() { opened <- get("a") }()
			if tc.admitted {
				<-hold.opened
			} else if code := <-opened; code != http.StatusServiceUnavailable {
				t.Fatalf("source a's stream past its share: %d", code)
			}
			if !tc.admitted && tc.shareFull {
				// Another source is not held to a's share.
				go func() { opened <- get("b") }()
				<-hold.opened
			}
			close(hold.release)
			for range tc.held {
				<-closed
			}
			if tc.admitted || tc.shareFull {
				if code := <-opened; code != http.StatusOK {
					t.Fatalf("a stream within the share: %d", code)
				}
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			if l.streams != 0 || len(l.streamsFrom) != 0 {
				t.Fatalf("%d streams (%v by source) counted once all closed", l.streams, l.streamsFrom)
			}
		})
	}
}

// openSessions has source open n sessions through h's Track, as
// initializes do: the handler issues an id, Track records its opener.
func openSessions(t *testing.T, h *HTTPSessions, source string, n int) []string {
	t.Helper()
	var ids []string
	srv := h.Track(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := h.Generate()
		ids = append(ids, id)
		w.Header().Set("Mcp-Session-Id", id)
	}))
	for range n {
		srv.ServeHTTP(httptest.NewRecorder(), fromSource("POST", source, initializeBody))
	}
	return ids
}

// TestLimitsGiveEachSourceAShareOfTheSessions: an initialize is refused
// once its source holds its share of MaxSessions, live or under way;
// another source's is not.
func TestLimitsGiveEachSourceAShareOfTheSessions(t *testing.T) {
	tests := []struct {
		name     string
		max      int
		share    int
		live     int // sessions a opened
		underWay int // a's initializes still being answered
		source   string
		status   int
	}{
		{"under the default share", 4, 0, 1, 0, "a", http.StatusOK},
		{"at the default share", 4, 0, 2, 0, "a", http.StatusServiceUnavailable},
		{"at the default share with one under way", 4, 0, 1, 1, "a", http.StatusServiceUnavailable},
		{"another source beside a full share", 4, 0, 2, 0, "b", http.StatusOK},
		{"under a share set", 4, 3, 2, 0, "a", http.StatusOK},
		{"at a share set", 4, 3, 3, 0, "a", http.StatusServiceUnavailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sessions := NewHTTPSessions(time.Minute, nil, nil)
			sessions.SourcedBy(bySourceHeader, false)
			openSessions(t, sessions, "a", tc.live)
			if got := sessions.LiveFrom("a"); got != tc.live {
				t.Fatalf("LiveFrom(a) = %d, want %d", got, tc.live)
			}
			entered, release := make(chan struct{}, tc.underWay), make(chan struct{})
			l := &Limits{MaxBody: 1 << 10, MaxStreams: 1, Sessions: sessions, MaxSessions: tc.max, Share: tc.share, Source: bySourceHeader}
			h := l.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("X-Wait") != "" {
					entered <- struct{}{}
					<-release
				}
			}))
			done := make(chan struct{})
			for range tc.underWay {
				go func() {
					req := fromSource("POST", "a", initializeBody)
					req.Header.Set("X-Wait", "1")
					h.ServeHTTP(httptest.NewRecorder(), req)
					done <- struct{}{}
				}()
				<-entered
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, fromSource("POST", tc.source, initializeBody))
			close(release)
			for range tc.underWay {
				<-done
			}
			if rec.Code != tc.status {
				t.Fatalf("%d %q, want %d", rec.Code, rec.Body.String(), tc.status)
			}
			if tc.status != http.StatusOK {
				want := fmt.Sprintf("you hold %d MCP sessions, one client's share of the server's %d", tc.live, tc.max)
				if !strings.Contains(rec.Body.String(), want) || rec.Header().Get("Retry-After") != "30" {
					t.Fatalf("refused with %q (Retry-After %q), want it to say %q", rec.Body.String(), rec.Header().Get("Retry-After"), want)
				}
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			if l.admitting != 0 || len(l.admittingFrom) != 0 {
				t.Fatalf("%d initializes (%v by source) counted under way once all finished", l.admitting, l.admittingFrom)
			}
		})
	}
}

// TestExclusiveSessionsServeOnlyTheirOpener: with exclusive ids, a request
// carrying an id another source opened is refused (403) before it reaches
// the transport; the opener's, and any request when ids are not
// exclusive, pass. An ended id no longer counts for its opener.
func TestExclusiveSessionsServeOnlyTheirOpener(t *testing.T) {
	tests := []struct {
		name      string
		exclusive bool
		sourced   bool // sources are recorded at all
		from      string
		passed    bool
	}{
		{"the opener", true, true, "a", true},
		{"another source", true, true, "b", false},
		{"another source's GET", true, true, "b", false},
		{"another source, not exclusive", false, true, "b", true},
		{"no sources recorded", true, false, "b", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := NewHTTPSessions(time.Minute, nil, nil)
			if tc.sourced {
				h.SourcedBy(bySourceHeader, tc.exclusive)
			}
			ids := openSessions(t, h, "a", 2)
			if !tc.sourced {
				// Set after the ids were issued: none has an opener.
				h.SourcedBy(bySourceHeader, tc.exclusive)
			}
			passed := false
			srv := h.Track(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { passed = true }))
			method := "POST"
			if strings.Contains(tc.name, "GET") {
				method = "GET"
			}
			req := fromSource(method, tc.from, "{}")
			req.Header.Set("Mcp-Session-Id", ids[0])
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if passed != tc.passed {
				t.Fatalf("passed: %v, want %v (%d %q)", passed, tc.passed, rec.Code, rec.Body.String())
			}
			if !tc.passed && (rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "opened by another principal")) {
				t.Fatalf("refused with %d %q, want 403", rec.Code, rec.Body.String())
			}
			want := 2
			if !tc.sourced {
				want = 0
			}
			if got := h.LiveFrom("a"); got != want {
				t.Fatalf("LiveFrom(a) = %d, want %d", got, want)
			}
			_, _ = h.Terminate(ids[0])
			if got := h.LiveFrom("a"); got != max(want-1, 0) {
				t.Fatalf("LiveFrom(a) = %d after one ended, want %d", got, max(want-1, 0))
			}
		})
	}
}
