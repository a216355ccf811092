package agent

import (
	"context"
	"fmt"
	"time"
)

// Agent is one kind of agent's behaviour. The Manager runs Run on the
// agent's own goroutine; Ask and Status may be called from others while it
// runs, so they must be safe for concurrent use.
type Agent interface {
	// Run works on env's session until ctx ends (the agent tool's stop, the time
	// budget) or the agent is done. The error says why it stopped early.
	Run(ctx context.Context, env *Env) error
	// Ask answers a question about the agent's work.
	Ask(ctx context.Context, question string) (string, error)
	// Status is what the agent tool's status shows of this kind (coverage, faults),
	// as JSON-encodable values.
	Status() map[string]any
}

// Spec is what the agent tool's spawn asks for.
type Spec struct {
	Kind    string
	ID      string
	Session string
	Goal    string
	Budget  Budget
}

// Budget bounds an agent's work: Steps tool calls and Time.
type Budget struct {
	Steps int
	Time  time.Duration
}

// Budget defaults and limits.
const (
	DefaultSteps = 200
	MaxSteps     = 100000
	DefaultTime  = 60 * time.Second
	MaxTime      = 30 * time.Minute
)

// withDefaults fills in an unset budget and refuses one over the limits.
func (b Budget) withDefaults() (Budget, error) {
	switch {
	case b.Steps < 0 || b.Steps > MaxSteps:
		return b, fmt.Errorf("budget.steps %d is out of range: 1 to %d", b.Steps, MaxSteps)
	case b.Time < 0 || b.Time > MaxTime:
		return b, fmt.Errorf("budget.seconds %v is out of range: 1 to %d", b.Time.Seconds(), int(MaxTime.Seconds()))
	}
	if b.Steps == 0 {
		b.Steps = DefaultSteps
	}
	if b.Time == 0 {
		b.Time = DefaultTime
	}
	return b, nil
}

// Factory makes an agent of one kind for spec, or refuses with an error
// saying why (a missing goal, a provider that is not configured).
type Factory func(spec Spec) (Agent, error)

// Env is what a running agent works with: its connection (every call it
// makes goes through it), its journal and its spec.
type Env struct {
	Conn    *Conn
	Journal *Journal
	Spec    Spec
}

// StepsLeft reports whether the step budget allows another call.
func (e *Env) StepsLeft() bool { return e.Conn.Steps() < e.Spec.Budget.Steps }
