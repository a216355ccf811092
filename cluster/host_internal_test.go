package cluster

import (
	"sync"
	"sync/atomic"
	"testing"
)

// A hosted session's watch may be stopped by its session's end and by the
// node's shutdown at the same moment: it stops once, and neither panics.
func TestStopWatchingFromTwoGoroutinesAtOnceStopsOnce(t *testing.T) {
	for range 2000 {
		var unwatched atomic.Int32
		h := &hosted{unwatch: func() { unwatched.Add(1) }, done: make(chan struct{})}
		var ready, wg sync.WaitGroup
		start := make(chan struct{})
		for range 2 {
			ready.Add(1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				ready.Done()
				<-start
				h.stopWatching()
			}()
		}
		ready.Wait()
		close(start)
		wg.Wait()
		if n := unwatched.Load(); n != 1 {
			t.Fatalf("the watch was stopped %d times, want once", n)
		}
		select {
		case <-h.done:
		default:
			t.Fatal("done is not closed")
		}
	}
}
