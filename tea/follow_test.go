package tea_test

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

// TestFollowSeesTheLatestSnapshotThenDone: see is told of changes, in
// order, ending with the latest; done comes once, after see's last call,
// when the runtime stops.
func TestFollowSeesTheLatestSnapshotThenDone(t *testing.T) {
	rt, err := tea.Start(context.Background(), logModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	var mu sync.Mutex
	var seen []uint64
	doneAfter := -1
	ended := make(chan struct{})
	rt.Follow(func(s tea.Snapshot) {
		mu.Lock()
		defer mu.Unlock()
		if doneAfter >= 0 {
			t.Error("see called after done")
		}
		seen = append(seen, s.Version)
	}, func() {
		mu.Lock()
		defer mu.Unlock()
		doneAfter = len(seen)
		close(ended)
	})
	if rt.Subscribers() != 1 {
		t.Fatalf("Subscribers = %d, want 1: a Follow is a subscription", rt.Subscribers())
	}
	var last uint64
	for _, s := range []string{"a", "b", "c"} {
		tr, err := rt.Dispatch(context.Background(), appendMsg(s))
		if err != nil {
			t.Fatal(err)
		}
		last = tr.After.Version
	}
	rt.Stop()
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("done not called after Stop")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 || seen[len(seen)-1] != last || !slices.IsSorted(seen) {
		t.Fatalf("see got versions %v, want ascending, ending with %d", seen, last)
	}
	if doneAfter != len(seen) {
		t.Fatalf("done came after %d of %d calls of see", doneAfter, len(seen))
	}
	if rt.Subscribers() != 0 {
		t.Fatalf("Subscribers = %d after Stop", rt.Subscribers())
	}
}

// TestFollowHoldsNoGoroutineWhileIdle: once see has caught up, following
// a runtime costs no goroutine, where a Subscribe reader parks one; cancel
// calls done, and see is not called after it.
func TestFollowHoldsNoGoroutineWhileIdle(t *testing.T) {
	const n = 50
	rt, err := tea.Start(context.Background(), logModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	waitGoroutines := func(atMost int) int {
		deadline := time.Now().Add(5 * time.Second)
		for {
			g := runtime.NumGoroutine()
			if g <= atMost || time.Now().After(deadline) {
				return g
			}
			runtime.Gosched()
			time.Sleep(time.Millisecond)
		}
	}
	before := runtime.NumGoroutine()
	var calls sync.WaitGroup
	var cancels []func()
	for range n {
		calls.Add(1)
		var once sync.Once
		cancels = append(cancels, rt.Follow(func(tea.Snapshot) { once.Do(calls.Done) }, nil))
	}
	if _, err := rt.Dispatch(context.Background(), appendMsg("x")); err != nil {
		t.Fatal(err)
	}
	calls.Wait() // every follower saw the change
	if g := waitGoroutines(before + n/10); g > before+n/10 {
		t.Fatalf("%d idle followers hold %d goroutines, want next to none", n, g-before)
	}
	var done sync.WaitGroup
	var stopped sync.Mutex
	cancelled := false
	done.Add(1)
	cancel := rt.Follow(func(tea.Snapshot) {
		stopped.Lock()
		defer stopped.Unlock()
		if cancelled {
			t.Error("see called after done")
		}
	}, func() {
		stopped.Lock()
		cancelled = true
		stopped.Unlock()
		done.Done()
	})
	cancel()
	done.Wait()
	if _, err := rt.Dispatch(context.Background(), appendMsg("y")); err != nil {
		t.Fatal(err)
	}
	for _, c := range cancels {
		c()
	}
}
