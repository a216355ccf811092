package transport

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// TestAClientWithItsStreamOpenIsNotQuiet: a request sent while the
// client's event stream is open (such as its answer to the stream's
// ping) does not start the quiet timer: the client is quiet only once
// its last stream closes, at once, and not before.
func TestAClientWithItsStreamOpenIsNotQuiet(t *testing.T) {
	const after = 50 * time.Millisecond
	h := NewHTTPSessions(time.Minute, nil, nil)
	var mu sync.Mutex
	var quiet []string
	h.OnQuiet(after, func(id string) {
		mu.Lock()
		defer mu.Unlock()
		quiet = append(quiet, id)
	})
	quietCount := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(quiet)
	}
	id := h.Generate()
	release := make(chan struct{})
	opened := make(chan struct{}, 2)
	srv := h.Track(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			opened <- struct{}{}
			<-release
		}
	}))
	request := func(method string) {
		req := httptest.NewRequest(method, "/mcp", nil)
		req.Header.Set("Mcp-Session-Id", id)
		srv.ServeHTTP(httptest.NewRecorder(), req)
	}
	var streams sync.WaitGroup
	for range 2 {
		streams.Go(func() { request(http.MethodGet) })
		<-opened
	}
	request(http.MethodPost)
	time.Sleep(4 * after)
	if n := quietCount(); n != 0 {
		t.Fatalf("reported quiet %d times with its streams open", n)
	}
	release <- struct{}{} // one of the two closes
	time.Sleep(after / 5)
	if n := quietCount(); n != 0 {
		t.Fatalf("reported quiet %d times with a stream still open", n)
	}
	close(release)
	streams.Wait()
	if n := quietCount(); n != 1 {
		t.Fatalf("reported quiet %d times once its last stream closed; want 1", n)
	}
}
