package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/tea"
)

// Short lifetimes keep the tests fast; polls bound every wait.
const (
	testTTL     = time.Second
	testTimeout = 1500 * time.Millisecond
)

// sessionHandler answers requests from the tea sessions of one node: a
// call "<widget>.<action>" invokes the widget in the session's view at call
// time and dispatches a write; a read "count" answers the model's count.
// A call "hang" blocks until its context ends and tells entered first.
type sessionHandler struct {
	reg     *tea.Sessions
	entered chan string
}

type countAnswer struct {
	Count int `json:"count"`
}

func (h sessionHandler) Handle(ctx context.Context, req Request) (json.RawMessage, error) {
	sess, ok := h.reg.Get(req.Session)
	if !ok {
		return nil, fmt.Errorf("%w: %q", tea.ErrNoSession, req.Session)
	}
	snap := sess.Snapshot()
	switch {
	case req.Kind == KindRead && req.Name == "count":
		return json.Marshal(countAnswer{Count: snap.Model.(clustertest.Counter).N})
	case req.Kind == KindCall && req.Name == "hang":
		if h.entered != nil {
			h.entered <- req.Session
		}
		<-ctx.Done()
		return nil, ctx.Err()
	case req.Kind == KindCall:
		id, action, _ := strings.Cut(req.Name, ".")
		w, ok := tea.FindWidget(snap.View, id)
		if !ok {
			return nil, fmt.Errorf("widget %q: %w", id, tea.ErrNotInView)
		}
		tp, ok := w.(tea.ToolProvider)
		if !ok {
			return nil, fmt.Errorf("widget %q offers no tools", id)
		}
		args := map[string]any{}
		if len(req.Args) > 0 {
			if err := json.Unmarshal(req.Args, &args); err != nil {
				return nil, fmt.Errorf("arguments of %q: %w", req.Name, err)
			}
		}
		res, err := tp.Invoke(action, args)
		if err != nil {
			return nil, err
		}
		tr, err := sess.Dispatch(ctx, res.Msg())
		if err != nil {
			return nil, err
		}
		return json.Marshal(countAnswer{Count: tr.After.Model.(clustertest.Counter).N})
	}
	return nil, fmt.Errorf("unknown request kind %q", req.Kind)
}

// member is one node of a test cluster, its local sessions and its log.
type member struct {
	*Node
	reg     *tea.Sessions
	entered chan string
	logs    *logRecorder
}

// newMember is a member before its node joins: opts answer through its
// sessions (unless h is given) and log to its recorder.
func newMember(opts *Options, h Handler) *member {
	m := &member{reg: tea.NewSessions(), entered: make(chan string, 4), logs: newLogRecorder()}
	if h == nil {
		h = sessionHandler{reg: m.reg, entered: m.entered}
	}
	opts.Handler, opts.Logger = h, slog.New(m.logs)
	return m
}

// start starts a counter session id on m.
func (m *member) start(t testing.TB, id string) *tea.Session {
	t.Helper()
	sess, err := m.Start(t.Context(), m.reg, Entry{ID: id, App: "counter", Owner: "tester"}, clustertest.Counter{})
	if err != nil {
		t.Fatalf("node %s: start %q: %v", m.Name(), id, err)
	}
	return sess
}

// kill ends m as a crash would: the connection drops, nothing is taken
// out of the directory.
func (m *member) kill() {
	m.nc.Close()
	m.shutdown(false)
	m.reg.StopAll()
}

// join starts a node named name on the cluster at url ("" : the node runs
// the embedded server).
func join(t testing.TB, name, url string) *member {
	t.Helper()
	return joinB(t, name, url)
}

// joinB is join for tests and benchmarks.
func joinB(t testing.TB, name, url string) *member {
	t.Helper()
	return joinWith(t, name, url, nil)
}

// joinWith is joinB with the node answering through h (nil: through its
// sessions, with sessionHandler).
func joinWith(t testing.TB, name, url string, h Handler) *member {
	t.Helper()
	return joinTimeout(t, name, url, h, testTimeout)
}

// joinTimeout is joinWith with the node's call timeout.
func joinTimeout(t testing.TB, name, url string, h Handler, callTimeout time.Duration) *member {
	t.Helper()
	opts := Options{URL: url, Name: name, TTL: testTTL, CallTimeout: callTimeout}
	m := newMember(&opts, h)
	if url == "" {
		opts.Listen = "127.0.0.1:0"
	}
	n, err := Join(t.Context(), opts)
	if err != nil {
		t.Fatalf("join %s: %v", name, err)
	}
	m.Node = n
	t.Cleanup(func() {
		m.reg.StopAll()
		_ = n.Close()
	})
	return m
}

// threeNodes starts node a with the embedded server, and b and c joining
// it. Cleanups run in reverse, so a (the server) closes last.
func threeNodes(t testing.TB) (a, b, c *member) {
	t.Helper()
	a = join(t, "a", "")
	b = join(t, "b", a.ClientURL())
	c = join(t, "c", a.ClientURL())
	return a, b, c
}

// hangs is how long a test waits for what answers at once or at the call
// timeout before it says it hangs: a failure deadline, not a speed check
// (the benchmarks in latency_bench_test.go measure the speed).
const hangs = 20 * time.Second

// neverCalledOut is a call timeout no test waits for: a node given it
// answers a call at once or not before hangs.
const neverCalledOut = time.Hour

// eventually polls cond every 20ms until it holds or within passes.
func eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// seen waits until n's directory has session id.
func seen(t testing.TB, n *member, id string) {
	t.Helper()
	eventually(t, hangs, fmt.Sprintf("node %s sees session %q", n.Name(), id), func() bool {
		_, ok := n.Lookup(id)
		return ok
	})
}

func count(t *testing.T, raw json.RawMessage) int {
	t.Helper()
	var a countAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatalf("answer %s: %v", raw, err)
	}
	return a.Count
}

// logRecorder is a slog.Handler that keeps a node's log records, for
// tests that wait for one.
type logRecorder struct {
	mu      sync.Mutex
	records []logRecord
	added   chan struct{} // closed, and replaced, by every record
}

// logRecord is one record: its level, message and attributes as text.
type logRecord struct {
	level slog.Level
	msg   string
	attrs map[string]string
}

func newLogRecorder() *logRecorder { return &logRecorder{added: make(chan struct{})} }

func (r *logRecorder) Enabled(context.Context, slog.Level) bool { return true }

func (r *logRecorder) Handle(_ context.Context, rec slog.Record) error {
	lr := logRecord{level: rec.Level, msg: rec.Message, attrs: map[string]string{}}
	rec.Attrs(func(a slog.Attr) bool {
		lr.attrs[a.Key] = a.Value.String()
		return true
	})
	r.mu.Lock()
	r.records = append(r.records, lr)
	close(r.added)
	r.added = make(chan struct{})
	r.mu.Unlock()
	return nil
}

// WithAttrs and WithGroup are not used by a node's logging.
func (r *logRecorder) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *logRecorder) WithGroup(string) slog.Handler      { return r }

// wait returns the first record match accepts, waiting up to hangs for it.
func (r *logRecorder) wait(t *testing.T, what string, match func(logRecord) bool) logRecord {
	t.Helper()
	deadline := time.After(hangs)
	for i := 0; ; {
		r.mu.Lock()
		for ; i < len(r.records); i++ {
			if match(r.records[i]) {
				rec := r.records[i]
				r.mu.Unlock()
				return rec
			}
		}
		added := r.added
		all := fmt.Sprint(r.records)
		r.mu.Unlock()
		select {
		case <-added:
		case <-deadline:
			t.Fatalf("no log record within 5s: %s; the log: %s", what, all)
		}
	}
}

// forger is a process with NATS access that is no node: a raw nats.go
// client of the cluster's server, with the directory bucket open.
type forger struct {
	nc *nats.Conn
	kv jetstream.KeyValue
}

func newForger(t *testing.T, url string) *forger {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatalf("raw client: %v", err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(t.Context(), DefaultBucket)
	if err != nil {
		t.Fatalf("raw client: the directory bucket: %v", err)
	}
	return &forger{nc: nc, kv: kv}
}

// entry reads key from the bucket, as a session's entry.
func (f *forger) entry(t *testing.T, key string) Entry {
	t.Helper()
	kve, err := f.kv.Get(t.Context(), key)
	if err != nil {
		t.Fatalf("the bucket's %s: %v", key, err)
	}
	var e Entry
	if err := json.Unmarshal(kve.Value(), &e); err != nil {
		t.Fatalf("the bucket's %s: %v", key, err)
	}
	return e
}

// pauseHealing keeps m from writing to the directory (its healer and its
// keep-alive wait for writeMu) until resume, or the test's end: what
// someone else does to m's entries meanwhile stays as they left it. Keep
// pauses well under the TTL, or m's entries expire.
func pauseHealing(t *testing.T, m *member) (resume func()) {
	m.writeMu.Lock()
	var once sync.Once
	resume = func() { once.Do(m.writeMu.Unlock) }
	t.Cleanup(resume)
	return resume
}
