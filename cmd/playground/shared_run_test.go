package main

import (
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"

	"github.com/facetui/facet/internal/termtest"
)

// running is the whole program, run() with a command line, in a goroutine.
type running struct {
	t      *testing.T
	stderr *termtest.SyncBuffer
	done   chan error
	cancel context.CancelFunc
	ended  bool
}

// startRun runs the program with args, stdin and stdout; its stderr is
// kept for the test to read.
func startRun(t *testing.T, args []string, stdin io.Reader, stdout io.Writer) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{t: t, stderr: &termtest.SyncBuffer{}, done: make(chan error, 1), cancel: cancel}
	go func() { r.done <- run(ctx, args, stdin, stdout, r.stderr) }()
	t.Cleanup(func() {
		cancel()
		if !r.ended {
			select {
			case <-r.done:
			case <-time.After(sharedWait):
				t.Error("run did not return after its context was cancelled")
			}
		}
	})
	return r
}

// printed waits for the program to print a line matching pattern on
// stderr and returns the pattern's first group.
func (r *running) printed(pattern string) string {
	r.t.Helper()
	re := regexp.MustCompile(pattern)
	deadline := time.Now().Add(sharedWait)
	for {
		if m := re.FindStringSubmatch(r.stderr.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-r.done:
			r.ended = true
			r.t.Fatalf("run returned %v before printing %s; stderr:\n%s", err, pattern, r.stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the program never printed %s; stderr:\n%s", pattern, r.stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stop cancels the program's context and checks that run returns, and
// returns nil.
func (r *running) stop() {
	r.t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		r.ended = true
		if err != nil {
			r.t.Fatalf("run after its context was cancelled = %v, want nil; stderr:\n%s", err, r.stderr.String())
		}
	case <-time.After(sharedWait):
		r.t.Fatalf("run did not return after its context was cancelled; stderr:\n%s", r.stderr.String())
	}
}

// httpAgent is a streamable-HTTP MCP client of the server at base
// (http://host:port), initialized.
func httpAgent(t *testing.T, base string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(base + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	initClient(ctx, t, c, "shared-run-test", nil)
	return c
}

// The lines the program prints when it listens.
const (
	sshListening  = `serving the catalog over SSH on (\S+);`
	httpListening = `serving MCP over HTTP at (http://\S+)/mcp`
)

// TestRunSharesSSHSessionsWithHTTPAgents runs the binary's whole program
// with --ssh and --http on free ports, and drives one session both from a
// real SSH client and from a real streamable-HTTP MCP client.
func TestRunSharesSSHSessionsWithHTTPAgents(t *testing.T) {
	tools := []string{"facet_list", "ssh1.discover_tools", "ssh1.catalog.select", "ssh1.catalog.get_selected", "facet_screenshot", "ssh1.inc.click"}
	prog := startRun(t, []string{
		"--ssh", "127.0.0.1:0", "--ssh-host-key", filepath.Join(t.TempDir(), "key"),
		"--http", "127.0.0.1:0",
		"--allow-tools=" + strings.Join(tools, ","), "--allow-read-methods=tools/list",
	}, strings.NewReader(""), io.Discard)
	sshAddr := prog.printed(sshListening)
	base := prog.printed(httpListening)
	if strings.HasSuffix(sshAddr, ":0") || strings.HasSuffix(base, ":0") {
		t.Fatalf("the program printed port 0 instead of the port it bound:\n%s", prog.stderr.String())
	}

	rig := &sharedRig{t: t, addr: sshAddr, agent: httpAgent(t, base)}
	ada := rig.dial("ada")
	ada.waitFor("Facet playground")
	rig.readyTools("ssh1", "ssh1.catalog.select")
	if list := rig.mustCall("facet_list", nil); !strings.Contains(list, "ssh1") || !strings.Contains(list, "playground") {
		t.Fatalf("facet_list does not list the SSH session ssh1 running playground:\n%s", list)
	}

	// The person's keystrokes are what the agent reads.
	selected := func() string { return rig.mustCall("ssh1.catalog.get_selected", nil) }
	if got := selected(); !strings.Contains(got, "index: 0") {
		t.Fatalf("get_selected before any key = %s, want index 0", got)
	}
	ada.press("\x1b[B") // down: the second demo
	rig.eventually("get_selected following the SSH down key", selected,
		func(s string) bool { return strings.Contains(s, "index: 1") && strings.Contains(s, "Sign in") })

	// The agent's call is what the person sees: it selects the counter,
	// and Enter over SSH opens what the agent selected.
	rig.mustCall("ssh1.catalog.select", map[string]any{"index": 2})
	ada.waitFor("› Counter")
	ada.press("\r")
	ada.waitFor("Count: 0")
	rig.readyTools("ssh1", "ssh1.inc.click")
	rig.mustCall("ssh1.inc.click", nil)
	ada.waitFor("Count: 1")
	ada.waitFor("● agent attached (ctrl+] detach)")

	ada.press("\r") // the focused button is +1
	ada.waitFor("Count: 2")
	rig.eventually("the agent's screenshot showing the person's press",
		func() string { return rig.mustCall("facet_screenshot", map[string]any{"id": "ssh1"}) },
		func(s string) bool { return strings.Contains(s, "Count: 2") })

	// Ctrl+] over SSH detaches the agent: its next call is refused and
	// changes nothing.
	ada.press("\x1d")
	ada.waitFor("agents detached (ctrl+] allow)")
	if out, isErr := rig.call("ssh1.inc.click", nil); !isErr {
		t.Fatalf("a detached agent's click was accepted: %s", out)
	}
	// Once the person allows agents again, the agent's next click is
	// the barrier: its answer comes after its Update, which runs after
	// any message sent before it, so the count it leaves is 3 unless the
	// refused click was applied.
	ada.press("\x1d")
	rig.eventually("the agent's click accepted once agents are allowed again", func() string {
		out, isErr := rig.call("ssh1.inc.click", nil)
		if isErr {
			return "refused: " + out
		}
		return out
	}, func(s string) bool { return !strings.HasPrefix(s, "refused: ") })
	if s := rig.mustCall("facet_screenshot", map[string]any{"id": "ssh1"}); !strings.Contains(s, "Count: 3") {
		t.Fatalf("after the refused click and an accepted one, the screen is:\n%s\nwant Count: 3", s)
	}
	ada.waitFor("Count: 3")

	_ = rig.agent.Close()
	prog.stop()
}

// TestRunSharesTheTerminalSessionWithHTTPAgents runs the binary's whole
// program with --http beside the terminal, its stdin and stdout wired to a
// virtual terminal: an agent finds the session "live" and its click shows
// on the terminal.
func TestRunSharesTheTerminalSessionWithHTTPAgents(t *testing.T) {
	term := termtest.NewTerminal(t, 80, 24)
	tools := []string{"facet_list", "live.discover_tools", "live.inc.click"}
	prog := startRun(t, []string{
		"--http", "127.0.0.1:0",
		"--allow-tools=" + strings.Join(tools, ","), "--allow-read-methods=tools/list",
		"--demo", "counter",
	}, term, term)
	base := prog.printed(httpListening)
	if strings.HasSuffix(base, ":0") {
		t.Fatalf("the program printed port 0 instead of the port it bound:\n%s", prog.stderr.String())
	}
	// The output is no TTY, so the program learns its size only as a
	// terminal reports it on input (XTWINOPS: rows 24, columns 80). A
	// report that comes while Bubble Tea is still starting up can be read
	// and dropped (CI once saw a blank screen for 20 s), so it is sent
	// again, as a terminal answers again, until the program has drawn.
	screen := term.Screen
	drawn := make(chan struct{})
	go func() {
		for {
			if _, err := io.WriteString(term.Keyboard(), "\x1b[8;24;80t"); err != nil {
				return
			}
			select {
			case <-drawn:
				return
			case <-time.After(500 * time.Millisecond):
			}
		}
	}()
	rig := &sharedRig{t: t, agent: httpAgent(t, base)}
	rig.eventually("the terminal showing the counter", screen, func(s string) bool { return strings.Contains(s, "Count: 0") })
	close(drawn)

	rig.readyTools(LiveSessionID, "live.inc.click")
	if list := rig.mustCall("facet_list", nil); !strings.Contains(list, LiveSessionID) {
		t.Fatalf("facet_list does not list the terminal's session %q:\n%s", LiveSessionID, list)
	}
	rig.mustCall("live.inc.click", nil)
	rig.eventually("the terminal showing the agent's click", screen, func(s string) bool { return strings.Contains(s, "Count: 1") })

	_ = rig.agent.Close()
	prog.stop()
}
