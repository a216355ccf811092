package trace

import (
	"context"
	"sort"
	"sync"
	"time"
)

// VirtualClock is a tea.Clock whose time moves only when told: a replay's
// ticks fire when the recording says they fired.
type VirtualClock struct {
	mu      sync.Mutex
	now     time.Time
	timers  []*virtualTimer
	changed chan struct{}
}

type virtualTimer struct {
	at time.Time
	c  chan time.Time
}

// NewVirtualClock returns a clock at now.
func NewVirtualClock(now time.Time) *VirtualClock {
	return &VirtualClock{now: now, changed: make(chan struct{})}
}

// Now returns the clock's time.
func (c *VirtualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Timer implements tea.Clock: the timer fires once the clock has been
// moved d past now.
func (c *VirtualClock) Timer(d time.Duration) (<-chan time.Time, func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &virtualTimer{at: c.now.Add(d), c: make(chan time.Time, 1)}
	c.timers = append(c.timers, t)
	c.signal()
	return t.c, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for i, p := range c.timers {
			if p == t {
				c.timers = append(c.timers[:i], c.timers[i+1:]...)
				return true
			}
		}
		return false
	}
}

// signal wakes waiters; c.mu is held.
func (c *VirtualClock) signal() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// Set moves the clock to t (never back). Timers do not fire on their
// own: FireNext fires them, one at a time, where a recording says they
// fired.
func (c *VirtualClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
}

// FireNext waits until a timer is pending (or ctx ends), then fires the
// one due first, moving the clock to its time or to at, whichever is
// later.
func (c *VirtualClock) FireNext(ctx context.Context, at time.Time) error {
	for {
		c.mu.Lock()
		if len(c.timers) > 0 {
			sort.SliceStable(c.timers, func(i, j int) bool { return c.timers[i].at.Before(c.timers[j].at) })
			t := c.timers[0]
			c.timers = c.timers[1:]
			if t.at.After(c.now) {
				c.now = t.at
			}
			if at.After(c.now) {
				c.now = at
			}
			t.c <- c.now
			c.mu.Unlock()
			return nil
		}
		wait := c.changed
		c.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
