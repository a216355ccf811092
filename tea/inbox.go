package tea

import (
	"context"
	"errors"
	"sync"
	"time"
)

// inboxLimit is how many messages may wait for the owner before a sender
// waits for room: a producer faster than Update is held back rather than
// queueing without bound.
const inboxLimit = 1024

// inboxKeep is the queue capacity an empty inbox keeps: a larger one,
// grown by a burst, is let go once the burst has drained, so an idle
// runtime holds a few slots of queue, not the burst's.
const inboxKeep = 8

// errInboxFull ends a wait for room that outlasted its deadline.
var errInboxFull = errors.New("tea: the inbox stayed full")

// inbox is the runtime's queue of messages: many senders, one owner at a
// time, first in first out for each sender, never losing a message. Its
// memory follows what waits in it: nothing until the first message, a few
// slots while the runtime idles, more only during a burst (a buffered
// channel of inboxLimit envelopes held 24 KB per runtime, mostly empty).
//
// The owner is a goroutine that exists only while messages wait: the
// sender that finds the inbox empty and no owner running starts one
// (work), and the owner ends once it finds the inbox empty. An idle
// runtime holds no goroutine, and messages still apply one at a time, in
// the order they were queued.
//
// room is a semaphore of inboxLimit zero-size tokens (a channel of
// struct{} allocates no buffer): a sender takes one before queueing and
// the owner gives it back on taking the message out, so at most
// inboxLimit messages wait and a sender past that blocks, in a select it
// can leave.
type inbox struct {
	room chan struct{}
	// work runs the owner: started by put, it takes messages until next
	// reports none.
	work func()

	mu      sync.Mutex
	buf     []envelope // a ring: n messages from head
	head    int
	n       int
	running bool          // an owner goroutine is running
	closed  bool          // the runtime stopped: no owner starts again
	exited  chan struct{} // closed when the owner ends after close
}

func newInbox(work func()) *inbox {
	return &inbox{room: make(chan struct{}, inboxLimit), work: work}
}

// put queues env, waiting for room while inboxLimit messages wait, and
// starts the owner if none is running. A wait ends with ctx's error when
// ctx ends, ErrStopped when stop closes (the runtime stopped) and
// errInboxFull when expired fires; a nil expired never does. A message
// put after the runtime stopped is refused with ErrStopped.
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
	if q.closed {
		q.mu.Unlock()
		<-q.room
		return ErrStopped
	}
	if q.n == len(q.buf) {
		q.grow()
	}
	q.buf[(q.head+q.n)%len(q.buf)] = env
	q.n++
	start := !q.running
	q.running = true
	q.mu.Unlock()
	if start {
		go q.work()
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

// next gives the owner the oldest message and its room back. When none
// waits, or ctx has ended, it reports false and the owner must end: the
// next put starts another.
func (q *inbox) next(ctx context.Context) (envelope, bool) {
	q.mu.Lock()
	if q.n == 0 || ctx.Err() != nil {
		q.running = false
		if q.exited != nil {
			close(q.exited)
			q.exited = nil
		}
		if q.n == 0 && len(q.buf) > inboxKeep {
			q.buf, q.head = nil, 0 // the burst is over: let its ring go
		}
		q.mu.Unlock()
		return envelope{}, false
	}
	env := q.buf[q.head]
	q.buf[q.head] = envelope{} // the message is the owner's now, not the ring's
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	q.mu.Unlock()
	<-q.room
	return env, true
}

// empty reports whether no message waits.
func (q *inbox) empty() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n == 0
}

// close starts no owner from now on, and returns once the running one,
// if any, has ended.
func (q *inbox) close() {
	q.mu.Lock()
	q.closed = true
	var exited chan struct{}
	if q.running {
		exited = make(chan struct{})
		q.exited = exited
	}
	q.mu.Unlock()
	if exited != nil {
		<-exited
	}
}

// waiting returns how many messages wait.
func (q *inbox) waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n
}
