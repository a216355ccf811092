package ssh_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/render/ssh"
)

// wait is how long a test waits for a screen to show something: generous,
// for -race on two shared cores.
const wait = 20 * time.Second

// server is a Server under test, serving on a loopback port.
type server struct {
	*ssh.Server
	addr   string
	served chan error
}

// serve starts a server with opts (App named "facet" and ModelFor
// newCounter unless given, HostKeyPath defaulted) on
// 127.0.0.1:0 and closes it when the test ends. Each setup runs on the
// server before it serves.
func serve(t *testing.T, opts ssh.Options, setup ...func(*ssh.Server)) *server {
	t.Helper()
	if opts.App.Name == "" {
		opts.App.Name = "facet"
	}
	if opts.App.New == nil && opts.ModelFor == nil {
		opts.ModelFor = newCounter
	}
	if opts.HostKeyPath == "" {
		opts.HostKeyPath = filepath.Join(t.TempDir(), "host_key")
	}
	s, err := ssh.New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for _, f := range setup {
		f(s)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &server{Server: s, addr: l.Addr().String(), served: make(chan error, 1)}
	go func() { srv.served <- s.Serve(context.Background(), l) }()
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		select {
		case err := <-srv.served:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(wait):
			t.Error("Serve did not return after Close")
		}
	})
	return srv
}

// clientConfig is a client that offers no credentials (or the given ones).
func clientConfig(user string, auth ...gossh.AuthMethod) *gossh.ClientConfig {
	return &gossh.ClientConfig{
		User:            user,
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         wait,
	}
}

// newKey returns a fresh ed25519 key pair as a signer.
func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return signer
}

// lockedBuffer collects bytes from one goroutine for reading from another.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// client is an interactive SSH session with a PTY whose output is drawn
// on a virtual terminal.
type client struct {
	t      *testing.T
	conn   *gossh.Client
	sess   *gossh.Session
	keys   io.WriteCloser
	emu    *vt.SafeEmulator
	raw    lockedBuffer // everything the server wrote
	stderr lockedBuffer
	exited chan error
	exit   error
	ended  bool
}

// connect dials addr and opens a shell on a width x height PTY of TERM term,
// with env sent first.
func connect(t *testing.T, addr string, cfg *gossh.ClientConfig, term string, width, height int, env ...string) *client {
	t.Helper()
	c, err := tryConnect(t, addr, cfg, term, width, height, env...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func tryConnect(t *testing.T, addr string, cfg *gossh.ClientConfig, term string, width, height int, env ...string) (*client, error) {
	t.Helper()
	return dialSession(t, addr, cfg, term, width, height, "", env...)
}

// dialSession is tryConnect running cmd (ssh host cmd) instead of a shell
// when cmd is not "".
func dialSession(t *testing.T, addr string, cfg *gossh.ClientConfig, term string, width, height int, cmd string, env ...string) (*client, error) {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		return nil, err
	}
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	c := &client{t: t, conn: conn, sess: sess, emu: vt.NewSafeEmulator(width, height), exited: make(chan error, 1)}
	// The emulator answers terminal queries and blocks until they are read.
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		_, _ = io.Copy(io.Discard, c.emu)
	}()
	t.Cleanup(func() {
		_ = c.conn.Close()
		if !c.ended {
			select {
			case <-c.exited:
			case <-time.After(wait):
				t.Error("the session did not end after its connection closed")
			}
		}
		_ = c.emu.InputPipe().(io.Closer).Close()
		<-drained
	})
	for i := 0; i+1 < len(env); i += 2 {
		if err := sess.Setenv(env[i], env[i+1]); err != nil {
			return nil, err
		}
	}
	if err := sess.RequestPty(term, height, width, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		return nil, err
	}
	// The emulated PTY already turns "\n" into "\r\n", as a terminal's line
	// discipline would, so the output goes to the emulator as it is.
	sess.Stdout = io.MultiWriter(&c.raw, c.emu) // raw first: what the screen shows is in raw already
	sess.Stderr = io.MultiWriter(c.emu, &c.stderr)
	if c.keys, err = sess.StdinPipe(); err != nil {
		return nil, err
	}
	if cmd == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(cmd)
	}
	if err != nil {
		return nil, err
	}
	go func() { c.exited <- sess.Wait() }()
	return c, nil
}

// screen is the emulator's screen as a person reads it.
func (c *client) screen() string { return ansi.Strip(c.emu.Render()) }

// waitFor polls the screen until it contains every one of want.
func (c *client) waitFor(want ...string) {
	c.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		s := c.screen()
		missing := ""
		for _, w := range want {
			if !strings.Contains(s, w) {
				missing = w
				break
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the screen never showed %q; it shows:\n%s", missing, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitUntil polls the screen until ok accepts it.
func (c *client) waitUntil(what string, ok func(screen string) bool) {
	c.t.Helper()
	deadline := time.Now().Add(wait)
	for !ok(c.screen()) {
		if time.Now().After(deadline) {
			c.t.Fatalf("the screen never showed %s; it shows:\n%s", what, c.screen())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// eventually polls ok until it holds, for at most wait.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	eventuallyWithin(t, wait, what, ok)
}

// eventuallyWithin is eventually with its own deadline, for steps that
// are slow under the race detector on a busy machine (a 1000x500 frame).
func eventuallyWithin(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// press types s as the person's keys.
func (c *client) press(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.keys, s); err != nil {
		c.t.Fatalf("typing %q: %v", s, err)
	}
}

// resize changes the client's window, as dragging its corner would.
func (c *client) resize(width, height int) {
	c.t.Helper()
	c.emu.Resize(width, height)
	if err := c.sess.WindowChange(height, width); err != nil {
		c.t.Fatalf("window change: %v", err)
	}
}

// wait waits for the session to end and returns its exit status.
func (c *client) wait() int {
	c.t.Helper()
	if !c.ended {
		select {
		case c.exit = <-c.exited:
			c.ended = true
		case <-time.After(wait):
			c.t.Fatalf("the session did not end; the screen shows:\n%s", c.screen())
		}
	}
	return exitStatus(c.t, c.exit)
}

// exitStatus is the remote exit status that err (from Wait) reports.
func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var exit *gossh.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitStatus()
	default:
		t.Fatalf("the session ended without an exit status: %v", err)
		return -1
	}
}

// lineWith returns the index of the first screen line containing s, or -1.
func lineWith(screen, s string) int {
	for i, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, s) {
			return i
		}
	}
	return -1
}

// gossshDial dials addr.
func gossshDial(addr string, cfg *gossh.ClientConfig) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, cfg)
}
