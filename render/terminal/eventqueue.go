package terminal

import "sync"

// maxPendingEvents is how many events may wait for the worker before the
// adapter waits too.
const maxPendingEvents = 256

// keptEvents is the most events a drained queue keeps room for.
const keptEvents = 8

// eventQueue is the adapter's work for the worker, in the order it was
// queued. put waits while maxPendingEvents wait, as a channel of that
// size did, but the queue holds room only for what waits (a channel of
// 256 events held 24 KB on every connection, typing or not), and once
// served it runs its handler on a goroutine only while events wait: an
// idle terminal parks no worker.
type eventQueue struct {
	// tokens holds one token for every waiting event (its elements take
	// no memory).
	tokens chan struct{}

	mu     sync.Mutex
	events []event // waiting from head on
	head   int
	// handle applies an event, false once no more are to be applied (see
	// serve); running is set while a goroutine drains the queue with it,
	// stopped once handle or close ended the serving.
	handle  func(event) bool
	running bool
	stopped bool
	drains  sync.WaitGroup
}

func newEventQueue() *eventQueue {
	return &eventQueue{tokens: make(chan struct{}, maxPendingEvents)}
}

// serve has handle apply every event queued, one at a time and in order,
// on a goroutine that runs while events wait, until handle returns false
// or close is called; events queued after are dropped.
func (q *eventQueue) serve(handle func(event) bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.handle = handle
	q.wake()
}

// wake starts the draining goroutine if events wait for a handler and
// none runs. q.mu is held.
func (q *eventQueue) wake() {
	if q.handle == nil || q.running || q.stopped || q.head == len(q.events) {
		return
	}
	q.running = true
	q.drains.Add(1)
	go q.drain()
}

// drain hands the waiting events to handle until none waits.
func (q *eventQueue) drain() {
	defer q.drains.Done()
	for {
		ev, ok := q.take()
		if !ok {
			return
		}
		if !q.handle(ev) {
			q.stop()
			return
		}
	}
}

// close stops the serving and waits for an event being handled.
func (q *eventQueue) close() {
	q.stop()
	q.drains.Wait()
}

// stop drops the waiting events and every later one.
func (q *eventQueue) stop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.stopped, q.running = true, false
	for range len(q.events) - q.head {
		<-q.tokens
	}
	q.events, q.head = nil, 0
}

// put queues ev, waiting while the queue is full, or drops it once done is
// closed or the queue is stopped.
func (q *eventQueue) put(ev event, done <-chan struct{}) {
	select {
	case q.tokens <- struct{}{}:
	case <-done:
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		<-q.tokens
		return
	}
	q.events = append(q.events, ev)
	q.wake()
}

// take returns the oldest event if one waits; if none does, the draining
// goroutine (the caller, when it runs) ends.
func (q *eventQueue) take() (event, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.head == len(q.events) {
		q.running = false
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
