package trace_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// tapped starts the counter as session "c" of a registry whose sessions
// each have a tap, and returns the session and its tap.
func tapped(t *testing.T) (*tea.Session, *trace.Tap) {
	t.Helper()
	sessions := tea.NewSessions()
	taps := trace.NewTaps()
	sessions.StartOptions(taps.Option)
	t.Cleanup(taps.Watch(sessions))
	app, _ := playground.Lookup("counter")
	sess, err := sessions.Start(context.Background(), "c", "counter", app.New(), tea.WithSize(60, 16))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sessions.StopAll)
	tap, ok := taps.Get("c")
	if !ok {
		t.Fatal("no tap for session c")
	}
	return sess, tap
}

func click(t *testing.T, rt *tea.Runtime) {
	t.Helper()
	for _, msg := range messages(t, rt, call("claude", "inc", "click", nil)) {
		if _, err := rt.Dispatch(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}
}

func TestATapRecordsFromTheMomentARecorderJoinsUntilItLeaves(t *testing.T) {
	sess, tap := tapped(t)
	click(t, sess.Runtime)
	click(t, sess.Runtime)
	var buf bytes.Buffer
	rec := trace.New(&buf, trace.Options{App: "counter", Session: "c", From: tap.Inputs()})
	detach := tap.Attach(rec)
	click(t, sess.Runtime)
	detach()
	click(t, sess.Runtime)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := trace.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if entries[0].From != 2 {
		t.Errorf("the header says the recording starts after %d inputs, want 2", entries[0].From)
	}
	var frames []string
	inputs := 0
	for _, e := range entries {
		switch e.Kind {
		case trace.KindFrame:
			frames = append(frames, e.Frame)
		case trace.KindInput:
			inputs++
		}
	}
	if inputs != 1 || len(frames) != 2 || !strings.Contains(frames[0], "Count: 2") || !strings.Contains(frames[1], "Count: 3") {
		t.Fatalf("%d inputs and frames %q, want one input, Count: 2 then Count: 3", inputs, frames)
	}
	if _, err := trace.Replay(context.Background(), entries, playground.NewCounter(), trace.ReplayOptions{}); !errors.Is(err, trace.ErrMidSession) {
		t.Errorf("replay of a recording begun after two inputs: %v, want ErrMidSession", err)
	}
}

func TestARecordingJoinedBeforeTheFirstInputReplays(t *testing.T) {
	sess, tap := tapped(t)
	var buf bytes.Buffer
	rec := trace.New(&buf, trace.Options{App: "counter", Session: "c", From: tap.Inputs(), Width: 60, Height: 16})
	defer tap.Attach(rec)()
	click(t, sess.Runtime)
	click(t, sess.Runtime)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := trace.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(context.Background(), entries, playground.NewCounter(), trace.ReplayOptions{})
	if err != nil || res.Inputs != 2 {
		t.Fatalf("replay: %+v, %v\n%s", res, err, buf.String())
	}
}
