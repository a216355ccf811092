package ssh_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/ssh"
)

// rawConn is a TCP connection that never starts an SSH handshake.
type rawConn struct {
	net.Conn
	r *bufio.Reader
}

func dialRaw(t *testing.T, addr string) *rawConn {
	t.Helper()
	return dialRawFrom(t, addr, "127.0.0.1")
}

// dialRawFrom dials addr from the loopback address from (any of
// 127.0.0.0/8), so that one test plays clients at many addresses.
func dialRawFrom(t *testing.T, addr, from string) *rawConn {
	t.Helper()
	d := net.Dialer{Timeout: wait, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	_ = c.SetReadDeadline(time.Now().Add(wait))
	return &rawConn{Conn: c, r: bufio.NewReader(c)}
}

// greeted reports whether the server sent its SSH version line (it is
// serving the connection) rather than closing it unread.
func (c *rawConn) greeted(t *testing.T) bool {
	t.Helper()
	line, err := c.r.ReadString('\n')
	switch {
	case err == nil && strings.HasPrefix(line, "SSH-2.0-"):
		return true
	case errors.Is(err, io.EOF) && line == "":
		return false
	case isReset(err):
		return false
	default:
		t.Fatalf("the server sent %q, %v; want its version line or a close", line, err)
		return false
	}
}

// closedByServer waits for the server to close the connection.
func (c *rawConn) closedByServer(t *testing.T) {
	t.Helper()
	_, err := io.Copy(io.Discard, c.r)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the server kept a connection that never logged in open for %s", wait)
	}
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && strings.Contains(op.Err.Error(), "connection reset")
}

func TestConnectionsOverTheCapAreClosedUnread(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts ssh.Options
		cap  int
	}{
		{"an explicit cap", ssh.Options{MaxConnections: 3, MaxSessions: 100}, 3},
		{"twice the session cap and 16", ssh.Options{MaxSessions: 2}, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.HandshakeTimeout = time.Hour // only the cap frees a slot here
			// Every connection here waits to log in, from one address.
			tc.opts.MaxUnauthenticated, tc.opts.MaxUnauthenticatedPerSource = tc.cap, tc.cap
			srv := serve(t, tc.opts)
			held := make([]*rawConn, tc.cap)
			for i := range held {
				held[i] = dialRaw(t, srv.addr)
				if !held[i].greeted(t) {
					t.Fatalf("connection %d of %d was refused", i+1, tc.cap)
				}
			}
			if dialRaw(t, srv.addr).greeted(t) {
				t.Fatalf("connection %d was served over a cap of %d", tc.cap+1, tc.cap)
			}
			// A connection that ends frees its slot.
			_ = held[0].Close()
			eventually(t, "a slot freed by a closed connection serves a new one", func() bool {
				return dialRaw(t, srv.addr).greeted(t)
			})
		})
	}
}

func TestConnectionThatNeverLogsInIsCutOffAfterTheHandshakeTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	srv := serve(t, ssh.Options{HandshakeTimeout: timeout, MaxConnections: 4, MaxUnauthenticated: 4, MaxUnauthenticatedPerSource: 4})
	start := time.Now()
	idle := make([]*rawConn, 4) // every slot
	for i := range idle {
		idle[i] = dialRaw(t, srv.addr)
		if !idle[i].greeted(t) {
			t.Fatalf("connection %d was refused", i+1)
		}
	}
	for _, c := range idle {
		c.closedByServer(t)
	}
	if lasted := time.Since(start); lasted < timeout {
		t.Fatalf("connections cut off after %s, before the %s timeout", lasted, timeout)
	}

	// Their slots are free again, and a client that logs in in time keeps
	// its session past the handshake timeout.
	var c *client
	eventually(t, "a client logs in once the idle connections are gone", func() bool {
		var err error
		c, err = tryConnect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
		return err == nil
	})
	c.waitFor("count: 0")
	loggedIn := time.Now()
	c.press("\t") // to Increment
	for n := 1; time.Since(loggedIn) < 3*timeout; n++ {
		c.press("\r")
		c.waitFor(fmt.Sprintf("count: %d ", n))
	}
}
