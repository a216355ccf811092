package mcp

import (
	"log/slog"
	"maps"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The outbox's retry and logging pace.
const (
	// outboxFirstRetry is how soon a full queue is tried again; each
	// failed try doubles the wait, up to outboxMaxRetry.
	outboxFirstRetry = 5 * time.Millisecond
	outboxMaxRetry   = time.Second
	// outboxLogEvery is the least time between two logged drops of one
	// client; the drops in between are counted in the next line.
	outboxLogEvery = 10 * time.Second
)

// outbox puts server-initiated notifications on mcp-go's per-client
// queues (ClientSession.NotificationChannel, 100 deep), which the
// transport empties as it writes to the client: the stdio and SSE
// streams at once, the streamable-HTTP GET stream while one is open,
// and otherwise the response stream of the client's next POST (the
// protocol has no other way to reach a client that holds no stream).
// A send never blocks: a client that does not read must not hold up a
// session's renders or anyone else's notifications.
//
// When a queue is full the notification is not lost: it is kept as the
// client's pending one for its (method, uri), replacing any older one,
// and tried again on a timer with a doubling wait (5 ms to 1 s), on the
// client's next request and on its next notification. A pending
// resources/updated loses its "patch": the client missed at least one
// update, so a patch from the version before would not apply to what it
// has; one without a patch means "read it again" (see resources). Every
// update for that uri goes without a patch until one of them is queued.
// list_changed carries nothing, so one pending per kind is all a client
// needs. A client holds at most one pending notification per resource it
// subscribes to and per list kind, and its entry goes with its
// connection (forget); nothing runs while nothing is pending (one
// time.AfterFunc timer while anything is). Each drop is logged with the
// client and the uri, at most once per client every 10 s with the count
// of the drops in between.
//
// The zero value is ready.
type outbox struct {
	mu      sync.Mutex
	clients map[string]*outboxClient // by mcp-go session id
	timer   *time.Timer
	armed   time.Time // when timer fires; zero when it is stopped
	// waiting says whether anything may be pending, so that a request
	// (flush) need not take the lock when nothing is.
	waiting atomic.Bool
}

// outboxKey is what one pending notification stands for: a method, and
// for resources/updated the resource.
type outboxKey struct{ method, uri string }

// outboxClient is one client connection with something pending, or
// whose drops are being counted for the log.
type outboxClient struct {
	cs      server.ClientSession
	pending map[outboxKey]sdk.JSONRPCNotification
	wait    time.Duration // before the next try; doubles on each failed one
	due     time.Time     // of the next try
	logged  time.Time     // the last drop logged
	unsaid  int           // drops since, not logged
}

// send queues n for cs without blocking (see outbox); uri is the resource
// a resources/updated is about, "" for anything else. log receives the
// drops.
func (o *outbox) send(log *slog.Logger, cs server.ClientSession, uri string, n sdk.JSONRPCNotification) {
	key := outboxKey{n.Method, uri}
	id := clientKey(cs)
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.clients[id]
	if c != nil && len(c.pending) > 0 {
		if _, gap := c.pending[key]; gap {
			delete(c.pending, key) // n supersedes it
			n = withoutPatch(n)
		}
		o.flushLocked(c) // older ones first, while there is room
	}
	select {
	case cs.NotificationChannel() <- n:
		return
	default:
	}
	if c == nil {
		if o.clients == nil {
			o.clients = map[string]*outboxClient{}
		}
		c = &outboxClient{}
		o.clients[id] = c
	}
	if c.pending == nil {
		c.pending = map[outboxKey]sdk.JSONRPCNotification{}
	}
	c.cs = cs
	c.pending[key] = withoutPatch(n)
	now := time.Now()
	if c.wait == 0 {
		c.wait = outboxFirstRetry
		c.due = now.Add(c.wait)
	}
	o.logDrop(log, c, id, key, now)
	o.armLocked(now)
}

// logDrop logs one drop of client id, or counts it until the next line
// may be logged.
func (o *outbox) logDrop(log *slog.Logger, c *outboxClient, id string, key outboxKey, now time.Time) {
	if !c.logged.IsZero() && now.Sub(c.logged) < outboxLogEvery {
		c.unsaid++
		return
	}
	args := []any{"client", connectionKey(id), "method", key.method}
	if key.uri != "" {
		args = append(args, "uri", key.uri)
	}
	if c.unsaid > 0 {
		args = append(args, "dropped_since_last_log", c.unsaid)
	}
	log.Warn("mcp: a client's notification queue is full: it will be sent the newest once there is room", args...)
	c.logged, c.unsaid = now, 0
}

// flush tries again, at once, what client id has pending: its request is
// being served, and its transport reads the queue meanwhile. What still
// finds no room is tried again soon (the first wait), not after the
// longer wait of a client that was not reading.
func (o *outbox) flush(id string) {
	if !o.waiting.Load() {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.clients[id]
	if c == nil || len(c.pending) == 0 {
		return
	}
	o.flushLocked(c)
	if len(c.pending) > 0 {
		now := time.Now()
		c.wait = outboxFirstRetry
		c.due = now.Add(c.wait)
		o.armLocked(now)
	}
}

// flushLocked queues what c has pending while its queue has room. o.mu
// is held.
func (o *outbox) flushLocked(c *outboxClient) {
	for key, n := range c.pending {
		select {
		case c.cs.NotificationChannel() <- n:
			delete(c.pending, key)
		default:
			return
		}
	}
	c.wait = 0 // all out: the next drop starts from the first wait
}

// tick tries again each client whose try is due, then waits for the next.
func (o *outbox) tick() {
	o.mu.Lock()
	defer o.mu.Unlock()
	now := time.Now()
	o.armed = time.Time{}
	for _, c := range o.clients {
		if len(c.pending) == 0 || c.due.After(now) {
			continue
		}
		o.flushLocked(c)
		if len(c.pending) > 0 {
			c.wait = min(2*c.wait, outboxMaxRetry)
			c.due = now.Add(c.wait)
		}
	}
	o.armLocked(now)
}

// armLocked sets the timer for the earliest try due, or leaves it stopped
// when nothing is pending. o.mu is held.
func (o *outbox) armLocked(now time.Time) {
	var next time.Time
	for _, c := range o.clients {
		if len(c.pending) > 0 && (next.IsZero() || c.due.Before(next)) {
			next = c.due
		}
	}
	o.waiting.Store(!next.IsZero())
	if next.IsZero() || (!o.armed.IsZero() && !o.armed.After(next)) {
		return
	}
	d := max(next.Sub(now), 0)
	o.armed = now.Add(d)
	if o.timer == nil {
		o.timer = time.AfterFunc(d, o.tick)
		return
	}
	o.timer.Reset(d)
}

// forget drops what client id has pending for uri (it unsubscribed), or
// everything of it when uri is "" (its connection ended).
func (o *outbox) forget(id, uri string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.clients[id]
	if c == nil {
		return
	}
	if uri == "" {
		delete(o.clients, id)
		return
	}
	for key := range c.pending {
		if key.uri == uri {
			delete(c.pending, key)
		}
	}
}

// pendingCount is how many notifications client id has pending.
func (o *outbox) pendingCount(id string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	if c := o.clients[id]; c != nil {
		return len(c.pending)
	}
	return 0
}

// withoutPatch is n without a "patch" in its _meta: "read it again".
func withoutPatch(n sdk.JSONRPCNotification) sdk.JSONRPCNotification {
	if _, ok := n.Params.Meta["patch"]; !ok {
		return n
	}
	meta := maps.Clone(n.Params.Meta)
	delete(meta, "patch")
	n.Params.Meta = meta
	return n
}
