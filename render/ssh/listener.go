package ssh

import (
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
)

// connLimit caps the connections open at once across a server's
// listeners, whether they have authenticated or not.
type connLimit struct {
	max    int
	slots  chan struct{}
	logger *slog.Logger
	full   atomic.Bool // a refusal was logged since a slot last came free
}

func newConnLimit(n int, logger *slog.Logger) *connLimit {
	return &connLimit{max: n, slots: make(chan struct{}, n), logger: logger}
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
		select {
		case cl.slots <- struct{}{}:
			release := sync.OnceFunc(func() {
				<-cl.slots
				cl.full.Store(false)
			})
			return &limitConn{Conn: c, release: release}, nil
		default:
			// Logged once per spell of being full: a flood writes one line.
			if !cl.full.Swap(true) {
				cl.logger.Warn("ssh: connection cap reached; closing new connections until one ends",
					"max", cl.max, "remote", c.RemoteAddr().String())
			}
			_ = c.Close()
		}
	}
}

// limitConn gives its slot back when it is closed.
type limitConn struct {
	net.Conn
	release func()
}

// Close closes the connection and frees its slot.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
