package ssh

import (
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
)

// connLimit caps the connections open at once across a server's
// listeners, whether they have authenticated or not, and those that have
// not logged in yet.
type connLimit struct {
	max     int
	slots   chan struct{}
	preauth *preauthLimit
	logger  *slog.Logger
	full    atomic.Bool // a refusal was logged since a slot last came free
}

func newConnLimit(n int, preauth *preauthLimit, logger *slog.Logger) *connLimit {
	return &connLimit{max: n, slots: make(chan struct{}, n), preauth: preauth, logger: logger}
}

// listen wraps l so that a connection over the cap is closed as soon as it
// is accepted, before the server reads a byte of it.
func (cl *connLimit) listen(l net.Listener) net.Listener {
	return &limitListener{Listener: l, limit: cl}
}

// limitListener is a listener whose connections hold a slot of a connLimit
// until they close.
type limitListener struct {
	net.Listener
	limit *connLimit
}

// Accept returns the next connection that gets a slot; it closes those
// that do not.
func (l *limitListener) Accept() (net.Conn, error) {
	cl := l.limit
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		// An eviction closes the raw connection; the server then fails to
		// read it and closes the limitConn, which frees its slots.
		loggedIn, ok := cl.preauth.admit(c, sourceOf(c.RemoteAddr()))
		if !ok {
			if n := cl.preauth.refused.Load(); n == 1 || n%1000 == 0 {
				cl.logger.Warn("ssh: too many connections waiting to log in; closing new ones",
					"remote", c.RemoteAddr().String(), "max", cl.preauth.max, "per_source", cl.preauth.perSource, "refused_so_far", n)
			}
			_ = c.Close()
			continue
		}
		select {
		case cl.slots <- struct{}{}:
			release := sync.OnceFunc(func() {
				loggedIn()
				<-cl.slots
				cl.full.Store(false)
			})
			return &limitConn{Conn: c, loggedIn: loggedIn, release: release}, nil
		default:
			loggedIn()
			// Logged once per spell of being full: a flood writes one line.
			if !cl.full.Swap(true) {
				cl.logger.Warn("ssh: connection cap reached; closing new connections until one ends",
					"max", cl.max, "remote", c.RemoteAddr().String())
			}
			_ = c.Close()
		}
	}
}

// limitConn gives its slot back when it is closed, and its place among the
// connections waiting to log in when it logs in.
type limitConn struct {
	net.Conn
	// loggedIn takes the connection off the list of those waiting to log
	// in.
	loggedIn func()
	release  func()
}

// Close closes the connection and frees its slot.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
