package terminal

import (
	"runtime"
	"testing"
)

// The queue hands events over in the order they were put, holds at most
// maxPendingEvents (a put into a full queue waits, and gives up once its
// runtime is done), and lets a burst's room go once it is drained.
func TestEventQueueKeepsOrderAndBoundsItsRoom(t *testing.T) {
	q := newEventQueue()
	done := make(chan struct{})
	ids := func(i int) string { return string(rune('A' + i%26)) }
	for i := range maxPendingEvents {
		q.put(event{id: ids(i)}, nil)
	}
	close(done)
	q.put(event{id: "late"}, done) // full: waits until done, then drops it
	first, ok := q.take()
	if !ok || first.id != ids(0) {
		t.Fatalf("first event %q, want %q", first.id, ids(0))
	}
	q.put(event{id: "last"}, nil) // room again
	for i := 1; i < maxPendingEvents; i++ {
		ev, ok := q.take()
		if !ok || ev.id != ids(i) {
			t.Fatalf("event %d is %q (%v), want %q", i, ev.id, ok, ids(i))
		}
	}
	if ev, ok := q.take(); !ok || ev.id != "last" {
		t.Fatalf("the event put once there was room is %q (%v), want last", ev.id, ok)
	}
	if _, ok := q.take(); ok {
		t.Fatal("an event dropped while the queue was full was queued")
	}
	if cap(q.events) > keptEvents {
		t.Errorf("a drained queue keeps room for %d events, want at most %d", cap(q.events), keptEvents)
	}
}

// A served queue applies every event in order, one at a time, on a
// goroutine that ends once the queue is drained; after its handler says
// stop, later events are dropped, and close waits for the one being
// handled.
func TestEventQueueServesEventsInOrderWhileTheyWait(t *testing.T) {
	q := newEventQueue()
	const n = 3 * maxPendingEvents
	seen := make(chan string, n)
	handling := make(chan struct{}, 1) // one at a time: never two tokens
	release := make(chan struct{})
	q.serve(func(ev event) bool {
		select {
		case handling <- struct{}{}:
		default:
			t.Error("two events handled at once")
		}
		if ev.id == "hold" {
			<-release
		}
		seen <- ev.id
		<-handling
		return ev.id != "stop"
	})
	q.put(event{id: "hold"}, nil)
	for i := range n - 3 {
		q.put(event{id: string(rune('a' + i%26))}, nil)
		if i == maxPendingEvents-2 {
			close(release) // nearly full: let the worker go on, and puts wait for it
		}
	}
	if got := <-seen; got != "hold" {
		t.Fatalf("first event handled %q, want hold", got)
	}
	for i := range n - 3 {
		if got, want := <-seen, string(rune('a'+i%26)); got != want {
			t.Fatalf("event %d handled %q, want %q", i, got, want)
		}
	}
	q.mu.Lock()
	idle := !q.running
	q.mu.Unlock()
	for !idle { // the goroutine ends just after handing the last over
		runtime.Gosched()
		q.mu.Lock()
		idle = !q.running
		q.mu.Unlock()
	}
	q.put(event{id: "stop"}, nil)
	if got := <-seen; got != "stop" {
		t.Fatalf("handled %q, want stop", got)
	}
	q.close()
	q.put(event{id: "after"}, nil)
	select {
	case got := <-seen:
		t.Fatalf("an event put after the handler stopped was handled: %q", got)
	default:
	}
	if len(q.tokens) != 0 {
		t.Errorf("%d tokens are held after stopping", len(q.tokens))
	}
}
