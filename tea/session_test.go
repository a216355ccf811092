package tea_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

func TestSessionIDRule(t *testing.T) {
	tests := []struct {
		name string
		id   string
		ok   bool
	}{
		{name: "one character", id: "a", ok: true},
		{name: "letters digits dash underscore", id: "Demo_1-x", ok: true},
		{name: "32 characters", id: strings.Repeat("a", 32), ok: true},
		{name: "33 characters", id: strings.Repeat("a", 33)},
		{name: "empty", id: ""},
		{name: "dot", id: "a.b"},
		{name: "newline", id: "a\nb"},
		{name: "space", id: "a b"},
		{name: "slash", id: "a/b"},
		{name: "non-ASCII letter", id: "café"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tea.ValidID(tt.id); got != tt.ok {
				t.Fatalf("ValidID(%q) = %v, want %v", tt.id, got, tt.ok)
			}
			reg := tea.NewSessions()
			defer reg.StopAll()
			sess, err := reg.Start(context.Background(), tt.id, "app", logModel{})
			if tt.ok {
				if err != nil || sess.ID != tt.id {
					t.Fatalf("Start(%q) = %v, %v", tt.id, sess, err)
				}
				return
			}
			if !errors.Is(err, tea.ErrInvalidID) {
				t.Fatalf("Start(%q) err = %v, want ErrInvalidID", tt.id, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, fmt.Sprintf("%q", tt.id)) || !strings.Contains(msg, tea.IDRule) {
				t.Fatalf("error %q should name the id %q and the rule %q", msg, tt.id, tea.IDRule)
			}
			if len(reg.List()) != 0 {
				t.Fatal("a rejected id left a session behind")
			}
		})
	}
}

func TestSessionsStartGetListStop(t *testing.T) {
	reg := tea.NewSessions()
	defer reg.StopAll()
	ctx := context.Background()
	before := time.Now()
	one, err := reg.Start(ctx, "one", "counter", logModel{})
	if err != nil {
		t.Fatal(err)
	}
	two, err := reg.Start(ctx, "two", "form", logModel{})
	if err != nil {
		t.Fatal(err)
	}
	if one.App != "counter" || one.StartedAt.Before(before) {
		t.Fatalf("session one = %+v", one)
	}
	if got, ok := reg.Get("two"); !ok || got != two {
		t.Fatalf("Get(two) = %v, %v", got, ok)
	}
	if _, ok := reg.Get("three"); ok {
		t.Fatal("Get found a session never started")
	}
	if got := ids(reg.List()); got != "one,two" {
		t.Fatalf("List = %s, want oldest first", got)
	}
	if _, err := one.Dispatch(ctx, appendMsg("x")); err != nil {
		t.Fatalf("a session is a running runtime: %v", err)
	}
	if err := reg.Stop("one"); err != nil {
		t.Fatal(err)
	}
	if _, ok := reg.Get("one"); ok {
		t.Fatal("stopped session still listed by Get")
	}
	if got := ids(reg.List()); got != "two" {
		t.Fatalf("List after stop = %s", got)
	}
	select {
	case <-one.Done():
	default:
		t.Fatal("Stop returned before the runtime stopped")
	}
	if err := reg.Stop("one"); !errors.Is(err, tea.ErrNoSession) {
		t.Fatalf("second Stop = %v, want ErrNoSession", err)
	}
	// The id is free again.
	if _, err := reg.Start(ctx, "one", "counter", logModel{}); err != nil {
		t.Fatalf("restart under a freed id: %v", err)
	}
}

func TestSessionsRejectADuplicateID(t *testing.T) {
	reg := tea.NewSessions()
	defer reg.StopAll()
	ctx := context.Background()
	first, err := reg.Start(ctx, "dup", "a", logModel{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = reg.Start(ctx, "dup", "b", logModel{})
	if !errors.Is(err, tea.ErrSessionExists) || !strings.Contains(err.Error(), `"dup"`) {
		t.Fatalf("err = %v, want ErrSessionExists naming the id", err)
	}
	if got, _ := reg.Get("dup"); got != first {
		t.Fatal("a duplicate start replaced the running session")
	}
}

func TestSessionsRejectAModelWhoseFirstViewPanics(t *testing.T) {
	reg := tea.NewSessions()
	_, err := reg.Start(context.Background(), "bad", "app", viewPanicModel{bad: true})
	if !errors.Is(err, tea.ErrUpdatePanicked) {
		t.Fatalf("err = %v, want ErrUpdatePanicked", err)
	}
	if _, ok := reg.Get("bad"); ok || len(reg.List()) != 0 {
		t.Fatal("a failed start left its id reserved")
	}
	if _, err := reg.Start(context.Background(), "bad", "app", logModel{}); err != nil {
		t.Fatalf("id not released after a failed start: %v", err)
	}
	reg.StopAll()
}

// eventLog collects Watch events safely.
type eventLog struct {
	mu     sync.Mutex
	events []string
}

func (l *eventLog) add(ev tea.SessionEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	what := "stopped"
	if ev.Started {
		what = "started"
	}
	l.events = append(l.events, what+":"+ev.Session.ID)
}

func (l *eventLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.events, " ")
}

func TestWatchReportsStartsAndStops(t *testing.T) {
	reg := tea.NewSessions()
	var log eventLog
	cancel := reg.Watch(log.add)
	ctx := context.Background()
	if _, err := reg.Start(ctx, "a", "app", logModel{}); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Start(ctx, "b", "app", logModel{}); err != nil {
		t.Fatal(err)
	}
	if err := reg.Stop("a"); err != nil {
		t.Fatal(err)
	}
	if got, want := log.String(), "started:a started:b stopped:a"; got != want {
		t.Fatalf("events = %q, want %q", got, want)
	}
	cancel()
	reg.StopAll()
	if got := log.String(); got != "started:a started:b stopped:a" {
		t.Fatalf("events after cancel = %q", got)
	}
}

func TestStoppingASessionReleasesItsSubscribers(t *testing.T) {
	reg := tea.NewSessions()
	sess, err := reg.Start(context.Background(), "s", "app", logModel{})
	if err != nil {
		t.Fatal(err)
	}
	ch, cancel := sess.Subscribe()
	defer cancel()
	if err := reg.Stop("s"); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(3 * time.Second)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				if n := sess.Subscribers(); n != 0 {
					t.Fatalf("Subscribers = %d after stop", n)
				}
				return
			}
		case <-deadline:
			t.Fatal("subscriber not released when the session stopped")
		}
	}
}

func TestAppQuittingRemovesTheSession(t *testing.T) {
	reg := tea.NewSessions()
	var log eventLog
	defer reg.Watch(log.add)()
	sess, err := reg.Start(context.Background(), "q", "app", logModel{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Dispatch(context.Background(), quitMsg{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the quit session to be removed", func() bool {
		_, ok := reg.Get("q")
		return !ok && len(reg.List()) == 0
	})
	eventually(t, "a stopped event", func() bool { return log.String() == "started:q stopped:q" })
}

func TestCancellingTheStartContextStopsTheSession(t *testing.T) {
	reg := tea.NewSessions()
	ctx, cancel := context.WithCancel(context.Background())
	sess, err := reg.Start(ctx, "c", "app", logModel{})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-sess.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("session still running after its context ended")
	}
	eventually(t, "removal", func() bool { _, ok := reg.Get("c"); return !ok })
}

func ids(list []*tea.Session) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.ID
	}
	return strings.Join(out, ",")
}
