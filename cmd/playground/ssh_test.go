package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/playground"
)

func TestSSHFlagMistakesAreUsageErrors(t *testing.T) {
	key := filepath.Join(t.TempDir(), "key")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"non-loopback without keys", []string{"--ssh", "0.0.0.0:0", "--ssh-host-key", key}, "set --ssh-authorized-keys FILE"},
		{"every interface without keys", []string{"--ssh", ":2222", "--ssh-host-key", key}, "could connect"},
		{"keys without --ssh", []string{"--ssh-authorized-keys", "keys"}, "need --ssh ADDR"},
		{"list and ssh", []string{"--list", "--ssh", "127.0.0.1:0"}, "cannot be combined"},
		{"negative cap", []string{"--ssh", "127.0.0.1:0", "--ssh-max-sessions", "-1"}, "--ssh-max-sessions -1"},
		{"window without height", []string{"--ssh", "127.0.0.1:0", "--ssh-max-window", "1000"}, `"1000" is not a window size: want WIDTHxHEIGHT`},
		{"window of zero width", []string{"--ssh", "127.0.0.1:0", "--ssh-max-window", "0x500"}, "each at least 1"},
		{"zero handshake timeout", []string{"--ssh", "127.0.0.1:0", "--ssh-handshake-timeout", "0s"}, "--ssh-handshake-timeout 0s: must be more than 0"},
		{"window with a tail", []string{"--ssh", "127.0.0.1:0", "--ssh-max-window", "10x10x10"}, "not a window size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), tt.args, strings.NewReader(""), &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("run %v = %v, want an error mentioning %q", tt.args, err, tt.want)
			}
			if code := exitCode(err, io.Discard); code != 2 {
				t.Fatalf("exit status %d, want 2", code)
			}
		})
	}
}

// syncBuffer is termtest.SyncBuffer, under the name cluster_test.go uses.
type syncBuffer = termtest.SyncBuffer

func TestSSHModeServesTheCatalogToEachConnection(t *testing.T) {
	dir := t.TempDir()
	var stderr termtest.SyncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"--ssh", "127.0.0.1:0", "--ssh-host-key", filepath.Join(dir, "host_key")}, strings.NewReader(""), io.Discard, &stderr)
	}()

	listening := regexp.MustCompile(`over SSH on (127\.0\.0\.1:\d+)`)
	var addr string
	for deadline := time.Now().Add(20 * time.Second); addr == ""; time.Sleep(10 * time.Millisecond) {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			addr = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("the server never said where it listens; stderr:\n%s", stderr.String())
		}
	}

	_, port, _ := net.SplitHostPort(addr)
	if want := "connect with: ssh -p " + port + " 127.0.0.1\n"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
	}

	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "ada", HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	emu := vt.NewSafeEmulator(100, 30)
	go func() { _, _ = io.Copy(io.Discard, emu) }()
	defer emu.InputPipe().(io.Closer).Close()
	if err := sess.RequestPty("xterm-256color", 30, 100, nil); err != nil {
		t.Fatal(err)
	}
	var raw termtest.SyncBuffer
	sess.Stdout = io.MultiWriter(emu, &raw)
	sess.Stderr = &raw
	defer func() {
		if t.Failed() {
			t.Logf("raw %q\nstderr %s", raw.String(), stderr.String())
		}
	}()
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- sess.Wait() }()

	waitFor := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !strings.Contains(ansi.Strip(emu.Render()), want); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the SSH screen never showed %q; it shows:\n%s", want, ansi.Strip(emu.Render()))
			}
		}
	}
	// The catalog, as the terminal mode shows it.
	for _, app := range playground.Catalog()[:3] {
		waitFor(app.Title)
	}

	// Stopping the binary says goodbye to the connection and returns cleanly.
	cancel()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the session ended with %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not end when the server stopped")
	}
	waitFor("facet: the server is shutting down; goodbye (session ssh1")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run = %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("run did not return after its context ended")
	}
	if !strings.Contains(stderr.String(), "session started") || !strings.Contains(stderr.String(), "id=ssh1") {
		t.Errorf("stderr does not log the session:\n%s", stderr.String())
	}
}

func TestSSHConnectCommandNamesTheServedHost(t *testing.T) {
	named := func() (string, error) { return "studio.example", nil }
	nameless := func() (string, error) { return "", errors.New("no name") }
	for _, tc := range []struct {
		addr     string
		hostname func() (string, error)
		want     string
	}{
		{"127.0.0.1:2222", named, "ssh -p 2222 127.0.0.1"},
		{"127.0.0.2:2222", named, "ssh -p 2222 127.0.0.2"},
		{"[::1]:22", named, "ssh -p 22 ::1"},
		{"192.0.2.10:2222", named, "ssh -p 2222 192.0.2.10"},
		{"[2001:db8::7]:2222", named, "ssh -p 2222 2001:db8::7"},
		{"0.0.0.0:2222", named, "ssh -p 2222 studio.example"},
		{"[::]:2222", named, "ssh -p 2222 studio.example"},
		{"0.0.0.0:2222", nameless, "ssh -p 2222 THIS-HOST"},
	} {
		addr, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := connectCommand(addr, tc.hostname); got != tc.want {
			t.Errorf("serving %s: %q, want %q", tc.addr, got, tc.want)
		}
	}
}

func TestSSHLimitFlagDefaults(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want windowSize
	}{
		{[]string{"--ssh", "127.0.0.1:0"}, windowSize{1000, 500}},
		{[]string{"--ssh", "127.0.0.1:0", "--ssh-max-window", "120x40"}, windowSize{120, 40}},
	} {
		o, err := parseOptions(tt.args)
		if err != nil {
			t.Fatalf("parseOptions(%q): %v", tt.args, err)
		}
		if o.ssh.handshake != 5*time.Second {
			t.Errorf("parseOptions(%q): --ssh-handshake-timeout is %s, want 5s", tt.args, o.ssh.handshake)
		}
		if o.ssh.maxWindow != tt.want {
			t.Errorf("parseOptions(%q): --ssh-max-window is %v, want %v", tt.args, o.ssh.maxWindow, tt.want)
		}
	}
}
