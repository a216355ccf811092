package tea

import "time"

// Source says where a message the runtime took came from.
type Source int

const (
	// FromDispatch is a message handed to Dispatch or Send: a renderer's
	// input, an agent's call, the app's caller.
	FromDispatch Source = iota
	// FromCommand is a command's result.
	FromCommand
	// FromTimer is a timer's message: a Tick's, or a notification
	// expiring.
	FromTimer
)

// String returns "dispatch", "command" or "timer".
func (s Source) String() string {
	switch s {
	case FromCommand:
		return "command"
	case FromTimer:
		return "timer"
	}
	return "dispatch"
}

// EventKind is what an Event reports.
type EventKind int

const (
	// Received is a message taken from the queue, before it is handled
	// (Msg, Source; Snapshot is the current one).
	Received EventKind = iota
	// Updated is a message handed to the model's Update (Msg; Snapshot is
	// the one it applies to).
	Updated
	// Published is a snapshot published (Snapshot).
	Published
)

// Event is one thing a runtime did, told to its observer (see
// WithObserver).
type Event struct {
	Kind     EventKind
	Msg      Msg
	Source   Source
	Snapshot Snapshot
	// Runtime is the runtime that did it (nil in an event made by
	// hand): what an observer shares with the renderers of that runtime.
	Runtime *Runtime
}

// Clock is the time a runtime's timers run on (see WithClock).
type Clock interface {
	// Timer returns a channel that receives the time once d has passed,
	// and a function that stops the timer.
	Timer(d time.Duration) (c <-chan time.Time, stop func() bool)
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Timer(d time.Duration) (<-chan time.Time, func() bool) {
	t := time.NewTimer(d)
	return t.C, t.Stop
}
