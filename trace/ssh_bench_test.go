package trace_test

import (
	"bytes"
	"context"
	"io"
	"net"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

// BenchmarkSSHKeystroke is a person pressing Enter on the counter's +1
// over SSH, through the SSH server, the terminal renderer and the
// runtime, until the new count reaches the client, with recording off
// and on. cpu-ns/input is the process's CPU time per keystroke (the
// client's share is the same in both).
func BenchmarkSSHKeystroke(b *testing.B) {
	offAndOn(b, func(b *testing.B, recording bool) {
		sessions := tea.NewSessions()
		recs := &recorders{on: recording}
		recs.recordSessions(sessions)
		app, _ := playground.Lookup("counter")
		srv, err := ssh.New(ssh.Options{App: app,
			Sessions: sessions, HostKeyPath: filepath.Join(b.TempDir(), "host_key"), NoAgents: true})
		if err != nil {
			b.Fatal(err)
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		served := make(chan error, 1)
		go func() { served <- srv.Serve(context.Background(), l) }()
		defer func() {
			_ = srv.Close()
			<-served
		}()
		conn, err := gossh.Dial("tcp", l.Addr().String(), &gossh.ClientConfig{User: "bench", HostKeyCallback: gossh.InsecureIgnoreHostKey()})
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		sess, err := conn.NewSession()
		if err != nil {
			b.Fatal(err)
		}
		if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
			b.Fatal(err)
		}
		out, _ := sess.StdoutPipe()
		keys, _ := sess.StdinPipe()
		if err := sess.Shell(); err != nil {
			b.Fatal(err)
		}
		screen := &screenReader{r: out}
		screen.waitFor(b, "Count: 0")
		n := 0
		b.ReportAllocs()
		cpu0 := cpuTime(b)
		b.ResetTimer()
		for b.Loop() {
			n++
			if _, err := io.WriteString(keys, "\r"); err != nil {
				b.Fatal(err)
			}
			// The count's last digit is the cell that changes.
			screen.waitFor(b, strconv.Itoa(n%10))
		}
		_ = sess.Close()
		_ = conn.Close()
		_ = srv.Close()
		recs.report(b, cpu0)
	})
}

// screenReader reads a terminal's output, as text without its escapes.
type screenReader struct {
	r   io.Reader
	buf [4096]byte
}

// waitFor reads until the text written since the last call contains want.
func (s *screenReader) waitFor(b *testing.B, want string) {
	var seen []byte
	for !bytes.Contains([]byte(ansi.Strip(string(seen))), []byte(want)) {
		n, err := s.r.Read(s.buf[:])
		if err != nil {
			b.Fatalf("waiting for %q: %v", want, err)
		}
		seen = append(seen, s.buf[:n]...)
	}
}
