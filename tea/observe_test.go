package tea_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

// handClock is a clock whose timers fire when the test says so.
type handClock struct {
	mu     sync.Mutex
	timers []chan time.Time
	armed  chan struct{}
}

func (c *handClock) Timer(time.Duration) (<-chan time.Time, func() bool) {
	ch := make(chan time.Time, 1)
	c.mu.Lock()
	c.timers = append(c.timers, ch)
	c.mu.Unlock()
	c.armed <- struct{}{}
	return ch, func() bool { return true }
}

func (c *handClock) fire(at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, ch := range c.timers {
		ch <- at
	}
	c.timers = nil
}

func TestObserverSeesEveryMessageWithItsSourceInOrder(t *testing.T) {
	clock := &handClock{armed: make(chan struct{}, 1)}
	var mu sync.Mutex
	var got []string
	observe := func(ev tea.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch ev.Kind {
		case tea.Received:
			got = append(got, fmt.Sprintf("received %T from %s", ev.Msg, ev.Source))
		case tea.Updated:
			got = append(got, fmt.Sprintf("update %T", ev.Msg))
		case tea.Published:
			got = append(got, fmt.Sprintf("published v%d", ev.Snapshot.Version))
		}
	}
	rt, err := tea.Start(context.Background(), logModel{}, tea.WithObserver(observe), tea.WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, appendMsg("a")); err != nil {
		t.Fatal(err)
	}
	tr, err := rt.Dispatch(ctx, runMsg{cmd: func() tea.Msg { return appendMsg("b") }})
	if err != nil {
		t.Fatal(err)
	}
	<-tr.Settled
	if err := rt.Barrier(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, runMsg{cmd: tea.Tick(time.Hour, func(time.Time) tea.Msg { return appendMsg("tick") })}); err != nil {
		t.Fatal(err)
	}
	ticked := make(chan struct{})
	var once sync.Once
	cancel := rt.Watch(func(s tea.Snapshot) {
		if len(s.Model.(logModel).log) == 3 {
			once.Do(func() { close(ticked) })
		}
	})
	defer cancel()
	<-clock.armed // the tick waits on the clock, not on an hour of real time
	clock.fire(time.Unix(3600, 0))
	<-ticked
	mu.Lock()
	defer mu.Unlock()
	want := []string{
		"published v1",
		"received tea_test.appendMsg from dispatch", "update tea_test.appendMsg", "published v2",
		"received tea_test.runMsg from dispatch", "update tea_test.runMsg", "published v3",
		"received tea_test.appendMsg from command", "update tea_test.appendMsg", "published v4",
		"received tea_test.runMsg from dispatch", "update tea_test.runMsg", "published v5",
		"received tea_test.appendMsg from timer", "update tea_test.appendMsg", "published v6",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("events:\n got %q\nwant %q", got, want)
	}
}

func TestObserversAddUp(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]int{}
	observer := func(name string) func(tea.Event) {
		return func(ev tea.Event) {
			if ev.Kind == tea.Updated {
				mu.Lock()
				seen[name]++
				mu.Unlock()
			}
		}
	}
	sessions := tea.NewSessions()
	sessions.StartOptions(func(string, string) []tea.Option { return []tea.Option{tea.WithObserver(observer("first"))} })
	sessions.StartOptions(func(string, string) []tea.Option { return []tea.Option{tea.WithObserver(observer("second"))} })
	sess, err := sessions.Start(context.Background(), "s", "log", logModel{}, tea.WithObserver(observer("own")))
	if err != nil {
		t.Fatal(err)
	}
	defer sessions.StopAll()
	if _, err := sess.Dispatch(context.Background(), appendMsg("a")); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, name := range []string{"own", "first", "second"} {
		if seen[name] == 0 {
			t.Errorf("observer %s saw no update; saw %v", name, seen)
		}
	}
}
