package main

import (
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// dialSSH opens a shell on a width x height PTY at addr, as ssh -t does,
// and returns what its screen shows and where to type. The connection
// closes when the test ends.
func dialSSH(t *testing.T, addr string, width, height int) (screen func() string, keys io.Writer) {
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
	t.Cleanup(func() {
		_ = conn.Close()
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
	return func() string { return ansi.Strip(emu.Render()) }, in
}
