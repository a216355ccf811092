package transport

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLimitsBoundTheBody: a request body is read whole, within MaxBody
// however it is framed, and the handler behind sees all of it; past the
// limit the request is refused (413) and its connection closed, and a body
// that breaks off is refused (400). A GET's body is not read.
func TestLimitsBoundTheBody(t *testing.T) {
	const max = 16
	over := strings.Repeat("x", max+1)
	tests := []struct {
		name    string
		method  string
		body    string
		breaks  bool  // the body fails after its bytes
		length  int64 // Content-Length; -1 for none (chunked)
		status  int
		message string // in the refusal
	}{
		{"under the limit", "POST", "0123456789", false, 10, http.StatusOK, ""},
		{"at the limit", "POST", over[1:], false, max, http.StatusOK, ""},
		{"a Content-Length over the limit", "POST", over, false, max + 1, http.StatusRequestEntityTooLarge, "request body of 17 bytes is over the limit of 16 bytes"},
		{"a Content-Length over the limit, body never sent", "POST", "", false, 1 << 30, http.StatusRequestEntityTooLarge, "over the limit of 16 bytes"},
		{"no length, at the limit", "POST", over[1:], false, -1, http.StatusOK, ""},
		{"no length, over the limit", "POST", over, false, -1, http.StatusRequestEntityTooLarge, "request body is over the limit of 16 bytes"},
		{"a body that breaks off", "POST", "01", true, -1, http.StatusBadRequest, "reading the request body: connection reset"},
		{"a DELETE is bounded too", "DELETE", over, false, -1, http.StatusRequestEntityTooLarge, "over the limit"},
		{"a GET's body is not read", "GET", over, false, max + 1, http.StatusOK, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []byte
			ran := false
			l := &Limits{MaxBody: max, MaxStreams: 1}
			h := l.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ran = true
				if r.Method != http.MethodGet {
					got, _ = io.ReadAll(r.Body)
				}
			}))
			var body io.Reader = strings.NewReader(tc.body)
			if tc.breaks {
				body = io.MultiReader(body, errorReader{errors.New("connection reset")})
			}
			req := httptest.NewRequest(tc.method, "/mcp", body)
			req.ContentLength = tc.length
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.message) {
				t.Fatalf("%d %q, want %d with %q", rec.Code, rec.Body.String(), tc.status, tc.message)
			}
			switch {
			case tc.status != http.StatusOK && rec.Header().Get("Connection") != "close":
				t.Fatalf("a refused body leaves its connection open (Connection %q)", rec.Header().Get("Connection"))
			case tc.status != http.StatusOK && ran:
				t.Fatal("the handler ran on a refused body")
			case tc.status == http.StatusOK && !ran:
				t.Fatal("the handler did not run")
			case tc.status == http.StatusOK && tc.method != http.MethodGet && string(got) != tc.body:
				t.Fatalf("the handler read %q, want %q", got, tc.body)
			}
		})
	}
}

// errorReader fails every read with its error.
type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) { return 0, e.err }

// TestLimitsBoundTheTimeToSendABody: over a real connection, a body not
// sent within ReadTimeout is refused (408); without one there is no
// deadline at all; and once a body is in, the deadline is lifted, so an
// answer may stream for longer than ReadTimeout.
func TestLimitsBoundTheTimeToSendABody(t *testing.T) {
	const timeout = 100 * time.Millisecond
	tests := []struct {
		name    string
		timeout time.Duration
		body    string // sent, of a Content-Length of 10
		stall   bool   // then the client sends nothing more
		answer  time.Duration
		status  int
		// await100 has the client send its body only once the server
		// asks for it (Expect: 100-continue), after any deadline is set.
		await100 bool
	}{
		{"a body sent in time", timeout, "0123456789", false, 0, http.StatusOK, false},
		{"a body sent when asked for", timeout, "0123456789", false, 0, http.StatusOK, true},
		{"a body that stalls", timeout, "01", true, 0, http.StatusRequestTimeout, false},
		{"no timeout, no deadline", 0, "0123456789", false, 0, http.StatusOK, true},
		{"an answer that outlives the timeout", timeout, "0123456789", false, 4 * timeout, http.StatusOK, false},
		// net/http's read for the client's next request starts before the
		// handler when there is no body: a deadline left set would end it.
		{"an empty body's answer that outlives the timeout", timeout, "", false, 4 * timeout, http.StatusOK, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := &Limits{MaxBody: 1 << 10, ReadTimeout: tc.timeout, MaxStreams: 1}
			srv := httptest.NewServer(l.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tc.answer > 0 {
					// The client's connection is idle while the answer is
					// made: a read deadline left set would end it (and
					// the request's context) at ReadTimeout.
					select {
					case <-r.Context().Done():
						http.Error(w, "the request ended while answering", http.StatusInternalServerError)
						return
					case <-time.After(tc.answer):
					}
				}
				b, _ := io.ReadAll(r.Body)
				fmt.Fprintf(w, "%s", b)
			})))
			defer srv.Close()
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			br := bufio.NewReader(conn)
			if tc.await100 {
				fmt.Fprint(conn, "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n")
				cont, err := http.ReadResponse(br, nil)
				if err != nil || cont.StatusCode != http.StatusContinue {
					t.Fatalf("the server did not ask for the body: %v, %v", cont, err)
				}
				fmt.Fprint(conn, tc.body)
			} else {
				length := 10
				if tc.body == "" {
					length = 0
				}
				fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", length, tc.body)
			}
			// The client waits for the answer: a stalled body is refused
			// once the server's deadline passes.
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %q, want %d", resp.StatusCode, b, tc.status)
			}
			if tc.status == http.StatusOK && string(b) != tc.body {
				t.Fatalf("answered %q, want the body %q", b, tc.body)
			}
			if tc.status == http.StatusRequestTimeout && !strings.Contains(string(b), "not received within 100ms") {
				t.Fatalf("the refusal %q does not name the timeout", b)
			}
		})
	}
}

// streamHolder is a handler whose GETs stay open until released, as an
// event stream does.
type streamHolder struct {
	opened  chan struct{}
	release chan struct{}
}

func newStreamHolder() *streamHolder {
	return &streamHolder{opened: make(chan struct{}, 16), release: make(chan struct{})}
}

func (s *streamHolder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		s.opened <- struct{}{}
		<-s.release
	}
}

// TestLimitsCapTheEventStreams: MaxStreams GETs may be open at once; one
// more is refused (503, Retry-After) while they are; once one closes, a
// GET is admitted again. Other requests are not streams.
func TestLimitsCapTheEventStreams(t *testing.T) {
	for _, max := range []int{1, 3} {
		t.Run(fmt.Sprint(max), func(t *testing.T) {
			hold := newStreamHolder()
			l := &Limits{MaxBody: 1 << 10, MaxStreams: max}
			h := l.Wrap(hold)
			get := func() *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "/mcp", nil))
				return rec
			}
			closed := make(chan int, max+1)
			for range max {
				go func() { closed <- get().Code }()
				<-hold.opened
			}
			rec := get()
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "10" ||
				!strings.Contains(rec.Body.String(), fmt.Sprintf("%d event streams are open", max)) {
				t.Fatalf("a stream past the cap: %d %q (Retry-After %q)", rec.Code, rec.Body.String(), rec.Header().Get("Retry-After"))
			}
			post := httptest.NewRecorder()
			h.ServeHTTP(post, httptest.NewRequest("POST", "/mcp", strings.NewReader("{}")))
			if post.Code != http.StatusOK {
				t.Fatalf("a POST while the streams are full: %d", post.Code)
			}
			hold.release <- struct{}{} // one closes
			if code := <-closed; code != http.StatusOK {
				t.Fatalf("a stream within the cap: %d", code)
			}
			go func() { closed <- get().Code }()
			<-hold.opened // admitted in its place
			close(hold.release)
			for range max {
				if code := <-closed; code != http.StatusOK {
					t.Fatalf("a stream within the cap: %d", code)
				}
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			if l.streams != 0 {
				t.Fatalf("%d streams counted open once all closed", l.streams)
			}
		})
	}
}

const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`

// TestLimitsCapTheSessions: an initialize is refused (503, Retry-After)
// when the live sessions and the initializes under way reach MaxSessions;
// other requests never are; an initialize that finished no longer counts.
func TestLimitsCapTheSessions(t *testing.T) {
	tests := []struct {
		name     string
		max      int
		live     int // sessions already issued
		underWay int // initializes still being answered
		body     string
		status   int
	}{
		{"room for one", 2, 1, 0, initializeBody, http.StatusOK},
		{"full of live sessions", 2, 2, 0, initializeBody, http.StatusServiceUnavailable},
		{"full with one under way", 2, 1, 1, initializeBody, http.StatusServiceUnavailable},
		{"room beside one under way", 3, 1, 1, initializeBody, http.StatusOK},
		{"full, but not an initialize", 1, 1, 0, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sessions := NewHTTPSessions(time.Minute, nil, nil)
			for range tc.live {
				sessions.Generate()
			}
			entered, release := make(chan struct{}, tc.underWay), make(chan struct{})
			h := (&Limits{MaxBody: 1 << 10, MaxStreams: 1, Sessions: sessions, MaxSessions: tc.max}).Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if b, _ := io.ReadAll(r.Body); string(b) == initializeBody+" " {
					entered <- struct{}{}
					<-release
				}
			}))
			post := func(body string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("POST", "/mcp", strings.NewReader(body)))
				return rec
			}
			var underWay sync.WaitGroup
			for range tc.underWay {
				underWay.Go(func() { post(initializeBody + " ") })
				<-entered
			}
			rec := post(tc.body)
			close(release)
			underWay.Wait()
			if rec.Code != tc.status {
				t.Fatalf("%d %q, want %d", rec.Code, rec.Body.String(), tc.status)
			}
			if tc.status == http.StatusServiceUnavailable &&
				(rec.Header().Get("Retry-After") != "30" || !strings.Contains(rec.Body.String(), fmt.Sprintf("%d MCP sessions are open", tc.max))) {
				t.Fatalf("a refusal without its Retry-After or count: %q %q", rec.Header().Get("Retry-After"), rec.Body.String())
			}
			// The initializes have finished: only the live sessions count.
			if tc.live < tc.max {
				for range 3 {
					if rec := post(initializeBody); rec.Code != http.StatusOK {
						t.Fatalf("an initialize after the others finished: %d", rec.Code)
					}
				}
			}
		})
	}
}

// TestLimitsWithoutSessionsAdmitEveryInitialize: with no session tracker
// there is no cap to apply.
func TestLimitsWithoutSessionsAdmitEveryInitialize(t *testing.T) {
	h := (&Limits{MaxBody: 1 << 10, MaxStreams: 1}).Wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/mcp", strings.NewReader(initializeBody)))
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
}
