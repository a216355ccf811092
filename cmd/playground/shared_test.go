package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/derive"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// sharedWait is how long a shared-session test waits for a screen or a
// read: generous, for -race on two shared cores.
const sharedWait = 20 * time.Second

// pairModel is what a person over SSH and an agent over MCP share: a name
// field (focused first) and a counter button.
type pairModel struct {
	Count int    `json:"count"`
	Name  string `json:"name"`
}

type pairInc struct{}

func (pairModel) Init() tea.Cmd { return nil }

func (m pairModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case pairInc:
		m.Count++
	case widgets.TextChanged:
		if msg.ID == "name" {
			m.Name = msg.Value
		}
	}
	return m, nil
}

// Projections implements tea.Projector: "count" and "name", so
// facet_get_model answers {"count": ..., "name": ...}.
func (m pairModel) Projections() []tea.Projection {
	return []tea.Projection{
		{Name: "count", Description: "The count.", Value: func() any { return m.Count }},
		{Name: "name", Description: "The name typed.", Value: func() any { return m.Name }},
	}
}

func (m pairModel) View() tea.Node {
	return tea.Vertical(
		widgets.TextInput{ID: "name", Label: "Name", Value: m.Name, Width: 20},
		widgets.Button{ID: "inc", Label: "+1", OnClick: pairInc{}},
		tea.Label(fmt.Sprintf("count: %d", m.Count)),
		tea.Label(fmt.Sprintf("hello, %s.", m.Name)),
	)
}

// sharedRig is one session registry served to people over SSH and to
// agents over MCP, as --ssh with --http runs it.
type sharedRig struct {
	t        testing.TB
	sessions *tea.Sessions
	addr     string
	agent    *client.Client
}

// newSharedRig is a rig without agents (see startRig).
func newSharedRig(t testing.TB) *sharedRig { return startRig(t, false) }

// startRig serves one session registry over SSH (the pair app, on a free
// loopback port) and over MCP in process, with the playground's agents
// installed and their labels on each person's marker line when withAgents,
// as runShared wires them. Everything stops when the test ends.
func startRig(t testing.TB, withAgents bool) *sharedRig {
	t.Helper()
	shared := tea.NewSessions()
	mcpSrv, err := mcp.New(mcp.Options{Sessions: shared, Apps: mcpApps(), Authorizer: mcp.AllowAll()})
	if err != nil {
		t.Fatal(err)
	}
	sshOpts := ssh.Options{
		HostKeyPath: filepath.Join(t.TempDir(), "host_key"),
		App:         tea.App{Name: "pair", New: func() tea.Model { return pairModel{} }},
		Sessions:    shared,
	}
	var agents *agent.Manager
	if withAgents {
		if agents, err = installAgents(mcpSrv, agentOptions{}, nil); err != nil {
			t.Fatal(err)
		}
		sshOpts.AgentLabel = agents.Marker
	}
	sshSrv, err := ssh.New(sshOpts)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- sshSrv.Serve(context.Background(), l) }()
	c := inProcessClient(t, mcpSrv, "shared-test", nil)
	t.Cleanup(func() {
		if agents != nil {
			agents.Close()
		}
		_ = c.Close()
		if err := sshSrv.Close(); err != nil {
			t.Errorf("ssh Close: %v", err)
		}
		select {
		case <-served:
		case <-time.After(sharedWait):
			t.Error("the SSH server did not stop")
		}
		mcpSrv.Close()
		shared.StopAll()
	})
	return &sharedRig{t: t, sessions: shared, addr: l.Addr().String(), agent: c}
}

// call calls an MCP tool and returns its text and whether it is an error
// result.
func (r *sharedRig) call(name string, args map[string]any) (string, bool) {
	r.t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := r.agent.CallTool(context.Background(), req)
	if err != nil {
		r.t.Fatalf("%s: protocol error: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// mustCall calls a tool that must succeed.
func (r *sharedRig) mustCall(name string, args map[string]any) string {
	r.t.Helper()
	out, isErr := r.call(name, args)
	if isErr {
		r.t.Fatalf("%s: error result: %s", name, out)
	}
	return out
}

// eventually retries read until ok accepts its answer.
func (r *sharedRig) eventually(what string, read func() string, ok func(string) bool) string {
	r.t.Helper()
	deadline := time.Now().Add(sharedWait)
	for {
		got := read()
		if ok(got) {
			return got
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("%s never happened; last answer:\n%s", what, got)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// person is an SSH client on a 80x24 PTY whose output is drawn on a
// virtual terminal.
type person struct {
	t    testing.TB
	emu  *vt.SafeEmulator
	keys io.WriteCloser
}

func (r *sharedRig) dial(user string) *person {
	t := r.t
	t.Helper()
	conn, err := gossh.Dial("tcp", r.addr, &gossh.ClientConfig{User: user, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: sharedWait})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	p := &person{t: t, emu: vt.NewSafeEmulator(80, 24)}
	// The emulator answers terminal queries and blocks until they are read.
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		_, _ = io.Copy(io.Discard, p.emu)
	}()
	exited := make(chan error, 1)
	t.Cleanup(func() {
		_ = conn.Close()
		select {
		case <-exited:
		case <-time.After(sharedWait):
			t.Error("the SSH session did not end after its connection closed")
		}
		_ = p.emu.InputPipe().(io.Closer).Close()
		<-drained
	})
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		t.Fatal(err)
	}
	sess.Stdout, sess.Stderr = p.emu, p.emu
	if p.keys, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() { exited <- sess.Wait() }()
	return p
}

func (p *person) screen() string { return ansi.Strip(p.emu.Render()) }

// waitFor polls the screen until it contains want, and says how long that
// took.
func (p *person) waitFor(want string) time.Duration {
	p.t.Helper()
	start := time.Now()
	for !strings.Contains(p.screen(), want) {
		if time.Since(start) > sharedWait {
			p.t.Fatalf("the SSH screen never showed %q; it shows:\n%s", want, p.screen())
		}
		time.Sleep(5 * time.Millisecond)
	}
	return time.Since(start)
}

func (p *person) press(s string) {
	p.t.Helper()
	if _, err := io.WriteString(p.keys, s); err != nil {
		p.t.Fatalf("typing %q: %v", s, err)
	}
}

// readyTools waits until facet_list shows session id and its derived tool
// exists (the synchronizer registers it once the session has rendered).
func (r *sharedRig) readyTools(id, tool string) {
	r.t.Helper()
	r.eventually("facet_list listing "+id, func() string { return r.mustCall("facet_list", nil) },
		func(s string) bool { return strings.Contains(s, id) })
	r.eventually(tool+" being callable", func() string {
		out, isErr := r.call(id+".discover_tools", nil)
		if isErr {
			return "error: " + out
		}
		return out
	}, func(s string) bool { return strings.Contains(s, tool) || strings.Contains(s, derive.SafeName(tool)) })
}

func TestSharedSessionAnAgentsCallShowsOnTheSSHScreen(t *testing.T) {
	rig := newSharedRig(t)
	ada := rig.dial("ada")
	ada.waitFor("count: 0")
	rig.readyTools("ssh1", "ssh1.inc.click")

	list := rig.mustCall("facet_list", nil)
	if !strings.Contains(list, "ssh1") || !strings.Contains(list, "pair") {
		t.Fatalf("facet_list does not list the SSH session ssh1 running pair:\n%s", list)
	}

	rig.mustCall("ssh1.inc.click", nil)
	took := ada.waitFor("count: 1")
	rig.mustCall("ssh1.inc.click", nil)
	ada.waitFor("count: 2")
	rig.mustCall("ssh1.name.type_into", map[string]any{"text": "grace"})
	ada.waitFor("hello, grace.")
	// How soon: BenchmarkAnAgentsClickReachesTheSSHScreen.
	t.Logf("an agent's click reached the SSH screen in %v", took)
}

// BenchmarkAnAgentsClickReachesTheSSHScreen measures how long an agent's
// click takes to show on a person's SSH screen (the screen is polled every
// 5ms: the figure is within 5ms of it).
func BenchmarkAnAgentsClickReachesTheSSHScreen(b *testing.B) {
	rig := startRig(b, false)
	ada := rig.dial("ada")
	ada.waitFor("count: 0")
	rig.readyTools("ssh1", "ssh1.inc.click")
	b.ResetTimer()
	for i := range b.N {
		rig.mustCall("ssh1.inc.click", nil)
		ada.waitFor(fmt.Sprintf("count: %d", i+1))
	}
}

func TestSharedSessionSSHKeystrokesAreWhatTheAgentReads(t *testing.T) {
	rig := newSharedRig(t)
	ada := rig.dial("ada")
	ada.waitFor("count: 0")
	rig.readyTools("ssh1", "ssh1.name.get_value")

	// The name field has focus: the person types into it and presses +1.
	ada.press("ada")
	ada.waitFor("hello, ada.")
	if got := rig.mustCall("ssh1.name.get_value", nil); got != "ada" {
		t.Fatalf("get_value after the person typed %q = %s", "ada", got)
	}
	ada.press("\t\r") // Tab to +1, Enter presses it
	ada.waitFor("count: 1")

	var model pairModel
	if err := json.Unmarshal([]byte(rig.mustCall("facet_get_model", map[string]any{"id": "ssh1"})), &model); err != nil {
		t.Fatal(err)
	}
	if model != (pairModel{Count: 1, Name: "ada"}) {
		t.Fatalf("facet_get_model = %+v, want count 1 and name ada", model)
	}
	shot := rig.mustCall("facet_screenshot", map[string]any{"id": "ssh1"})
	if !strings.Contains(shot, "count: 1") || !strings.Contains(shot, "hello, ada.") {
		t.Fatalf("the agent's screenshot does not show what the person did:\n%s", shot)
	}
}

func TestSharedSessionsAreOnePerConnection(t *testing.T) {
	rig := newSharedRig(t)
	ada, bob := rig.dial("ada"), rig.dial("bob")
	ada.waitFor("count: 0")
	bob.waitFor("count: 0")
	rig.readyTools("ssh1", "ssh1.inc.click")
	rig.readyTools("ssh2", "ssh2.inc.click")
	// Which connection got which id is up to the server: find out by
	// what each person sees.
	rig.mustCall("ssh2.inc.click", nil)
	rig.eventually("one screen showing count: 1", func() string { return ada.screen() + bob.screen() },
		func(s string) bool { return strings.Count(s, "count: 1") == 1 && strings.Count(s, "count: 0") == 1 })
}

func TestSharedSessionShowsTheAgentAndThePersonDetachesIt(t *testing.T) {
	rig := newSharedRig(t)
	ada := rig.dial("ada")
	ada.waitFor("count: 0")
	rig.readyTools("ssh1", "ssh1.inc.click")

	rig.mustCall("ssh1.inc.click", nil)
	ada.waitFor("count: 1")
	ada.waitFor("● agent attached (ctrl+] detach)")

	ada.press("\x1d") // ctrl+]
	ada.waitFor("agents detached (ctrl+] allow)")
	sess, ok := rig.sessions.Get("ssh1")
	if !ok {
		t.Fatal("session ssh1 is not in the shared registry")
	}
	if !sess.Runtime.Snapshot().Presence.Blocked {
		t.Fatal("the detach key did not block agents on the runtime")
	}
	if out, isErr := rig.call("ssh1.inc.click", nil); !isErr {
		t.Fatalf("a detached agent's click was accepted: %s", out)
	}
	if strings.Contains(ada.screen(), "count: 2") {
		t.Fatalf("a detached agent's click changed the screen:\n%s", ada.screen())
	}

	ada.press("\x1d")
	rig.eventually("agents being allowed again", func() string { return ada.screen() },
		func(s string) bool { return !strings.Contains(s, "agents detached") })
	rig.mustCall("ssh1.inc.click", nil)
	ada.waitFor("count: 2")
	ada.waitFor("● agent attached")
}
