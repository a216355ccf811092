package mcptest

import "fmt"

// expectation is what ExpectError set up for the next step.
type expectation struct {
	want string
	used bool
}

// ExpectError returns the session set to expect its next step to fail with
// an error whose text contains want: a tool error result or a protocol
// error, exactly as the client got it. The step then fails the test if it
// succeeds or fails otherwise, and returns the session as usual, no longer
// expecting anything:
//
//	s.ExpectError("not in the session's current view").Click("confirm")
//	s.ExpectError("no tool").Value("password") // masked: no get_value
//
// An ExpectError that no step follows fails the test when it ends.
func (s *Session) ExpectError(want string) *Session {
	s.t.Helper()
	s.mustNotExpect("ExpectError")
	e := &expectation{want: want}
	s.pending = append(s.pending, e)
	return &Session{core: s.core, expect: e}
}

// AssertError runs step on the session set to expect an error containing
// want (see ExpectError) and fails the test if step made no call.
func (s *Session) AssertError(want string, step func(s *Session)) *Session {
	s.t.Helper()
	x := s.ExpectError(want)
	step(x)
	if !x.expect.used {
		x.expect.used = true
		s.fatal("", "AssertError(%q): the step made no tools/call, so nothing could fail", want)
	}
	return s.next()
}

// mustNotExpect stops the test when an assertion is made on the session
// ExpectError returned: only a step can meet an expectation.
func (s *Session) mustNotExpect(what string) {
	s.t.Helper()
	if s.expect != nil && !s.expect.used {
		s.expect.used = true
		s.fatal("", "ExpectError(%q) must be followed by a step or a read, not %s", s.expect.want, what)
	}
}

// checkPending reports each ExpectError that no step followed.
func (c *core) checkPending() {
	for _, e := range c.pending {
		if !e.used {
			c.t.Errorf("%s", fmt.Sprintf("mcptest: ExpectError(%q) was not followed by a step, so nothing was checked", e.want))
		}
	}
}
