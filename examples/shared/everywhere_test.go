package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/creack/pty"

	"github.com/facetui/facet/facettest"
)

// TestOneCounterEverywhere runs this program as a person would, in a
// terminal with --ssh, --web and --mcp on free ports, and drives each
// person's session from where the person is and from an agent over MCP:
// the terminal's, an SSH user's and a browser tab's. Each sees the other's
// presses, and the agent sees all three sessions.
func TestOneCounterEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program and starts a browser")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	// The person at the terminal.
	term, stderr, exited := start(t, "--ssh", "127.0.0.1:0", "--web", "127.0.0.1:0", "--mcp", "127.0.0.1:0")
	eventually := func(what string, got func() string, want string) {
		t.Helper()
		facettest.Eventually(t, what, got, want, stderr.String)
	}
	eventually("the terminal", term.Screen, "Count: 0")
	eventually("stderr", stderr.String, "/mcp")
	sshAddr := find(t, stderr.String(), `over SSH on (\S+):`)
	page := find(t, stderr.String(), `to browsers at (\S+)`)
	agent := facettest.HTTPAgent(ctx, t, find(t, stderr.String(), `to agents at (\S+)`), "everywhere-test")
	shot := func(session string) func() string {
		return func() string { return agent.Call(ctx, "facet_screenshot", map[string]any{"session": session}) }
	}

	agent.Call(ctx, "live_inc_click", nil)
	eventually("the terminal, after the agent's click", term.Screen, "Count: 1")
	term.Type(t, "\r") // the first button, +1, has focus
	eventually("the agent's screenshot of live, after the person's Enter", shot("live"), "Count: 2")

	// An SSH user.
	sshScreen, sshKeys := dialSSH(t, sshAddr, 80, 24)
	eventually("the SSH screen", sshScreen, "Count: 0")
	agent.Call(ctx, "ssh1_inc_click", nil)
	eventually("the SSH screen, after the agent's click", sshScreen, "Count: 1")
	if _, err := io.WriteString(sshKeys, "\r"); err != nil {
		t.Fatal(err)
	}
	eventually("the agent's screenshot of ssh1, after the SSH user's Enter", shot("ssh1"), "Count: 2")

	// A browser tab.
	tab := openBrowser(t)
	do(t, tab, chromedp.Navigate(page))
	if id := poll[string](t, tab, `document.body.dataset.session || ""`); id != "web1" {
		t.Fatalf("the tab's session is %q, want web1", id)
	}
	poll[bool](t, tab, `document.getElementById("w:count").innerText.includes("Count: 0")`)
	agent.Call(ctx, "web1_inc_click", nil)
	poll[bool](t, tab, `document.getElementById("w:count").innerText.includes("Count: 1")`)
	do(t, tab, chromedp.Click(byID("w:inc")))
	eventually("the agent's screenshot of web1, after the tab's click", shot("web1"), "Count: 2")

	// One registry: the agent lists every person's session.
	list := agent.Call(ctx, "facet_list", nil)
	for _, id := range []string{"live", "ssh1", "web1"} {
		if !regexp.MustCompile(`\b` + id + `\b`).MatchString(list) {
			t.Errorf("facet_list lacks %s:\n%s", id, list)
		}
	}

	// The person quits: the program ends, and with it every server.
	term.Type(t, "\x03")
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the program after the person quit: %v\nstderr:\n%s", err, stderr.String())
		}
	case <-ctx.Done():
		t.Fatalf("the program did not end after the person quit\nstderr:\n%s", stderr.String())
	}
}

// start builds this program and runs it with args on a pseudo-terminal
// drawn on an emulated one, its host key in a temporary directory. It
// returns the terminal, the program's stderr, and where its exit is told.
// The program is killed if it is still running when the test ends.
func start(t *testing.T, args ...string) (*facettest.Terminal, *facettest.SyncBuffer, <-chan error) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "shared")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "TERM=xterm-256color")
	stderr := new(facettest.SyncBuffer)
	cmd.Stderr = stderr
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 80, Rows: 24})
	if err != nil {
		t.Fatal(err)
	}
	term := facettest.NewTerminal(t, 80, 24)
	go func() { _, _ = io.Copy(term, tty) }()
	go func() { _, _ = io.Copy(tty, term) }()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = tty.Close()
	})
	return term, stderr, exited
}

// find is the first group of pattern in s, or fails the test.
func find(t *testing.T, s, pattern string) string {
	t.Helper()
	m := regexp.MustCompile(pattern).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no %s in:\n%s", pattern, s)
	}
	return m[1]
}
