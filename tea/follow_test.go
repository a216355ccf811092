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
// order, ending with the latest, never two calls at once; done comes
// once, after see's last call, when the runtime stops. So for Follow and
// for FollowQuick, with Sends between the Dispatches so that some
// snapshots find messages waiting (a quick follower's then run on its
// own goroutine).
func TestFollowSeesTheLatestSnapshotThenDone(t *testing.T) {
	for _, c := range []struct {
		name   string
		follow func(rt *tea.Runtime, see func(tea.Snapshot), done func()) func()
	}{
		{"Follow", (*tea.Runtime).Follow},
		{"FollowQuick", (*tea.Runtime).FollowQuick},
	} {
		t.Run(c.name, func(t *testing.T) {
			rt, err := tea.Start(context.Background(), logModel{})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			var mu sync.Mutex
			var seen []uint64
			inside := 0
			doneAfter := -1
			ended := make(chan struct{})
			c.follow(rt, func(s tea.Snapshot) {
				mu.Lock()
				inside++
				if inside > 1 {
					t.Error("see called while another call runs")
				}
				if doneAfter >= 0 {
					t.Error("see called after done")
				}
				seen = append(seen, s.Version)
				mu.Unlock()
				runtime.Gosched()
				mu.Lock()
				inside--
				mu.Unlock()
			}, func() {
				mu.Lock()
				defer mu.Unlock()
				doneAfter = len(seen)
				close(ended)
			})
			if rt.Subscribers() != 1 {
				t.Fatalf("Subscribers = %d, want 1: a Follow is a subscription", rt.Subscribers())
			}
			var sends sync.WaitGroup
			for _, s := range []string{"a", "b", "c", "d", "e", "f"} {
				sends.Add(1)
				go func() { defer sends.Done(); _ = rt.Send(appendMsg("sent " + s)) }()
				if _, err := rt.Dispatch(context.Background(), appendMsg(s)); err != nil {
					t.Fatal(err)
				}
			}
			sends.Wait()
			if err := rt.Barrier(context.Background()); err != nil {
				t.Fatal(err)
			}
			last := rt.Snapshot().Version
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
		})
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
