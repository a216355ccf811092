package mcpnode

import (
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/tea"
)

// Short lifetimes keep the tests fast; polls bound every wait.
const (
	testTTL     = time.Second
	testTimeout = 1500 * time.Millisecond
)

// member is one node of a test cluster and its local sessions. Its
// cluster.Node methods are the directory's; mn is the node an MCP server
// shares sessions through.
type member struct {
	*cluster.Node
	mn  *Node
	reg *tea.Sessions
	// link carries the node's NATS connection when it joined another
	// node's server: cutting it is the node's death.
	link *link
}

// join starts a node named name on the cluster at url ("" : the node runs
// the embedded server). A node that joins goes through a link that kill
// cuts.
func join(t testing.TB, name, url string) *member {
	t.Helper()
	m := &member{reg: tea.NewSessions()}
	opts := cluster.Options{Name: name, TTL: testTTL, CallTimeout: testTimeout}
	if url == "" {
		opts.Listen = "127.0.0.1:0"
	} else {
		m.link = newLink(t, strings.TrimPrefix(url, "nats://"))
		opts.URL = "nats://" + m.link.addr()
	}
	n, err := Join(t.Context(), opts)
	if err != nil {
		t.Fatalf("join %s: %v", name, err)
	}
	m.mn, m.Node = n, n.Cluster()
	t.Cleanup(func() {
		m.reg.StopAll()
		_ = n.Close()
	})
	return m
}

// threeNodes starts node a with the embedded server, and b and c joining
// it. Cleanups run in reverse, so a (the server) closes last.
func threeNodes(t testing.TB) (a, b, c *member) {
	t.Helper()
	a = join(t, "a", "")
	b = join(t, "b", a.ClientURL())
	c = join(t, "c", a.ClientURL())
	return a, b, c
}

// kill ends m as a crash would: its connection to the cluster drops and
// does not come back, nothing is taken out of the directory, and its
// sessions stop.
func (m *member) kill() {
	m.link.cut()
	m.reg.StopAll()
}

// following is how many other nodes' sessions m follows for its
// server's subscribers.
func (m *member) following() int {
	m.mn.relays.mu.Lock()
	defer m.mn.relays.mu.Unlock()
	return len(m.mn.relays.bySession)
}

// eventually polls cond every 20ms until it holds or within passes.
func eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// seen waits until n's directory has session id.
func seen(t testing.TB, n *member, id string) {
	t.Helper()
	eventually(t, 5*time.Second, fmt.Sprintf("node %s sees session %q", n.Name(), id), func() bool {
		_, ok := n.Lookup(id)
		return ok
	})
}

// link is a TCP relay to a NATS server that can be cut for good.
type link struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	conns  []net.Conn
	cutOff bool
}

func newLink(t testing.TB, target string) *link {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &link{ln: ln, target: target}
	go l.accept()
	t.Cleanup(l.cut)
	return l
}

func (l *link) addr() string { return l.ln.Addr().String() }

func (l *link) accept() {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("tcp", l.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		l.mu.Lock()
		if l.cutOff {
			l.mu.Unlock()
			_ = c.Close()
			_ = up.Close()
			return
		}
		l.conns = append(l.conns, c, up)
		l.mu.Unlock()
		go pipe(c, up)
		go pipe(up, c)
	}
}

// pipe copies from src to dst until either closes, then closes both.
func pipe(dst, src net.Conn) {
	_, _ = io.Copy(dst, src)
	_ = dst.Close()
	_ = src.Close()
}

// cut closes the link and every connection through it.
func (l *link) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cutOff = true
	_ = l.ln.Close()
	for _, c := range l.conns {
		_ = c.Close()
	}
	l.conns = nil
}
