package ssh

import "time"

// Timer is the timer a session's limits use, for tests.
type Timer = timer

// SetAfterFunc makes s start the idle and maximum-time timers of its
// sessions with f instead of time.AfterFunc, so that a test fires them
// itself. Call it before Serve.
func SetAfterFunc(s *Server, f func(d time.Duration, fire func()) Timer) {
	s.afterFunc = f
}
