package mcp

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// queueClient is a client connection whose notification queue holds
// only a few, and which reads it only when the test says.
type queueClient struct {
	id string
	ch chan sdk.JSONRPCNotification
}

func (c *queueClient) Initialize()                                         {}
func (c *queueClient) Initialized() bool                                   { return true }
func (c *queueClient) NotificationChannel() chan<- sdk.JSONRPCNotification { return c.ch }
func (c *queueClient) SessionID() string                                   { return c.id }

// drain takes everything queued now.
func (c *queueClient) drain() []sdk.JSONRPCNotification {
	var out []sdk.JSONRPCNotification
	for {
		select {
		case n := <-c.ch:
			out = append(out, n)
		default:
			return out
		}
	}
}

// drainUntil reads the queue as a transport does until ok holds for what
// it has read, or fails after 5 s.
func (c *queueClient) drainUntil(t *testing.T, what string, ok func([]sdk.JSONRPCNotification) bool) []sdk.JSONRPCNotification {
	t.Helper()
	var got []sdk.JSONRPCNotification
	deadline := time.After(5 * time.Second)
	for !ok(got) {
		select {
		case n := <-c.ch:
			got = append(got, n)
		case <-deadline:
			t.Fatalf("%s: never; the client read %s", what, notesOf(got))
		}
	}
	return got
}

func notesOf(ns []sdk.JSONRPCNotification) string {
	var parts []string
	for _, n := range ns {
		s := n.Method
		if uri, ok := n.Params.AdditionalFields["uri"]; ok {
			s += fmt.Sprintf(" %v", uri)
		}
		if v, ok := n.Params.Meta["version"]; ok {
			s += fmt.Sprintf(" v%v", v)
		}
		if _, ok := n.Params.Meta["patch"]; ok {
			s += " +patch"
		}
		parts = append(parts, s)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func update(uri string, version int) sdk.JSONRPCNotification {
	return sdk.JSONRPCNotification{JSONRPC: sdk.JSONRPC_VERSION, Notification: sdk.Notification{
		Method: methodUpdated, Params: sdk.NotificationParams{
			Meta:             map[string]any{"version": version, "patch": []any{map[string]any{"op": "replace", "path": "/n", "value": version}}},
			AdditionalFields: map[string]any{"uri": uri},
		}}}
}

func listChangedNote(method sdk.MCPMethod) sdk.JSONRPCNotification {
	return sdk.JSONRPCNotification{JSONRPC: sdk.JSONRPC_VERSION, Notification: sdk.Notification{Method: string(method)}}
}

// TestAFullQueueEndsWithTheNewest: whatever a client's full queue could
// not take, the client is told in the end of the newest version of each
// resource and of each kind of list change, once, and without a patch
// where it missed one.
func TestAFullQueueEndsWithTheNewest(t *testing.T) {
	const a, b = "facet://session/s/widgets", "facet://session/s/context"
	type want struct {
		uri     string // "" for a list_changed
		method  string
		version int
		patch   bool
	}
	for _, tc := range []struct {
		name  string
		sends func(send func(uri string, n sdk.JSONRPCNotification))
		// after the queue (2 deep) has been read empty once the sends
		// are done: what reaches the client from the outbox.
		want []want
	}{
		{
			name: "the newest of many updates past the queue, without a patch",
			sends: func(send func(string, sdk.JSONRPCNotification)) {
				for v := 1; v <= 150; v++ {
					send(a, update(a, v))
				}
			},
			want: []want{{uri: a, method: methodUpdated, version: 150}},
		},
		{
			name: "each resource's newest",
			sends: func(send func(string, sdk.JSONRPCNotification)) {
				for v := 1; v <= 20; v++ {
					send(a, update(a, v))
					send(b, update(b, 100+v))
				}
			},
			want: []want{{uri: a, method: methodUpdated, version: 20}, {uri: b, method: methodUpdated, version: 120}},
		},
		{
			name: "a list change that found the queue full of updates",
			sends: func(send func(string, sdk.JSONRPCNotification)) {
				send(a, update(a, 1))
				send(a, update(a, 2))
				for range 5 {
					send("", listChangedNote(sdk.MethodNotificationToolsListChanged))
				}
				send("", listChangedNote(sdk.MethodNotificationResourcesListChanged))
			},
			want: []want{{method: string(sdk.MethodNotificationToolsListChanged)}, {method: string(sdk.MethodNotificationResourcesListChanged)}},
		},
		{
			name: "nothing more when nothing was dropped",
			sends: func(send func(string, sdk.JSONRPCNotification)) {
				send(a, update(a, 1))
				send(a, update(a, 2))
			},
		},
	} {
		// In a bubble: the retry timers run on the bubble's clock, so
		// waiting past the longest retry and then for the bubble to be
		// idle is "every retry that could come has come".
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var logs lockedBuffer
				log := slog.New(slog.NewTextHandler(&logs, nil))
				var o outbox
				c := &queueClient{id: "c1", ch: make(chan sdk.JSONRPCNotification, 2)}
				tc.sends(func(uri string, n sdk.JSONRPCNotification) { o.send(log, c, uri, n) })
				first := c.drain() // what the queue took at once
				if len(first) != 2 {
					t.Fatalf("the queue took %s; want its 2", notesOf(first))
				}
				var got []sdk.JSONRPCNotification
				if len(tc.want) > 0 {
					got = c.drainUntil(t, fmt.Sprintf("told of %d more", len(tc.want)), func(got []sdk.JSONRPCNotification) bool { return len(got) >= len(tc.want) })
				}
				time.Sleep(2 * outboxMaxRetry) // the bubble's clock: every retry is due
				synctest.Wait()
				got = append(got, c.drain()...)
				if len(got) != len(tc.want) {
					t.Fatalf("after the queue: %s; want %d", notesOf(got), len(tc.want))
				}
				for _, w := range tc.want {
					found := false
					for _, n := range got {
						uri, _ := n.Params.AdditionalFields["uri"].(string)
						if n.Method != w.method || uri != w.uri {
							continue
						}
						found = true
						if v, _ := n.Params.Meta["version"].(int); v != w.version {
							t.Errorf("%s %s: version %v; want %d", w.method, w.uri, n.Params.Meta["version"], w.version)
						}
						if _, patch := n.Params.Meta["patch"]; patch != w.patch {
							t.Errorf("%s %s: patch %v; want %v (the client missed an update)", w.method, w.uri, patch, w.patch)
						}
					}
					if !found {
						t.Errorf("not told %s %s: got %s", w.method, w.uri, notesOf(got))
					}
				}
				if n := o.pendingCount(c.id); n != 0 {
					t.Errorf("%d still pending after the client read everything", n)
				}
				if len(tc.want) > 0 && (!strings.Contains(logs.String(), "client="+connectionKey("c1")) || strings.Count(logs.String(), "\n") != 1) {
					t.Errorf("want one line naming the client for the drops (rate-limited), got:\n%s", logs.String())
				}
				if len(tc.want) > 0 && tc.want[0].uri != "" && !strings.Contains(logs.String(), "uri="+tc.want[0].uri) {
					t.Errorf("the log does not name the uri:\n%s", logs.String())
				}
			})
		})
	}
}

// TestAnUpdateAfterADropHasNoPatchUntilOneIsQueued: once an update for a
// resource was dropped, the next ones for it carry no patch (a patch from
// a version the client never had would not apply) until one reaches the
// queue; the one after that has its patch again. Another resource keeps
// its patches.
func TestAnUpdateAfterADropHasNoPatchUntilOneIsQueued(t *testing.T) {
	const a, b = "facet://session/s/widgets", "facet://session/s/context"
	var o outbox
	log := slog.New(slog.DiscardHandler)
	c := &queueClient{id: "c1", ch: make(chan sdk.JSONRPCNotification, 1)}
	o.send(log, c, a, update(a, 1)) // queued
	o.send(log, c, a, update(a, 2)) // dropped: kept
	c.drain()
	o.send(log, c, a, update(a, 3)) // supersedes 2, queued without a patch
	got := c.drain()
	if len(got) != 1 || got[0].Params.Meta["version"] != 3 {
		t.Fatalf("got %s; want v3", notesOf(got))
	}
	if _, patch := got[0].Params.Meta["patch"]; patch {
		t.Fatalf("v3 came with a patch from v2, which the client never got: %s", notesOf(got))
	}
	o.send(log, c, a, update(a, 4))
	o.send(log, c, b, update(b, 9)) // dropped (queue full)
	got = c.drain()
	if _, patch := got[0].Params.Meta["patch"]; len(got) != 1 || !patch {
		t.Fatalf("v4 after v3 was queued: %s; want it with its patch", notesOf(got))
	}
	got = c.drainUntil(t, "told of b", func(got []sdk.JSONRPCNotification) bool { return len(got) == 1 })
	if got[0].Params.AdditionalFields["uri"] != b {
		t.Fatalf("got %s; want b's update", notesOf(got))
	}
}

// TestAForgottenClientHasNothingPending: unsubscribing drops what was
// pending for that resource, and the end of the connection everything.
func TestAForgottenClientHasNothingPending(t *testing.T) {
	synctest.Test(t, aForgottenClientHasNothingPending)
}

// aForgottenClientHasNothingPending runs in a bubble: the retry timers
// run on its clock (see TestAFullQueueEndsWithTheNewest).
func aForgottenClientHasNothingPending(t *testing.T) {
	const a, b = "facet://session/s/widgets", "facet://session/s/context"
	var o outbox
	log := slog.New(slog.DiscardHandler)
	c := &queueClient{id: "c1", ch: make(chan sdk.JSONRPCNotification, 1)}
	o.send(log, c, a, update(a, 1))
	o.send(log, c, a, update(a, 2))
	o.send(log, c, b, update(b, 1))
	o.send(log, c, "", listChangedNote(sdk.MethodNotificationToolsListChanged))
	if n := o.pendingCount("c1"); n != 3 {
		t.Fatalf("%d pending; want 3", n)
	}
	o.forget("c1", a)
	if n := o.pendingCount("c1"); n != 2 {
		t.Fatalf("%d pending after unsubscribing from a; want 2", n)
	}
	o.forget("c1", "")
	if n := o.pendingCount("c1"); n != 0 {
		t.Fatalf("%d pending after the connection ended", n)
	}
	c.drain()
	time.Sleep(2 * outboxMaxRetry) // the bubble's clock: every retry is due
	synctest.Wait()
	if got := c.drain(); len(got) != 0 {
		t.Fatalf("a forgotten client was sent %s", notesOf(got))
	}
}

// TestARequestFlushesWhatIsPending: when the client sends a request
// (its transport reads the queue while serving it), what it has pending
// is queued then, not when the retry timer comes round.
func TestARequestFlushesWhatIsPending(t *testing.T) {
	const a = "facet://session/s/widgets"
	var o outbox
	log := slog.New(slog.DiscardHandler)
	c := &queueClient{id: "c1", ch: make(chan sdk.JSONRPCNotification, 1)}
	o.send(log, c, a, update(a, 1))
	o.send(log, c, a, update(a, 2))
	o.mu.Lock()
	o.clients["c1"].due = time.Now().Add(time.Hour) // as after many failed tries
	o.mu.Unlock()
	c.drain()
	o.flush("c1")
	got := c.drain()
	if len(got) != 1 || got[0].Params.Meta["version"] != 2 {
		t.Fatalf("right after the request's flush the queue holds %s; want v2", notesOf(got))
	}
	if n := o.pendingCount("c1"); n != 0 {
		t.Fatalf("%d still pending", n)
	}
}

// BenchmarkNotificationSend is the cost of queueing one notification for
// a client whose queue has room: a bare non-blocking channel send (what
// deliver did) against the outbox's send.
func BenchmarkNotificationSend(b *testing.B) {
	n := update("facet://session/s/widgets", 1)
	for _, bc := range []struct {
		name string
		send func(c *queueClient)
	}{
		{"bare", func(c *queueClient) {
			select {
			case c.ch <- n:
			default:
			}
		}},
		{"outbox", func() func(c *queueClient) {
			var o outbox
			log := slog.New(slog.DiscardHandler)
			return func(c *queueClient) { o.send(log, c, "facet://session/s/widgets", n) }
		}()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := &queueClient{id: "c1", ch: make(chan sdk.JSONRPCNotification, 100)}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if i%100 == 0 {
					for len(c.ch) > 0 {
						<-c.ch
					}
				}
				bc.send(c)
			}
		})
	}
}
