package mcptest

import (
	"fmt"
	"time"
)

// WaitTimeout is how long WaitFor and AssertNotified wait for their
// condition unless WithWaitTimeout says otherwise.
const WaitTimeout = 5 * time.Second

// waitPoll is how often WaitFor looks at the widget again.
const waitPoll = 20 * time.Millisecond

// WaitFor waits until cond holds for the widget id as it is now, for an
// app whose commands change it later (a ticking player, a fetch). It stops
// the test if cond is still false after WaitTimeout (or WithWaitTimeout).
func (s *Session) WaitFor(id string, cond func(c Component) bool) *Session {
	s.t.Helper()
	s.mustNotExpect("WaitFor")
	if !s.poll(func() bool { c, ok := s.Component(id); return ok && cond(c) }) {
		s.fatal(id, "%s", fmt.Sprintf("WaitFor(%q): the condition was still false after %v", id, s.wait))
	}
	return s.next()
}

// poll calls done every waitPoll until it reports true, and says whether
// it did within the session's wait (WaitTimeout or WithWaitTimeout).
func (s *Session) poll(done func() bool) bool {
	deadline := time.Now().Add(s.wait)
	for !done() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(waitPoll)
	}
	return true
}
