package tea

import "time"

// waiter is what a call waits on: the owner's answer, and the timer that
// ends the wait. A Runtime reuses them (Runtime.waiters): a Dispatch, one
// per keystroke, would otherwise allocate both every time.
type waiter struct {
	reply chan outcome
	timer *time.Timer
}

// waiter returns a waiter whose timer fires after the call timeout from
// now and whose reply channel is empty.
func (r *Runtime) waiter() *waiter {
	if w, ok := r.waiters.Get().(*waiter); ok {
		w.timer.Reset(r.cfg.timeout)
		return w
	}
	return &waiter{reply: make(chan outcome, 1), timer: time.NewTimer(r.cfg.timeout)}
}
