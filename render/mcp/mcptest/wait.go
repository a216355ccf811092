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
	deadline := time.Now().Add(s.wait)
	for {
		if c, ok := s.Component(id); ok && cond(c) {
			return s.next()
		}
		if time.Now().After(deadline) {
			s.fatal(id, "%s", fmt.Sprintf("WaitFor(%q): the condition was still false after %v", id, s.wait))
			return s.next()
		}
		time.Sleep(waitPoll)
	}
}
