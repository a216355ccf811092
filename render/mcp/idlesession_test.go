package mcp

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/tea"
)

// TestIdleSessionsHoldNoGoroutines: a session nobody drives holds no
// goroutine of the server's: its tool and resource followers start one
// only while a render waits for them. Ten thousand idle sessions would
// otherwise hold twenty thousand parked stacks.
func TestIdleSessionsHoldNoGoroutines(t *testing.T) {
	const n = 40
	srv := newTestServer(t, Options{MaxSessions: n + 1})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "warm"}))
	before := runtime.NumGoroutine()
	for i := range n {
		sess, err := srv.StartSession(context.Background(), fmt.Sprintf("idle%d", i), "counter", &counter{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sess.Dispatch(context.Background(), incMsg{}); err != nil {
			t.Fatal(err) // a render: the followers run, then end
		}
	}
	if got := settledGoroutines(before + n/4); got > before+n/4 {
		t.Fatalf("%d idle sessions hold %d goroutines, want next to none", n, got-before)
	}
}

// settledGoroutines waits up to five seconds for the goroutines to be
// atMost, and returns how many there are.
func settledGoroutines(atMost int) int {
	deadline := time.Now().Add(5 * time.Second)
	for {
		g := runtime.NumGoroutine()
		if g <= atMost || time.Now().After(deadline) {
			return g
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestStartedSessionKeepsNoRequest: a session facet_start started
// outlives the request that started it, and its context carries none of
// that request's values (the client's MCP session, and over HTTP the
// request's headers and response stream): ten thousand idle sessions
// each held their start's request, about 2 KB apiece.
func TestStartedSessionKeepsNoRequest(t *testing.T) {
	srv := newTestServer(t, Options{})
	sess := startedCounter(t, srv, "kept")
	if cs := server.ClientSessionFromContext(sess.Runtime.Context()); cs != nil {
		t.Fatalf("the session's context holds the starting request's client session %q", cs.SessionID())
	}
}

// TestASessionHasOneFollower: the server follows a session's renders
// once, for its tools and its resources together, so a write starts one
// goroutine after Update, not one for each (the subscription tests hold
// the resources to every change).
func TestASessionHasOneFollower(t *testing.T) {
	srv := newTestServer(t, Options{})
	sess := startedCounter(t, srv, "one")
	if n := sess.Runtime.Subscribers(); n != 1 {
		t.Fatalf("the server follows the session %d times, want once", n)
	}
}

// startedCounter starts a counter session id through facet_start, as a
// client does, and returns it.
func startedCounter(t *testing.T, srv *Server, id string) *tea.Session {
	t.Helper()
	mustOK(t, connect(t, srv).call("facet_start", map[string]any{"app": "counter", "id": id}))
	sess, running := srv.Sessions().Get(id)
	if !running {
		t.Fatalf("session %s is not running", id)
	}
	return sess
}
