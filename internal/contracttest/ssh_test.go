package contracttest_test

import (
	"context"
	"io"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

// TestSSHKeysDriveAnAppsOwnWidget connects to an SSH server on loopback
// with a PTY drawn on an emulated terminal, and types + and - as a person
// at the far end would.
func TestSSHKeysDriveAnAppsOwnWidget(t *testing.T) {
	sessions := tea.NewSessions()
	srv, err := ssh.New(ssh.Options{
		App:         tea.App{Name: "counter", New: func() tea.Model { return counter{} }},
		HostKeyPath: filepath.Join(t.TempDir(), "host_key"),
		Sessions:    sessions,
		NoAgents:    true,
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(context.Background(), l) }()
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})

	screen, keys := dial(t, l.Addr().String(), 80, 24)
	termtest.Eventually(t, "the SSH screen", screen, "▸ Count: [-] 0 [+]", nil)
	typeKeys := func(s string) {
		t.Helper()
		if _, err := io.WriteString(keys, s); err != nil {
			t.Fatal(err)
		}
	}
	typeKeys("+")
	termtest.Eventually(t, "the SSH screen", screen, "The count is 1.", nil)
	typeKeys("+=")
	termtest.Eventually(t, "the SSH screen", screen, "The count is 3.", nil)
	typeKeys("-")
	termtest.Eventually(t, "the SSH screen", screen, "▸ Count: [-] 2 [+]", nil)
	ids := sessions.List()
	if len(ids) != 1 {
		t.Fatalf("sessions = %v, want the one SSH session", ids)
	}
	if n := countOf(ids[0].Snapshot()); n != 2 {
		t.Fatalf("the session's model counts %d, want 2", n)
	}
}

// dial opens a shell on a width x height PTY at addr and returns what its
// screen shows and where to type. The connection closes when the test
// ends.
func dial(t *testing.T, addr string, width, height int) (screen func() string, keys io.Writer) {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "ada", HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 20 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	emu := vt.NewSafeEmulator(width, height)
	drained := make(chan struct{})
	go func() { // the emulator blocks until its replies are read
		defer close(drained)
		_, _ = io.Copy(io.Discard, emu)
	}()
	exited := make(chan struct{})
	t.Cleanup(func() {
		_ = conn.Close()
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			t.Error("the SSH session did not end after its connection closed")
		}
		_ = emu.InputPipe().(io.Closer).Close()
		<-drained
	})
	if err := sess.RequestPty("xterm-256color", height, width, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		t.Fatal(err)
	}
	sess.Stdout, sess.Stderr = emu, emu
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(exited)
		_ = sess.Wait()
	}()
	return func() string { return ansi.Strip(emu.Render()) }, in
}
