package web

import "time"

// SetClock makes s's logins read the time from now: tests move it on
// instead of waiting.
func SetClock(s *Server, now func() time.Time) {
	s.logins.mu.Lock()
	defer s.logins.mu.Unlock()
	s.logins.now = now
}
