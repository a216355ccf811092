package trace_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// step is one input of a scripted session: keys typed by the person, or
// a widget action called by an agent as the MCP renderer calls it.
type step struct {
	keys   string // typed one character at a time; "\t" is Tab, "\r" Enter
	agent  string
	widget string
	action string
	args   map[string]any
}

func typeKeys(s string) step { return step{keys: s} }

func call(agent, widget, action string, args map[string]any) step {
	return step{agent: agent, widget: widget, action: action, args: args}
}

// record runs steps on m with a recorder and returns the recording.
func record(t *testing.T, app string, m tea.Model, steps []step, opts trace.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	opts.App = app
	rec := trace.New(&buf, opts)
	ctx := context.Background()
	rt, err := tea.Start(ctx, m, rec.Option(), tea.WithSize(60, 16))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		for _, msg := range messages(t, rt, s) {
			tr, err := rt.Dispatch(ctx, msg)
			if err != nil {
				t.Fatalf("dispatch %T: %v", msg, err)
			}
			if tr.Settled != nil {
				<-tr.Settled
			}
			if err := rt.Barrier(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	rt.Stop()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// messages is what step s sends to rt now.
func messages(t *testing.T, rt *tea.Runtime, s step) []tea.Msg {
	t.Helper()
	if s.widget == "" {
		var out []tea.Msg
		for _, r := range s.keys {
			k := tea.Char(r)
			switch r {
			case '\t':
				k = tea.Named(tea.KeyTab)
			case '\r':
				k = tea.Named(tea.KeyEnter)
			}
			out = append(out, tea.KeyInputMsg{Key: k})
		}
		return out
	}
	w, ok := tea.FindWidget(rt.Snapshot().View, s.widget)
	if !ok {
		t.Fatalf("no widget %q in the view", s.widget)
	}
	res, err := w.(tea.ToolProvider).Invoke(s.action, s.args)
	if err != nil {
		t.Fatalf("%s %s: %v", s.widget, s.action, err)
	}
	return []tea.Msg{tea.AgentMsg{Agent: s.agent, Msg: res.Msg()}}
}

const secret = "hunter2-secret"

var sessions = []struct {
	app     string
	steps   []step
	secrets map[string]string
}{
	{app: "counter", steps: []step{
		typeKeys("\r\r"), // the person presses +1 twice
		call("claude", "inc", "click", nil),
		typeKeys("\t\r"), // −1
		call("claude", "reset", "click", nil),
	}},
	{app: "login", steps: []step{
		call("claude", "email", "type_into", map[string]any{"text": "ada@example.com"}),
		typeKeys("\t"),
		typeKeys(secret[:7]),
		call("claude", "password", "type_into", map[string]any{"text": secret}),
		call("claude", "remember", "toggle", nil),
		call("claude", "submit", "click", nil),
	}, secrets: map[string]string{"password": secret}},
	{app: "search", steps: []step{
		typeKeys("go"),
		call("gpt", "results", "sort", map[string]any{"column": "stars", "direction": "asc"}),
		call("gpt", "search", "clear", nil),
		typeKeys("rust\r"),
	}},
}

func TestReplayOfARecordedSessionYieldsTheSameFrames(t *testing.T) {
	for _, s := range sessions {
		t.Run(s.app, func(t *testing.T) {
			app, err := playground.Lookup(s.app)
			if err != nil {
				t.Fatal(err)
			}
			data := record(t, s.app, app.New(), s.steps, trace.Options{})
			entries, err := trace.Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			res, err := trace.Replay(context.Background(), entries, app.New(), trace.ReplayOptions{Secrets: s.secrets})
			if err != nil {
				t.Fatalf("replay: %v\nrecording:\n%s", err, data)
			}
			if res.Inputs == 0 || res.Frames < res.Inputs {
				t.Errorf("replay went through %+v", res)
			}
			if last := entries[len(entries)-1]; last.Kind != trace.KindEnd {
				t.Errorf("last line %+v, want the end", last)
			}
		})
	}
}

func TestARecordingHasNoMaskedValue(t *testing.T) {
	app, _ := playground.Lookup("login")
	data := record(t, "login", app.New(), sessions[1].steps, trace.Options{})
	for _, part := range []string{secret, secret[:7], "hunter"} {
		if bytes.Contains(data, []byte(part)) {
			t.Fatalf("the recording holds %q:\n%s", part, data)
		}
	}
	entries, _ := trace.Read(bytes.NewReader(data))
	masked := 0
	for _, e := range entries {
		if e.Masked == "password" {
			masked++
		}
	}
	// 7 keys and one type_into as inputs, their 8 TextChanged as updates.
	if masked != 16 {
		t.Errorf("%d entries say they left the password out, want 16:\n%s", masked, data)
	}
}

// dropSecond is the counter with a bug: the second click is lost.
type dropSecond struct {
	tea.Model
	clicks int
}

func (d dropSecond) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if fmt.Sprintf("%T", msg) == "playground.counterStep" {
		d.clicks++
		if d.clicks == 2 {
			return d, nil
		}
	}
	m, cmd := d.Model.Update(msg)
	d.Model = m
	return d, cmd
}

func TestReplayNamesTheFirstInputWhoseFrameDiffered(t *testing.T) {
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps, trace.Options{})
	entries, _ := trace.Read(bytes.NewReader(data))
	_, err := trace.Replay(context.Background(), entries, dropSecond{Model: app.New()}, trace.ReplayOptions{})
	var d *trace.DivergenceError
	if !errors.As(err, &d) {
		t.Fatalf("replay of a changed app: %v, want a divergence", err)
	}
	// The second Enter on +1, the person's second key.
	if d.Entry.Type != "tea.KeyInputMsg" || d.Entry.By != "" || !strings.Contains(err.Error(), "key enter from the person") {
		t.Errorf("divergence at %+v: %v", d.Entry, err)
	}
	if !strings.Contains(err.Error(), `want "Count: 2`) && !strings.Contains(err.Error(), "Count: 2") {
		t.Errorf("the message does not show the recorded frame: %v", err)
	}
	inputs := 0
	for i, e := range entries {
		if e.Kind == trace.KindInput {
			inputs++
		}
		if i+1 == d.Line && inputs != 2 {
			t.Errorf("diverged at input %d (line %d), want the 2nd", inputs, d.Line)
		}
	}
}

func TestARecordingStopsAtItsCapAndSaysSo(t *testing.T) {
	app, _ := playground.Lookup("counter")
	var steps []step
	for range 50 {
		steps = append(steps, call("claude", "inc", "click", nil))
	}
	var buf bytes.Buffer
	rec := trace.New(&buf, trace.Options{MaxBytes: 4096})
	rt, err := tea.Start(context.Background(), app.New(), rec.Option())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		for _, msg := range messages(t, rt, s) {
			if _, err := rt.Dispatch(context.Background(), msg); err != nil {
				t.Fatal(err)
			}
		}
	}
	rt.Stop()
	_ = rec.Close()
	if !errors.Is(rec.Stopped(), trace.ErrCapReached) {
		t.Fatalf("Stopped() = %v", rec.Stopped())
	}
	if buf.Len() > 4096 {
		t.Errorf("%d bytes past a cap of 4096", buf.Len())
	}
	entries, err := trace.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	last := entries[len(entries)-1]
	if last.Kind != trace.KindEnd || !strings.Contains(last.Note, "size cap of 4096 bytes") {
		t.Errorf("last line %+v", last)
	}
}

func TestReplayRefusesARecordingStartedMidSession(t *testing.T) {
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps, trace.Options{From: 7})
	entries, err := trace.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if entries[0].From != 7 {
		t.Fatalf("header from %d, want 7", entries[0].From)
	}
	if _, err := trace.Replay(context.Background(), entries, app.New(), trace.ReplayOptions{}); !errors.Is(err, trace.ErrMidSession) {
		t.Errorf("replay: %v, want ErrMidSession", err)
	}
}

func TestAFrameIsRecordedAsTheLinesThatChanged(t *testing.T) {
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps[:1], trace.Options{})
	// Two Enters change one line of the screen (the count) each; the
	// frames after the first are a line, not a screen.
	raw := strings.Split(strings.TrimSpace(string(data)), "\n")
	var whole, partial int
	for _, l := range raw {
		switch {
		case strings.Contains(l, `"k":"frame"`) && strings.Contains(l, `"frame":`):
			whole++
		case strings.Contains(l, `"k":"frame"`) && strings.Contains(l, `"lines":`):
			partial++
		}
	}
	if whole != 1 || partial != 2 {
		t.Errorf("%d whole frames and %d partial ones, want 1 and 2:\n%s", whole, partial, data)
	}
	entries, _ := trace.Read(bytes.NewReader(data))
	var last string
	for _, e := range entries {
		if e.Kind == trace.KindFrame {
			last = e.Frame
		}
	}
	if !strings.Contains(last, "Count: 2") || strings.Count(last, "\n") < 15 {
		t.Errorf("the last frame as read:\n%s", last)
	}
}

func TestSyncWritesTheRecordingSoFar(t *testing.T) {
	app, _ := playground.Lookup("counter")
	var buf trace.Buffer
	rec := trace.New(&buf, trace.Options{})
	defer rec.Close()
	rt, err := tea.Start(context.Background(), app.New(), rec.Option())
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	for n := 1; n <= 3; n++ {
		for _, msg := range messages(t, rt, call("claude", "inc", "click", nil)) {
			if _, err := rt.Dispatch(context.Background(), msg); err != nil {
				t.Fatal(err)
			}
		}
		rec.Sync()
		entries, err := trace.Read(strings.NewReader(buf.String()))
		if err != nil {
			t.Fatal(err)
		}
		last := ""
		for _, e := range entries {
			if e.Kind == trace.KindFrame {
				last = e.Frame
			}
		}
		if want := fmt.Sprintf("Count: %d", n); !strings.Contains(last, want) {
			t.Fatalf("after click %d and Sync, the last frame is:\n%s", n, last)
		}
	}
}

// gatedWriter blocks every write until open is closed.
type gatedWriter struct{ open chan struct{} }

func (w gatedWriter) Write(p []byte) (int, error) {
	<-w.open
	return len(p), nil
}

func TestTheRuntimeDoesNotWaitForASlowWriter(t *testing.T) {
	w := gatedWriter{open: make(chan struct{})}
	rec := trace.New(w, trace.Options{})
	app, _ := playground.Lookup("counter")
	rt, err := tea.Start(context.Background(), app.New(), rec.Option())
	if err != nil {
		t.Fatal(err)
	}
	// Enough clicks to fill the recording's 4 KB buffer several times
	// over, so that the writer blocks on the gated writer, and fewer
	// events than the recorder lets the runtime get ahead by.
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 300 {
			for _, msg := range messages(t, rt, call("claude", "inc", "click", nil)) {
				if _, err := rt.Dispatch(context.Background(), msg); err != nil {
					t.Error(err)
					return
				}
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Error("the runtime waited for the recording's writer")
	}
	close(w.open)
	<-done
	rt.Stop()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if rec.Written() < 300*100 {
		t.Errorf("the recording has %d bytes for 300 clicks", rec.Written())
	}
}
