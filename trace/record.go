package trace

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sync"
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
}

// Recorder writes a runtime's session as it runs. Pass Option (or
// Observe to tea.WithObserver) when the runtime starts, and Close it once
// the runtime has stopped.
type Recorder struct {
	opts  Options
	start time.Time

	mu        sync.Mutex
	w         *bufio.Writer
	written   int64
	stopped   error
	lastFrame string
	closed    bool
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
	r := &Recorder{opts: opts, start: opts.Now(), w: bufio.NewWriter(w)}
	r.write(Entry{Kind: KindHeader, Format: Version, App: opts.App, Session: opts.Session,
		Width: opts.Width, Height: opts.Height, Start: r.start.UTC()})
	return r
}

// Option returns the runtime option that attaches r.
func (r *Recorder) Option() tea.Option { return tea.WithObserver(r.Observe) }

// Observe records one runtime event. The runtime calls it on its owner
// goroutine (see tea.WithObserver).
func (r *Recorder) Observe(ev tea.Event) {
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
		if kind == KindInput && e.Masked == "" && !registered(msg) {
			e.Via = callFor(ev.Snapshot.View, msg)
		}
		r.write(e)
	case tea.Updated:
		e := Entry{Kind: KindUpdate}
		r.describe(&e, ev.Msg, ev.Snapshot)
		r.write(e)
	case tea.Published:
		frame := r.frame(ev.Snapshot)
		r.mu.Lock()
		same := frame == r.lastFrame
		r.lastFrame = frame
		r.mu.Unlock()
		if !same {
			r.write(Entry{Kind: KindFrame, Version: ev.Snapshot.Version, Frame: frame})
		}
	}
}

// frame draws s as the terminal would, at its size or the recording's.
func (r *Recorder) frame(s tea.Snapshot) string {
	return Frame(s, r.opts.Width, r.opts.Height)
}

// Frame draws s as the terminal would at its size, or at width by height
// when it has none. Recordings and replays draw their frames with it.
func Frame(s tea.Snapshot, width, height int) string {
	if s.Size.Width > 0 && s.Size.Height > 0 {
		width, height = s.Size.Width, s.Size.Height
	}
	return terminal.DrawSnapshot(s, width, height)
}

// describe fills e's type and JSON from msg, redacted for the masked
// widgets of s's view.
func (r *Recorder) describe(e *Entry, msg tea.Msg, s tea.Snapshot) {
	if msg == nil {
		return
	}
	e.Type = typeName(msg)
	msg, e.Masked = redact(msg, s)
	if b, err := json.Marshal(msg); err == nil && len(b) <= maxMsgJSON {
		e.Msg = b
	}
}

// write appends e as one line, or ends the recording when the line would
// pass the cap.
func (r *Recorder) write(e Entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped != nil || r.closed {
		return
	}
	e.T = r.opts.Now().Sub(r.start).Microseconds()
	b, err := json.Marshal(e)
	if err != nil {
		return
	}
	// Room is kept for the line that says the cap was reached.
	const endRoom = 256
	if r.written+int64(len(b))+1 > r.opts.MaxBytes-endRoom && e.Kind != KindHeader {
		r.stopped = fmt.Errorf("%w (%d bytes)", ErrCapReached, r.opts.MaxBytes)
		end, _ := json.Marshal(Entry{Kind: KindEnd, T: e.T, Note: fmt.Sprintf("recording stopped: it reached its size cap of %d bytes; what followed is not recorded", r.opts.MaxBytes)})
		r.line(end)
		_ = r.w.Flush()
		return
	}
	r.line(b)
}

func (r *Recorder) line(b []byte) {
	n, _ := r.w.Write(b)
	_ = r.w.WriteByte('\n')
	r.written += int64(n) + 1
}

// Stopped returns why the recording stopped early (an error wrapping
// ErrCapReached), or nil while it records.
func (r *Recorder) Stopped() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stopped
}

// Written returns how many bytes the recording has so far.
func (r *Recorder) Written() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.written
}

// Close ends the recording with its last line and flushes it. Events
// after Close are not recorded.
func (r *Recorder) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	if r.stopped == nil {
		b, _ := json.Marshal(Entry{Kind: KindEnd, T: r.opts.Now().Sub(r.start).Microseconds(), Note: "recording closed"})
		r.line(b)
	}
	r.closed = true
	defer r.mu.Unlock()
	return r.w.Flush()
}

// typeName is msg's Go type as the recording names it ("tea.KeyInputMsg").
func typeName(msg tea.Msg) string { return reflect.TypeOf(msg).String() }
