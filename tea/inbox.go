package tea

import (
	"context"
	"errors"
	"sync"
	"time"
)

// inboxLimit is how many messages may wait for the owner goroutine before
// a sender waits for room: a producer faster than Update is held back
// rather than queueing without bound.
const inboxLimit = 1024

// inboxKeep is the queue capacity an empty inbox keeps: a larger one,
// grown by a burst, is let go once the burst has drained, so an idle
// runtime holds a few bytes of queue, not the burst's.
const inboxKeep = 8

// inbox is the runtime's queue of messages: many senders, one reader (the
// owner goroutine), first in first out for each sender, never losing a
// message. Its memory follows what waits in it: nothing until the first
// message, a few slots while the runtime idles, more only during a burst.
// A buffered channel of inboxLimit envelopes held 24 KB per runtime,
// mostly empty.
//
// room is a semaphore of inboxLimit zero-size tokens (a channel of
// struct{} allocates no buffer): a sender takes one before queueing and
// the owner gives it back on taking the message out, so at most
// inboxLimit messages wait and a sender past that blocks, in a select it
// can leave. ready wakes the owner when the queue goes from empty to not.
type inbox struct {
	room  chan struct{}
	ready chan struct{}

	mu   sync.Mutex
	buf  []envelope // a ring: n messages from head
	head int
	n    int
}

// errInboxFull ends a wait for room that outlasted its deadline.
var errInboxFull = errors.New("tea: the inbox stayed full")

func newInbox() *inbox {
	return &inbox{room: make(chan struct{}, inboxLimit), ready: make(chan struct{}, 1)}
}

// put queues env, waiting for room while inboxLimit messages wait. A
// wait ends with ctx's error when ctx ends, ErrStopped when stop closes
// (the runtime stopped) and errInboxFull when expired fires; a nil
// expired never does.
func (q *inbox) put(ctx context.Context, env envelope, stop <-chan struct{}, expired <-chan time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case q.room <- struct{}{}:
	default:
		select {
		case q.room <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		case <-stop:
			return ErrStopped
		case <-expired:
			return errInboxFull
		}
	}
	q.mu.Lock()
	if q.n == len(q.buf) {
		q.grow()
	}
	q.buf[(q.head+q.n)%len(q.buf)] = env
	q.n++
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default: // the owner is already told
	}
	return nil
}

// grow doubles the ring (from inboxKeep), keeping the order.
func (q *inbox) grow() {
	buf := make([]envelope, max(inboxKeep, 2*len(q.buf)))
	for i := range q.n {
		buf[i] = q.buf[(q.head+i)%len(q.buf)]
	}
	q.buf, q.head = buf, 0
}

// take returns the oldest message, if any, and gives its room back. Only
// the owner goroutine takes.
func (q *inbox) take() (envelope, bool) {
	q.mu.Lock()
	if q.n == 0 {
		q.mu.Unlock()
		return envelope{}, false
	}
	env := q.buf[q.head]
	q.buf[q.head] = envelope{} // the message is the owner's now, not the ring's
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	if q.n == 0 {
		q.head = 0
		if len(q.buf) > inboxKeep {
			q.buf = nil // the burst is over: let its ring go
		}
	}
	q.mu.Unlock()
	<-q.room
	return env, true
}

// waiting returns how many messages wait.
func (q *inbox) waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n
}
