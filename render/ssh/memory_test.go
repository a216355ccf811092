package ssh_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"runtime"
	"sync"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/render/ssh"
)

// heapBudget is the most Go heap a connection on an 80x24 terminal may
// hold, server and client (golang.org/x/crypto/ssh, no screen) together,
// once its first screen is drawn. Bubble Tea's renderer alone kept two
// 80x24 cell buffers, about 420 KB, per connection, its input reader a
// key table of about 120 KB, and the terminal's queue of events 24 KB.
const heapBudget = 128 << 10

// A connection costs the server little memory: its program keeps the
// lines of its screen, not cell buffers.
func TestEachConnectionHoldsLittleHeap(t *testing.T) {
	const n = 20
	srv := serve(t, ssh.Options{MaxSessions: n})
	before := liveHeap()
	goroutines := runtime.NumGoroutine()
	var wg sync.WaitGroup
	conns := make([]*gossh.Client, n)
	for i := range n {
		wg.Go(func() {
			c, err := connectQuiet(srv.addr)
			if err != nil {
				t.Errorf("connection %d: %v", i, err)
				return
			}
			conns[i] = c
		})
	}
	wg.Wait()
	t.Cleanup(func() {
		for _, c := range conns {
			if c != nil {
				_ = c.Close()
			}
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	per := (liveHeap() - before) / n
	t.Logf("heap per connection: %d KB", per>>10)
	if per > heapBudget {
		t.Errorf("each connection holds %d KB of heap, want at most %d KB", per>>10, heapBudget>>10)
	}
	// A goroutine weighs a stack, 4 KB or more, and the collector scans
	// it. The client's are 8 (golang.org/x/crypto/ssh's and the reader's
	// here); the server's 12: x/crypto/ssh's 3, charm.land/ssh's 4 (the
	// handler among them), the input's 2, the terminal's decoder, and
	// Bubble Tea's command and frame loops. The terminal's snapshot
	// forwarder and worker run only while there is work.
	if g := float64(runtime.NumGoroutine()-goroutines) / n; g > goroutineBudget+0.5 {
		t.Errorf("each connection runs %.1f goroutines, server and client, want at most %d", g, goroutineBudget)
	}
}

// goroutineBudget is how many goroutines an idle connection may run,
// server and client together. Bubble Tea's input reader ran 3 more,
// the terminal 2 more.
const goroutineBudget = 20

// liveHeap is the bytes of live heap objects, after a collection.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// connectQuiet opens a shell on an 80x24 PTY, without a screen, and
// returns once the first screen's count has arrived; the output is then
// read and dropped.
func connectQuiet(addr string) (*gossh.Client, error) {
	conn, err := gossshDial(addr, clientConfig("quiet"))
	if err != nil {
		return nil, err
	}
	sess, err := conn.NewSession()
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		_ = conn.Close()
		return nil, err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	if err := sess.Shell(); err != nil {
		_ = conn.Close()
		return nil, err
	}
	r := bufio.NewReader(out)
	var seen []byte
	for !bytes.Contains(seen, []byte("count: 0")) {
		b, err := r.ReadByte()
		if err != nil {
			_ = conn.Close()
			return nil, fmt.Errorf("before the first screen: %w", err)
		}
		seen = append(seen, b)
	}
	go func() { _, _ = io.Copy(io.Discard, r) }()
	return conn, nil
}
