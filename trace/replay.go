package trace

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/facetui/facet/tea"
)

// DefaultWait is how long Replay waits by default for a command's or a
// timer's message the recording has.
const DefaultWait = 5 * time.Second

// ReplayOptions configure Replay.
type ReplayOptions struct {
	// Secrets are the values of masked widgets by id, typed in place of
	// what the recording left out (a key typed into the widget takes the
	// secret's next character). Without one, a redacted key types '*'.
	Secrets map[string]string
	// Wait is how long to wait for a command's or timer's message the
	// recording has (default DefaultWait).
	Wait time.Duration
}

// ErrMidSession is why Replay refuses a recording started on a session
// already running: a fresh session of the app does not start where it
// started.
var ErrMidSession = errors.New("trace: the recording started in the middle of a session, and replay starts a fresh one")

// Result is what a replay went through.
type Result struct {
	// Inputs and Timers count the inputs replayed and the timers fired;
	// Frames the frames compared.
	Inputs, Timers, Frames int
}

// DivergenceError is a replay whose frame differed from the recording's:
// Entry is the first input (or timer) whose resulting frame differed.
type DivergenceError struct {
	// Line is the entry's line in the recording (1 is the header); 0 for
	// the app's first frame, before any input.
	Line      int
	Entry     Entry
	Want, Got string
}

func (e *DivergenceError) Error() string {
	what := "the first frame"
	if e.Line > 0 {
		what = fmt.Sprintf("line %d, %s", e.Line, Describe(e.Entry))
	}
	return fmt.Sprintf("trace: replay diverged after %s: the frame differed\n%s", what, firstDifference(e.Want, e.Got))
}

// NotReplayableError is an input a replay cannot send again: its type
// does not decode and no widget action made it.
type NotReplayableError struct {
	Line  int
	Entry Entry
	Err   error
}

func (e *NotReplayableError) Error() string {
	return fmt.Sprintf("trace: line %d, %s, cannot be replayed: %v", e.Line, Describe(e.Entry), e.Err)
}

func (e *NotReplayableError) Unwrap() error { return e.Err }

// Describe says in a few words what an input entry was: "key h from the
// person", "widgets.TextChanged from agent claude".
func Describe(e Entry) string {
	who := "the person"
	if e.By != "" {
		who = "agent " + e.By
	}
	what := e.Type
	if e.Kind == KindTimer {
		return "the timer message " + what
	}
	if e.Type == "tea.KeyInputMsg" {
		if m, err := decode(e.Type, e.Msg); err == nil {
			what = "key " + m.(tea.KeyInputMsg).Key.String()
		}
	}
	if e.Via != nil {
		what += fmt.Sprintf(" (%s %s)", e.Via.Widget, e.Via.Action)
	}
	if e.Masked != "" {
		what += " into masked " + e.Masked
	}
	return what + " from " + who
}

// Replay runs a recording's inputs into m, a fresh model of the recorded
// app, on a virtual clock, and compares the frame after each input with
// the recording's. It returns a *DivergenceError at the first that
// differs, a *NotReplayableError for an input it cannot send, or what it
// went through.
func Replay(ctx context.Context, entries []Entry, m tea.Model, opts ReplayOptions) (Result, error) {
	var res Result
	if len(entries) == 0 || entries[0].Kind != KindHeader {
		return res, errors.New("trace: a recording starts with its header")
	}
	if opts.Wait <= 0 {
		opts.Wait = DefaultWait
	}
	head := entries[0]
	if head.From != 0 {
		return res, fmt.Errorf("%w (it starts after the session's first %d inputs)", ErrMidSession, head.From)
	}
	width, height := head.Width, head.Height
	if width <= 0 || height <= 0 {
		width, height = DefaultWidth, DefaultHeight
	}
	clock := NewVirtualClock(head.Start)
	seen := &counter{changed: make(chan struct{})}
	topts := []tea.Option{tea.WithClock(clock), tea.WithObserver(seen.observe)}
	for _, e := range entries[1:] {
		if e.Kind == KindInput || e.Kind == KindTimer || e.Kind == KindCommand {
			break
		}
		if e.Kind == KindUpdate && e.Type == "tea.WindowSizeMsg" {
			if msg, err := decode(e.Type, e.Msg); err == nil {
				ws := msg.(tea.WindowSizeMsg)
				topts = append(topts, tea.WithSize(ws.Width, ws.Height))
			}
		}
	}
	rt, err := tea.Start(ctx, m, topts...)
	if err != nil {
		return res, fmt.Errorf("trace: replay: %w", err)
	}
	defer rt.Stop()

	typed := map[string]int{} // runes of each secret typed so far
	var commands, timers int  // recorded so far
	var want string           // the recorded frame so far
	i := 1
	line, current := 0, Entry{}
	for {
		// The entries of this step: up to the next input or timer.
		j := i
		for ; j < len(entries); j++ {
			e := entries[j]
			if e.Kind == KindInput || e.Kind == KindTimer {
				break
			}
			switch e.Kind {
			case KindCommand:
				commands++
			case KindFrame:
				want = e.Frame
			}
		}
		if err := seen.await(ctx, opts.Wait, commands, timers); err != nil {
			return res, fmt.Errorf("trace: replay after line %d: %d command results arrived where the recording has %d: %w", line, seen.count(tea.FromCommand), commands, err)
		}
		if err := rt.Barrier(ctx); err != nil && !errors.Is(err, tea.ErrStopped) {
			return res, fmt.Errorf("trace: replay: %w", err)
		}
		if got := Frame(rt.Snapshot(), width, height); got != want {
			return res, &DivergenceError{Line: line, Entry: current, Want: want, Got: got}
		}
		res.Frames++
		if j >= len(entries) {
			return res, nil
		}
		line, current = j+1, entries[j]
		clock.Set(head.Start.Add(current.At()))
		switch current.Kind {
		case KindTimer:
			timers++
			wctx, cancel := context.WithTimeout(ctx, opts.Wait)
			err := clock.FireNext(wctx, head.Start.Add(current.At()))
			cancel()
			if err != nil {
				return res, fmt.Errorf("trace: replay: line %d has %s, but no timer was set: %w", line, Describe(current), err)
			}
			res.Timers++
		case KindInput:
			msg, err := inputMsg(current, rt.Snapshot(), opts.Secrets, typed)
			if err != nil {
				return res, &NotReplayableError{Line: line, Entry: current, Err: err}
			}
			tr, err := rt.Dispatch(ctx, msg)
			if errors.Is(err, tea.ErrStopped) {
				return res, nil
			}
			if err == nil && tr.Settled != nil {
				select {
				case <-tr.Settled:
				case <-ctx.Done():
					return res, ctx.Err()
				}
			}
			res.Inputs++
		}
		i = j + 1
	}
}

// inputMsg is the message to send again for an input entry.
func inputMsg(e Entry, s tea.Snapshot, secrets map[string]string, typed map[string]int) (tea.Msg, error) {
	var msg tea.Msg
	switch m, err := decode(e.Type, e.Msg); {
	case err == nil:
		msg = m
	case e.Via != nil:
		w, ok := tea.FindWidget(s.View, e.Via.Widget)
		tp, provides := w.(tea.ToolProvider)
		if !ok || !provides {
			return nil, fmt.Errorf("%w; and widget %q offers no actions in the view", err, e.Via.Widget)
		}
		r, ierr := safeInvoke(tp, e.Via.Action, e.Via.Args)
		if ierr != nil || !r.IsWrite() {
			return nil, fmt.Errorf("%w; and %s %s made no message: %v", err, e.Via.Widget, e.Via.Action, ierr)
		}
		msg = r.Msg()
	default:
		return nil, err
	}
	if e.Masked != "" {
		msg = unmask(msg, e.Masked, secrets, typed)
	}
	if _, key := msg.(tea.KeyInputMsg); e.By != "" && !key {
		msg = tea.AgentMsg{Agent: e.By, Msg: msg}
	}
	return msg, nil
}

// unmask puts the secret of widget id back into a redacted message.
func unmask(msg tea.Msg, id string, secrets map[string]string, typed map[string]int) tea.Msg {
	secret, ok := secrets[id]
	if km, key := msg.(tea.KeyInputMsg); key {
		runes := []rune(secret)
		if ok && typed[id] < len(runes) {
			km.Key = tea.Char(runes[typed[id]])
			typed[id]++
		}
		return km
	}
	v := reflect.ValueOf(msg)
	if !ok || v.Kind() != reflect.Struct {
		return msg
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	if f := c.FieldByName("Value"); f.IsValid() && f.Kind() == reflect.String && f.CanSet() {
		f.SetString(secret)
	}
	typed[id] = len([]rune(secret))
	return c.Interface()
}

// counter counts the messages a replayed runtime took from commands and
// timers.
type counter struct {
	mu      sync.Mutex
	by      [3]int
	changed chan struct{}
}

func (c *counter) observe(ev tea.Event) {
	if ev.Kind != tea.Received || ev.Source == tea.FromDispatch {
		return
	}
	c.mu.Lock()
	c.by[ev.Source]++
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

func (c *counter) count(s tea.Source) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.by[s]
}

// await waits until at least commands and timers messages have arrived,
// for up to wait.
func (c *counter) await(ctx context.Context, wait time.Duration, commands, timers int) error {
	var timeout <-chan time.Time
	for {
		c.mu.Lock()
		done := c.by[tea.FromCommand] >= commands && c.by[tea.FromTimer] >= timers
		ch := c.changed
		c.mu.Unlock()
		if done {
			return nil
		}
		if timeout == nil {
			t := time.NewTimer(wait)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-timeout:
			return fmt.Errorf("none more within %v", wait)
		}
	}
}

// firstDifference shows the first line where two frames differ, and both
// frames.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("first at line %d:\n  want %q\n   got %q\nrecorded frame:\n%s\nreplayed frame:\n%s", i+1, strings.TrimRight(wl, " "), strings.TrimRight(gl, " "), want, got)
		}
	}
	return "(the frames differ in length only)"
}
