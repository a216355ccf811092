package ssh

// limiter caps the number of sessions running at once.
type limiter struct {
	slots chan struct{} // nil: no cap
}

func newLimiter(n int) limiter {
	if n <= 0 {
		return limiter{}
	}
	return limiter{slots: make(chan struct{}, n)}
}

// acquire takes a slot without waiting. ok is false when every slot is
// taken; otherwise release gives the slot back.
func (l limiter) acquire() (release func(), ok bool) {
	if l.slots == nil {
		return func() {}, true
	}
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots }, true
	default:
		return nil, false
	}
}
