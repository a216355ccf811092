package terminal

import (
	"context"
	"sync"
)

// maxPendingEvents is how many events may wait for the worker before the
// adapter waits too.
const maxPendingEvents = 256

// keptEvents is the most events a drained queue keeps room for.
const keptEvents = 8

// eventQueue is the adapter's work for the worker, in the order it was
// queued. put waits while maxPendingEvents wait, as a channel of that
// size did, but the queue holds room only for what waits: a channel of
// 256 events held 24 KB on every connection, typing or not.
type eventQueue struct {
	// tokens holds one token for every waiting event (its elements take
	// no memory).
	tokens chan struct{}
	// ready wakes the worker once an event is queued.
	ready  chan struct{}
	mu     sync.Mutex
	events []event // waiting from head on
	head   int
}

func newEventQueue() *eventQueue {
	return &eventQueue{tokens: make(chan struct{}, maxPendingEvents), ready: make(chan struct{}, 1)}
}

// put queues ev, waiting while the queue is full, or drops it once done is
// closed.
func (q *eventQueue) put(ev event, done <-chan struct{}) {
	select {
	case q.tokens <- struct{}{}:
	case <-done:
		return
	}
	q.mu.Lock()
	q.events = append(q.events, ev)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default: // the worker is woken already
	}
}

// next waits for the oldest event; false once ctx ends.
func (q *eventQueue) next(ctx context.Context) (event, bool) {
	for {
		if ev, ok := q.take(); ok {
			return ev, true
		}
		select {
		case <-ctx.Done():
			return event{}, false
		case <-q.ready:
		}
	}
}

// take returns the oldest event if one waits.
func (q *eventQueue) take() (event, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.head == len(q.events) {
		return event{}, false
	}
	ev := q.events[q.head]
	q.events[q.head] = event{}
	q.head++
	if q.head == len(q.events) {
		q.head = 0
		q.events = q.events[:0]
		if cap(q.events) > keptEvents {
			q.events = nil // a burst's room goes with it
		}
	}
	<-q.tokens
	return ev, true
}
