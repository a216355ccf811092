package ssh

import "time"

// timer is the part of *time.Timer a session's limits use.
type timer interface {
	Reset(d time.Duration) bool
	Stop() bool
}

// afterFunc starts a timer that calls f once d has passed, as
// time.AfterFunc does. Tests replace it to fire the timers themselves.
type afterFunc func(d time.Duration, f func()) timer

// realAfterFunc is time.AfterFunc.
func realAfterFunc(d time.Duration, f func()) timer { return time.AfterFunc(d, f) }
