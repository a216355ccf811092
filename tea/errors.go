package tea

import (
	"errors"
	"fmt"
	"time"
)

// Errors a Dispatch can return. Each is matched with errors.Is; the concrete
// errors carry details.
var (
	// ErrUpdatePanicked: Update (or View) panicked. The runtime keeps its last
	// good model and keeps running.
	ErrUpdatePanicked = errors.New("update panicked")
	// ErrInvalidModel: Update returned nil or a model of another type. The
	// runtime keeps its last good model.
	ErrInvalidModel = errors.New("update returned an invalid model")
	// ErrTimeout: no answer within the dispatch timeout. The message is still
	// queued and may apply later.
	ErrTimeout = errors.New("dispatch timed out")
	// ErrStopped: the runtime has stopped.
	ErrStopped = errors.New("runtime stopped")
	// ErrAgentsBlocked: the human at this session detached agents.
	ErrAgentsBlocked = errors.New("the human at this session has detached agents")
	// ErrNotFocusable: Focus named a widget that is not a focusable widget
	// in the current view.
	ErrNotFocusable = errors.New("not a focusable widget in the current view")
	// ErrNotInView: a mouse event named a widget that is not in the current
	// view.
	ErrNotInView = errors.New("not in the current view")
	// ErrBehindTrap: input named a widget behind an open dialog (a widget
	// that traps focus); see BlockedByTrap.
	ErrBehindTrap = errors.New("behind an open dialog")
	// ErrInvalidNotification: a NotifyMsg broke a rule (its level, its
	// text). The error names the notification by key, never by its text.
	ErrInvalidNotification = errors.New("invalid notification")
)

// PanicError reports a panic in Update or View.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("update panicked: %v (the session keeps its last good model)", e.Value)
}

// Is makes errors.Is(err, ErrUpdatePanicked) true.
func (e *PanicError) Is(target error) bool { return target == ErrUpdatePanicked }

// InvalidModelError reports an Update that returned nil or a model of
// another type than the one it was called on.
type InvalidModelError struct {
	Want, Got string
}

func (e *InvalidModelError) Error() string {
	return fmt.Sprintf("update returned %s, want %s (the session keeps its last good model)", e.Got, e.Want)
}

// Is makes errors.Is(err, ErrInvalidModel) true.
func (e *InvalidModelError) Is(target error) bool { return target == ErrInvalidModel }

// TimeoutError reports a dispatch that got no answer in time.
type TimeoutError struct {
	After time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("no answer within %v: the message may still apply, so check the state before retrying", e.After)
}

// Is makes errors.Is(err, ErrTimeout) true.
func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }
