package trace

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// DefaultMaxBytes is a recording's size cap by default: 16 MiB.
const DefaultMaxBytes = 16 << 20

// DefaultWidth and DefaultHeight are the frame size for a snapshot that
// has none.
const (
	DefaultWidth  = 80
	DefaultHeight = 24
)

// maxMsgJSON is the most of one message's JSON a recording keeps; a longer
// encoding is left out (its type stays).
const maxMsgJSON = 4 << 10

// maxPending is how many events the runtime may get ahead of the
// recording's writer before Observe waits for it.
const maxPending = 4096

// linger is how long the writer, woken by an event, lets more arrive
// before it takes them, and batchWake how many end the wait at once:
// waking the writer for each event cost about as much CPU as writing the
// event. Every event is still written, in order; Sync and Close do not
// wait for the linger. 64 events are about 21 inputs (each is received,
// applied and published), within the 64 frame bodies a terminal of the
// session keeps for the drawer (terminal.SnapshotDrawer.Share).
const (
	linger    = 10 * time.Millisecond
	batchWake = 64
)

// Options configure a Recorder.
type Options struct {
	// App and Session name what is recorded, for the header.
	App, Session string
	// Width and Height size the frames of snapshots that carry no size
	// (default DefaultWidth by DefaultHeight).
	Width, Height int
	// MaxBytes caps the recording (default DefaultMaxBytes). Once the
	// next line would pass it, the recording ends with a line saying so.
	MaxBytes int64
	// Now is the recording's clock (default time.Now).
	Now func() time.Time
	// From, when the recording starts on a session already running, is
	// how many inputs the session had taken (Tap.Inputs; see Entry.From).
	From int64
}

// Recorder writes a runtime's session as it runs. Pass Option (or
// Observe to tea.WithObserver) when the runtime starts, and Close it once
// the runtime has stopped: Close ends the goroutine that writes.
//
// The runtime only hands events over: a goroutine of the recorder's own
// encodes them and draws the frames, so an input does not wait for its
// frame to be drawn. It takes them in batches, up to 10 ms after they
// arrive (Sync to read the recording up to now).
type Recorder struct {
	opts   Options
	start  time.Time
	drawer *terminal.SnapshotDrawer

	mu      sync.Mutex
	queue   []queued
	wake    chan struct{} // signalled when queue gets its first event
	urgent  chan struct{} // signalled when the writer should not linger
	room    *sync.Cond    // broadcast when the writer takes the queue
	closed  bool
	stopped error
	done    chan struct{} // closed when the writer has ended

	written atomic.Int64

	// Used by the writer goroutine only (and by New before it starts,
	// Close after it ended): writing never holds mu, so the runtime's
	// Observe does not wait for the disk.
	w         *bufio.Writer
	lastFrame []string
	// lastCall is the call that made the last input callFor found one
	// for; lastCallOn and lastCallMsg the widget it was last found to make
	// lastCallMsg on.
	lastCall    *Call
	lastCallOn  tea.Widget
	lastCallMsg tea.Msg
	// enc is the line being encoded, kept for the next.
	enc []byte
	// sharing is set once the drawer shares the runtime's bodies.
	sharing bool
	// capped is set once the recording reached its cap: it is the
	// writer's copy of stopped, which only the writer sets, so that it
	// does not take mu (which Observe takes for each event) per line.
	capped bool
	// described are the two messages described last (a key and the
	// message it makes take turns), next the one to replace.
	described [2]described
	next      int
}

// queued is an event as the runtime handed it over, with its time; or,
// with synced set, Sync's request to be told once what came before it is
// written.
type queued struct {
	ev     tea.Event
	at     time.Time
	synced chan struct{}
	// held is set once the writer held the event back for its terminal
	// (it does so once).
	held bool
}

// ErrCapReached is the reason a recording stopped at its size cap.
var ErrCapReached = fmt.Errorf("trace: the recording reached its size cap and stopped")

// New returns a Recorder writing to w and writes the header.
func New(w io.Writer, opts Options) *Recorder {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.Width <= 0 || opts.Height <= 0 {
		opts.Width, opts.Height = DefaultWidth, DefaultHeight
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	r := &Recorder{opts: opts, start: opts.Now(), drawer: terminal.NewSnapshotDrawer(), w: bufio.NewWriter(w),
		wake: make(chan struct{}, 1), urgent: make(chan struct{}, 1), done: make(chan struct{})}
	r.room = sync.NewCond(&r.mu)
	r.write(Entry{Kind: KindHeader, Format: Version, App: opts.App, Session: opts.Session,
		Width: opts.Width, Height: opts.Height, Start: r.start.UTC(), From: opts.From})
	go r.run()
	return r
}

// Option returns the runtime option that attaches r.
func (r *Recorder) Option() tea.Option { return tea.WithObserver(r.Observe) }

// Observe records one runtime event. The runtime calls it on its owner
// goroutine (see tea.WithObserver); it queues the event for the
// recorder's writer and returns, waiting only when the writer is
// maxPending events behind.
func (r *Recorder) Observe(ev tea.Event) {
	at := r.opts.Now()
	r.mu.Lock()
	for len(r.queue) >= maxPending && !r.closed && r.stopped == nil {
		r.room.Wait()
	}
	if r.closed || r.stopped != nil {
		r.mu.Unlock()
		return
	}
	r.queue = append(r.queue, queued{ev: ev, at: at})
	n := len(r.queue)
	r.mu.Unlock()
	switch n {
	case 1:
		signal(r.wake)
	case batchWake:
		signal(r.urgent)
	}
}

// signal wakes whoever waits on c, or leaves the signal for the next wait.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// run is the writer: it takes the queued events in batches and writes
// them, until Close.
func (r *Recorder) run() {
	defer close(r.done)
	// held are events taken but not written yet: from a frame its
	// terminal had not laid out when the writer came to it, on.
	var batch, held []queued
	timer := time.NewTimer(linger)
	timer.Stop()
	for {
		if len(held) > 0 {
			// The terminal lays the frame out meanwhile.
			r.pause(timer)
		}
		r.mu.Lock()
		for len(held) == 0 && len(r.queue) == 0 && !r.closed {
			r.mu.Unlock()
			<-r.wake
			// More events come with the first: a key brings its
			// update and its frame, a person types on.
			r.pause(timer)
			r.mu.Lock()
		}
		if len(held) == 0 {
			batch, r.queue = r.queue, batch[:0]
		} else {
			batch = append(append(batch[:0], held...), r.queue...)
			clear(held)
			held = held[:0]
			clear(r.queue)
			r.queue = r.queue[:0]
		}
		closed := r.closed
		r.room.Broadcast()
		r.mu.Unlock()
		for i, q := range batch {
			// Nothing is held back from Close, nor from a Sync after it.
			if !closed && !q.held && q.ev.Kind == tea.Published && r.laidOutSoon(q.ev) && !slices.ContainsFunc(batch[i+1:], isSync) {
				held = append(held, batch[i:]...)
				held[0].held = true
				break
			}
			r.record(q)
		}
		clear(batch)
		if closed && len(held) == 0 {
			r.mu.Lock()
			empty := len(r.queue) == 0
			r.mu.Unlock()
			if empty {
				return
			}
		}
	}
}

// isSync reports whether q is Sync's request.
func isSync(q queued) bool { return q.synced != nil }

// pause waits until the writer has lingered, or until it should not.
func (r *Recorder) pause(timer *time.Timer) {
	timer.Reset(linger)
	select {
	case <-timer.C:
	case <-r.urgent:
		timer.Stop()
	}
}

// record writes one event.
func (r *Recorder) record(q queued) {
	if q.synced != nil {
		_ = r.w.Flush()
		close(q.synced)
		return
	}
	ev := q.ev
	r.share(ev)
	switch ev.Kind {
	case tea.Received:
		kind := KindInput
		switch ev.Source {
		case tea.FromCommand:
			kind = KindCommand
		case tea.FromTimer:
			kind = KindTimer
		}
		e := Entry{Kind: kind}
		msg := ev.Msg
		if am, ok := msg.(tea.AgentMsg); ok {
			e.By, msg = am.Agent, am.Msg
		}
		if km, ok := msg.(tea.KeyInputMsg); ok {
			e.By = km.Agent
		}
		r.describe(&e, msg, ev.Snapshot)
		// An agent's input, and one whose type does not decode, keeps
		// the widget action that makes it: the call a test of the
		// recording makes (GoTest), and how replay sends it again.
		if _, key := msg.(tea.KeyInputMsg); kind == KindInput && !key && (e.By != "" || !registered(msg)) {
			if e.Via = r.callFor(ev.Snapshot.View, msg); e.Via != nil && e.Masked != "" {
				e.Via = redactCall(*e.Via)
			}
		}
		r.writeAt(e, q.at)
	case tea.Updated:
		e := Entry{Kind: KindUpdate}
		r.describe(&e, ev.Msg, ev.Snapshot)
		r.writeAt(e, q.at)
	case tea.Published:
		if e, changed := r.frameEntry(ev.Snapshot); changed {
			r.writeAt(e, q.at)
		}
	}
}

// share has the drawer take the bodies the terminals of ev's runtime
// leave (see terminal.SnapshotDrawer.Share): a screen a person watches is
// laid out once.
func (r *Recorder) share(ev tea.Event) {
	if ev.Runtime != nil && !r.sharing {
		r.drawer.Share(ev.Runtime)
		r.sharing = true
	}
}

// callFor is the widget action that makes msg in view, trying first the
// one that made the last such input (repeated clicks find it at once): it
// makes msg again, without being invoked, when its widget and the message
// are the same values as last time (widgets are values).
func (r *Recorder) callFor(view tea.Node, msg tea.Msg) *Call {
	if c := r.lastCall; c != nil {
		w, found := tea.FindWidget(view, c.Widget)
		tp, provides := w.(tea.ToolProvider)
		switch {
		case !found || !provides:
		case same(w, r.lastCallOn) && same(msg, r.lastCallMsg):
			return c
		case makesWith(tp, *c, msg):
			r.lastCallOn, r.lastCallMsg = w, msg
			return c
		}
	}
	c := callFor(view, msg)
	if c != nil {
		r.lastCall, r.lastCallOn, r.lastCallMsg = c, nil, nil
	}
	return c
}

// Frame draws s as the terminal would at its size, or at width by height
// when it has none. Recordings and replays draw their frames with it.
func Frame(s tea.Snapshot, width, height int) string {
	if s.Size.Width > 0 && s.Size.Height > 0 {
		width, height = s.Size.Width, s.Size.Height
	}
	return terminal.DrawSnapshot(s, width, height)
}

// write appends e, stamped now.
func (r *Recorder) write(e Entry) { r.writeAt(e, r.opts.Now()) }

// writeAt appends e as one line, stamped at, or ends the recording when
// the line would pass the cap. Only the writer calls it (and New, before
// the writer starts).
func (r *Recorder) writeAt(e Entry, at time.Time) {
	if r.capped {
		return
	}
	e.T = at.Sub(r.start).Microseconds()
	b, err := appendEntry(r.enc[:0], &e, true)
	if err != nil {
		return
	}
	r.enc = b
	// Room is kept for the line that says the cap was reached.
	const endRoom = 256
	if r.written.Load()+int64(len(b))+1 > r.opts.MaxBytes-endRoom && e.Kind != KindHeader {
		end, _ := json.Marshal(Entry{Kind: KindEnd, T: e.T, Note: fmt.Sprintf("recording stopped: it reached its size cap of %d bytes; what followed is not recorded", r.opts.MaxBytes)})
		r.line(end)
		_ = r.w.Flush()
		r.capped = true
		r.mu.Lock()
		defer r.mu.Unlock()
		r.stopped = fmt.Errorf("%w (%d bytes)", ErrCapReached, r.opts.MaxBytes)
		for _, q := range r.queue {
			if q.synced != nil {
				close(q.synced)
			}
		}
		r.queue = r.queue[:0]
		r.room.Broadcast()
		return
	}
	r.line(b)
}

// line writes b and a newline.
func (r *Recorder) line(b []byte) {
	n, _ := r.w.Write(b)
	_ = r.w.WriteByte('\n')
	r.written.Add(int64(n) + 1)
}

// Stopped returns why the recording stopped early (an error wrapping
// ErrCapReached), or nil while it records.
func (r *Recorder) Stopped() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stopped
}

// Written returns how many bytes the recording has written so far (the
// events the writer has not reached yet are not counted).
func (r *Recorder) Written() int64 { return r.written.Load() }

// Sync waits until everything the runtime handed over so far is written
// and flushed to the recording's writer, so that a reader sees the
// recording up to now while it goes on.
func (r *Recorder) Sync() {
	synced := make(chan struct{})
	r.mu.Lock()
	switch {
	case r.stopped != nil: // written and flushed when it stopped
		r.mu.Unlock()
		return
	case r.closed:
		r.mu.Unlock()
		<-r.done
		return
	}
	r.queue = append(r.queue, queued{synced: synced})
	first := len(r.queue) == 1
	r.mu.Unlock()
	if first {
		signal(r.wake)
	}
	signal(r.urgent)
	<-synced
}

// Close writes what is queued, ends the recording with its last line and
// flushes it. Events after Close are not recorded.
func (r *Recorder) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		<-r.done
		return nil
	}
	r.closed = true
	r.room.Broadcast()
	r.mu.Unlock()
	signal(r.wake)
	signal(r.urgent)
	<-r.done
	if r.Stopped() == nil {
		b, _ := json.Marshal(Entry{Kind: KindEnd, T: r.opts.Now().Sub(r.start).Microseconds(), Note: "recording closed"})
		r.line(b)
	}
	return r.w.Flush()
}

// typeName is msg's Go type as the recording names it ("tea.KeyInputMsg").
func typeName(msg tea.Msg) string { return reflect.TypeOf(msg).String() }
