package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// Screen size of every client.
const (
	screenWidth  = 80
	screenHeight = 24
)

// client is one person at an SSH terminal: it types Enter at a steady
// rate and watches the count on the screen it receives.
type client struct {
	conn *gossh.Client
	sess *gossh.Session
	keys io.WriteCloser
	emu  *vt.SafeEmulator

	// sent[k-1] is when key k was sent (UnixNano), 0 before.
	sent []atomic.Int64
	// nsent is the number of keys sent.
	nsent atomic.Int64

	mu        sync.Mutex
	count     int             // the count the screen shows; -1 before it shows one
	countRow  int             // the screen row where the count was last seen
	latencies []time.Duration // from each key to the screen showing its effect
	changed   chan struct{}   // closed and replaced whenever count changes
	readErr   error
	done      chan struct{} // closed when the screen stops receiving
}

// dial connects to addr with a PTY of screenWidth x screenHeight and opens
// a shell whose output feeds the client's screen. maxKeys bounds the keys
// it will send.
func dial(ctx context.Context, addr string, maxKeys int) (*client, error) {
	cfg := &gossh.ClientConfig{
		User:            "load",
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // loopback only, a server we started
		Timeout:         30 * time.Second,
	}
	conn, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	c := &client{
		conn:    conn,
		emu:     vt.NewSafeEmulator(screenWidth, screenHeight),
		sent:    make([]atomic.Int64, maxKeys),
		count:   -1,
		changed: make(chan struct{}),
		done:    make(chan struct{}),
	}
	fail := func(err error) (*client, error) {
		_ = conn.Close()
		return nil, err
	}
	if c.sess, err = conn.NewSession(); err != nil {
		return fail(fmt.Errorf("session: %w", err))
	}
	if err := c.sess.RequestPty("xterm-256color", screenHeight, screenWidth, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		return fail(fmt.Errorf("pty: %w", err))
	}
	out, err := c.sess.StdoutPipe()
	if err != nil {
		return fail(err)
	}
	c.sess.Stderr = io.Discard
	if c.keys, err = c.sess.StdinPipe(); err != nil {
		return fail(err)
	}
	if err := c.sess.Shell(); err != nil {
		return fail(fmt.Errorf("shell: %w", err))
	}
	// The emulator answers terminal queries and blocks until they are read;
	// nobody needs the answers.
	go func() { _, _ = io.Copy(io.Discard, c.emu) }()
	go c.watch(out)
	return c, nil
}

// watch feeds the server's output to the screen and notes every count it
// shows, until the output ends.
func (c *client) watch(out io.Reader) {
	defer close(c.done)
	buf := make([]byte, 32<<10)
	for {
		n, err := out.Read(buf)
		if n > 0 {
			_, _ = c.emu.Write(buf[:n])
			c.look(time.Now())
		}
		if err != nil {
			c.mu.Lock()
			if !errors.Is(err, io.EOF) {
				c.readErr = err
			}
			c.mu.Unlock()
			return
		}
	}
}

// look reads the count off the screen; every key it newly accounts for
// gets its latency.
func (c *client) look(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	count, row, ok := c.readCount(c.countRow)
	if !ok {
		return
	}
	c.countRow = row
	if count == c.count {
		return
	}
	for k := max(c.count, 0) + 1; k <= count && k <= len(c.sent); k++ {
		if at := c.sent[k-1].Load(); at != 0 {
			c.latencies = append(c.latencies, now.Sub(time.Unix(0, at)))
		}
	}
	c.count = count
	close(c.changed)
	c.changed = make(chan struct{})
}

// countLabel precedes the count on both counters' screens.
const countLabel = "Count: "

// readCount finds "Count: N" on the screen, trying row hint first.
func (c *client) readCount(hint int) (count, row int, ok bool) {
	if n, ok := c.countOnRow(hint); ok {
		return n, hint, true
	}
	for y := range screenHeight {
		if n, ok := c.countOnRow(y); ok {
			return n, y, true
		}
	}
	return 0, 0, false
}

func (c *client) countOnRow(y int) (int, bool) {
	var line strings.Builder
	for x := range screenWidth {
		cell := c.emu.CellAt(x, y)
		if cell == nil || cell.Content == "" {
			line.WriteByte(' ')
			continue
		}
		line.WriteString(cell.Content)
	}
	s := line.String()
	i := strings.Index(s, countLabel)
	if i < 0 {
		return 0, false
	}
	digits := s[i+len(countLabel):]
	end := strings.IndexFunc(digits, func(r rune) bool { return (r < '0' || r > '9') && r != '-' })
	if end >= 0 {
		digits = digits[:end]
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil
}

// shown is the count on the screen (-1 before one shows) and a channel
// closed when it next changes.
func (c *client) shown() (int, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.count, c.changed
}

// waitCount waits until the screen shows want, ctx ends or the output
// ends.
func (c *client) waitCount(ctx context.Context, want int) error {
	for {
		got, changed := c.shown()
		if got == want {
			return nil
		}
		select {
		case <-changed:
		case <-c.done:
			if got, _ := c.shown(); got == want {
				return nil
			}
			return fmt.Errorf("the screen stopped at count %d, want %d", got, want)
		case <-ctx.Done():
			return fmt.Errorf("the screen shows count %d, want %d: %w", got, want, context.Cause(ctx))
		}
	}
}

// typeKeys presses Enter every interval, up to len(c.sent) times, until
// ctx ends. The first press waits phase.
func (c *client) typeKeys(ctx context.Context, interval, phase time.Duration) error {
	t := time.NewTimer(phase)
	defer t.Stop()
	next := time.Now().Add(phase)
	for k := 1; k <= len(c.sent); k++ {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		c.sent[k-1].Store(time.Now().UnixNano())
		if _, err := io.WriteString(c.keys, "\r"); err != nil {
			return fmt.Errorf("key %d: %w", k, err)
		}
		c.nsent.Store(int64(k))
		// A steady rate: a late key does not push the later ones back.
		next = next.Add(interval)
		t.Reset(time.Until(next))
	}
	return nil
}

// result is what the client measured.
func (c *client) result() (latencies []time.Duration, count int, sent int, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.latencies...), c.count, int(c.nsent.Load()), c.readErr
}

// close hangs up, and ends the goroutines of the screen.
func (c *client) close() {
	_ = c.sess.Close()
	_ = c.conn.Close()
	<-c.done
	// Ends the reader of the emulator's answers (Emulator.Close would
	// race with it).
	if w, ok := c.emu.InputPipe().(io.Closer); ok {
		_ = w.Close()
	}
}
