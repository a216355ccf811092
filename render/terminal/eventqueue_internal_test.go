package terminal

import (
	"context"
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
	first, ok := q.next(context.Background())
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
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := q.next(ctx); ok {
		t.Error("next on an empty queue returned an event after its context ended")
	}
}
