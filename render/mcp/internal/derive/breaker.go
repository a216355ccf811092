package derive

import (
	"sync"
	"time"
)

// Circuit breaker settings: a tool opens after BreakerThreshold consecutive
// faults and lets exactly one probe through after BreakerCooldown.
const (
	BreakerThreshold = 5
	BreakerCooldown  = 30 * time.Second
)

type breakerState int

const (
	breakerClosed breakerState = iota
	breakerOpen
	breakerHalfOpen
)

// breaker counts one tool's consecutive faults: an Update that panics,
// returns an invalid model or times out. A caller's mistakes (bad arguments,
// a widget that left the view) are not faults.
type breaker struct {
	state    breakerState
	faults   int
	openedAt time.Time
}

// Breakers holds a circuit breaker per tool name.
type Breakers struct {
	mu  sync.Mutex
	m   map[string]*breaker
	now func() time.Time
}

// NewBreakers returns breakers that read time from now (time.Now if nil).
func NewBreakers(now func() time.Time) *Breakers {
	if now == nil {
		now = time.Now
	}
	return &Breakers{m: map[string]*breaker{}, now: now}
}

// Allow reports whether a call to tool may run. While open it may not; after
// the cooldown exactly one call (the probe) may, until its outcome is
// recorded.
func (b *Breakers) Allow(tool string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	br := b.m[tool]
	if br == nil {
		return true
	}
	switch br.state {
	case breakerOpen:
		if b.now().Sub(br.openedAt) >= BreakerCooldown {
			br.state = breakerHalfOpen
			return true
		}
		return false
	case breakerHalfOpen:
		return false
	}
	return true
}

// Outcome is how a call went, as far as the breaker cares.
type Outcome int

// Outcomes.
const (
	// CallerError: the call never reached the app (bad arguments, a widget
	// no longer in view). It neither counts as a fault nor as a success.
	CallerError Outcome = iota
	// Success: the app ran and answered.
	Success
	// Fault: the app failed (a panic, an invalid model, a timeout).
	Fault
)

// Record records the outcome of a call Allow let through. Only a success
// closes the breaker and only a fault counts; a caller's error leaves the
// count alone, and a probe that ended in one hands the probe to the next
// call.
func (b *Breakers) Record(tool string, out Outcome) {
	b.mu.Lock()
	defer b.mu.Unlock()
	br := b.m[tool]
	switch out {
	case Success:
		delete(b.m, tool)
	case CallerError:
		if br != nil && br.state == breakerHalfOpen {
			br.state = breakerOpen
			br.openedAt = b.now().Add(-BreakerCooldown)
		}
	case Fault:
		if br == nil {
			br = &breaker{}
			b.m[tool] = br
		}
		br.faults++
		if br.state == breakerHalfOpen || br.faults >= BreakerThreshold {
			br.state = breakerOpen
			br.openedAt = b.now()
		}
	}
}

// Reset closes tool's breaker.
func (b *Breakers) Reset(tool string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.m, tool)
}

// Open reports whether tool's breaker is open or half-open.
func (b *Breakers) Open(tool string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	br := b.m[tool]
	return br != nil && br.state != breakerClosed
}
