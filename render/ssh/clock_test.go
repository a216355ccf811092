package ssh_test

import (
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/render/ssh"
)

// fakeClock starts timers that fire only when a test fires them.
type fakeClock struct {
	mu     sync.Mutex
	timers []*fakeTimer
}

// install makes s start its session timers on the clock.
func (c *fakeClock) install(s *ssh.Server) {
	ssh.SetAfterFunc(s, func(d time.Duration, f func()) ssh.Timer {
		tm := &fakeTimer{d: d, f: f}
		c.mu.Lock()
		c.timers = append(c.timers, tm)
		c.mu.Unlock()
		return tm
	})
}

// timer waits for a timer of duration d to be started and returns it.
func (c *fakeClock) timer(t *testing.T, d time.Duration) *fakeTimer {
	t.Helper()
	var found *fakeTimer
	eventually(t, "a "+d.String()+" timer started", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, tm := range c.timers {
			if tm.d == d {
				found = tm
				return true
			}
		}
		return false
	})
	return found
}

// fakeTimer is a timer of a fakeClock.
type fakeTimer struct {
	d time.Duration
	f func()

	mu      sync.Mutex
	resets  int
	stopped bool
}

func (tm *fakeTimer) Reset(time.Duration) bool {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tm.resets++
	return !tm.stopped
}

func (tm *fakeTimer) Stop() bool {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	was := !tm.stopped
	tm.stopped = true
	return was
}

// resetCount is how many times the timer was reset.
func (tm *fakeTimer) resetCount() int {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.resets
}

// fire runs the timer's function as if its time had come.
func (tm *fakeTimer) fire() { go tm.f() }
