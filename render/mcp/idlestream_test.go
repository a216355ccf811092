package mcp

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// notToldWithin is how long the tests here wait for a notification before
// they call it lost: a failure deadline for loaded -race runs, not a
// speed check (BenchmarkNotificationSend measures the speed).
const notToldWithin = 20 * time.Second

// updateOf waits on events for a resources/updated of uri at a version
// after since and returns how long it took, or fails after wait.
func updateOf(t *testing.T, events <-chan sseEvent, uri string, since uint64, wait time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	deadline := time.After(wait)
	var seen []string
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended; it carried %v", seen)
			}
			seen = append(seen, fmt.Sprint(ev.msg["method"]))
			if ev.msg["method"] != methodUpdated {
				continue
			}
			params, _ := ev.msg["params"].(map[string]any)
			meta, _ := params["_meta"].(map[string]any)
			if v, _ := meta["version"].(float64); params["uri"] == uri && uint64(v) > since {
				return time.Since(start)
			}
		case <-deadline:
			t.Fatalf("not told of %s after version %d within %v; the stream carried %v", uri, since, wait, seen)
		}
	}
}

// click applies one click to session as a person at a terminal does,
// and returns the version of uri the server had notified before it.
func click(t *testing.T, srv *Server, session, uri string) uint64 {
	t.Helper()
	sess, ok := srv.Sessions().Get(session)
	if !ok {
		t.Fatalf("session %s is not running", session)
	}
	before := resourceVersion(srv, uri)
	if _, err := sess.Dispatch(context.Background(), incMsg{}); err != nil {
		t.Fatal(err)
	}
	return before
}

// waitInitialized waits until n client connections of srv have
// initialized (the SSE transport handles each POST on its own, after
// answering it).
func waitInitialized(t *testing.T, srv *Server, n int) {
	t.Helper()
	for deadline := time.Now().Add(notToldWithin); ; time.Sleep(time.Millisecond) {
		srv.fan.mu.Lock()
		got := 0
		for _, l := range srv.fan.conns {
			if l.cs.Initialized() {
				got++
			}
		}
		srv.fan.mu.Unlock()
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d client connections initialized; want %d", got, n)
		}
	}
}

// observed waits until the server has observed uri at a version after
// since: the notification of it is then queued for every subscriber.
func observed(t *testing.T, srv *Server, uri string, since uint64) {
	t.Helper()
	for deadline := time.Now().Add(notToldWithin); resourceVersion(srv, uri) <= since; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server never observed %s after version %d", uri, since)
		}
	}
}

func subscribeHTTP(t *testing.T, c httpClient, id, uri string) {
	t.Helper()
	if code, _, body := c.send("POST", id, `{"jsonrpc":"2.0","id":3,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`); code != http.StatusOK || !strings.Contains(body, `"result":{}`) {
		t.Fatalf("subscribe: %d %s", code, body)
	}
}

// TestAnIdleListeningClientIsToldOfChanges: a streamable-HTTP client
// that initialized, subscribed and opened its GET event stream, then
// sends nothing for longer than the session TTL, is still told of a
// change on that stream at once (its session is not swept from under
// it).
func TestAnIdleListeningClientIsToldOfChanges(t *testing.T) {
	const ttl = 600 * time.Millisecond
	srv, c := limitedServer(t, HTTPOptions{SessionTTL: ttl})
	if _, err := srv.StartSession(context.Background(), "idle", "counter", testApps()[0].New()); err != nil {
		t.Fatal(err)
	}
	uri := ModelURI("idle", "count")
	id := c.open()
	subscribeHTTP(t, c, id, uri)
	events := openGETStream(t, c, id)
	// mcp-go sweeps sessions idle for ttl every max(ttl/2, 1 s).
	time.Sleep(2*time.Second + ttl)
	before := click(t, srv, "idle", uri)
	took := updateOf(t, events, uri, before, notToldWithin)
	t.Logf("told on the GET stream %v after the update, having sent nothing for %v", took, 2*time.Second+ttl)
	if code, _, body := c.send("POST", id, `{"jsonrpc":"2.0","id":9,"method":"ping"}`); code != http.StatusOK {
		t.Fatalf("the listening client's session did not survive its quiet: %d %s", code, body)
	}
}

// TestEveryTransportTellsASubscriberOfAChange: over streamable HTTP with
// a GET stream open and over the SSE transport, a subscriber is told of
// a change on its stream; over streamable HTTP with no GET stream, on the
// response stream of its next request (the protocol has no other way to
// reach it).
func TestEveryTransportTellsASubscriberOfAChange(t *testing.T) {
	for _, tc := range []struct {
		name string
		// connect subscribes a new client to uri and returns its events
		// and a function called after the change, before waiting on them.
		connect func(t *testing.T, srv *Server, c httpClient, uri string) (<-chan sseEvent, func())
	}{
		{"streamable HTTP, GET stream open", func(t *testing.T, srv *Server, c httpClient, uri string) (<-chan sseEvent, func()) {
			id := c.open()
			subscribeHTTP(t, c, id, uri)
			return openGETStream(t, c, id), func() {}
		}},
		{"streamable HTTP, no GET stream: the next request's response", func(t *testing.T, srv *Server, c httpClient, uri string) (<-chan sseEvent, func()) {
			id := c.open()
			subscribeHTTP(t, c, id, uri)
			events := make(chan sseEvent, 64)
			return events, func() {
				req, _ := http.NewRequest("POST", c.url+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"ping"}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				req.Header.Set("Mcp-Session-Id", id)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { resp.Body.Close() })
				go func() {
					for ev := range eventStream(t, resp) {
						events <- ev
					}
				}()
			}
		}},
		{"SSE transport", func(t *testing.T, srv *Server, c httpClient, uri string) (<-chan sseEvent, func()) {
			ctx, cancel := context.WithCancel(context.Background())
			t.Cleanup(cancel)
			req, _ := http.NewRequestWithContext(ctx, "GET", c.url+"/sse", nil)
			req.Header.Set("Accept", "text/event-stream")
			resp, err := http.DefaultClient.Do(req)
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /sse: %v %v", err, resp)
			}
			t.Cleanup(func() { resp.Body.Close() })
			events := eventStream(t, resp)
			endpoint := (<-events).data
			post := func(body string) {
				t.Helper()
				resp, err := http.Post(c.url+endpoint, "application/json", strings.NewReader(body))
				if err != nil || resp.StatusCode != http.StatusAccepted {
					t.Fatalf("POST %s: %v %v", body, err, resp)
				}
				resp.Body.Close()
			}
			post(initBody)
			post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			waitInitialized(t, srv, 1)
			post(`{"jsonrpc":"2.0","id":3,"method":"resources/subscribe","params":{"uri":"` + uri + `"}}`)
			for ev := range events { // the subscribe's answer: the subscription is recorded
				if id, _ := ev.msg["id"].(float64); id == 3 {
					break
				}
			}
			return events, func() {}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, c := limitedServer(t, HTTPOptions{})
			if _, err := srv.StartSession(context.Background(), "w", "counter", testApps()[0].New()); err != nil {
				t.Fatal(err)
			}
			uri := ModelURI("w", "count")
			events, after := tc.connect(t, srv, c, uri)
			before := click(t, srv, "w", uri)
			// The session's resource watcher observes the change after
			// Dispatch returns; a client with no GET stream is told on
			// the first response after that, so the request waits for it.
			observed(t, srv, uri, before)
			after()
			took := updateOf(t, events, uri, before, notToldWithin)
			t.Logf("told %v after the update", took)
		})
	}
}
