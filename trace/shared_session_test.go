package trace_test

import (
	"context"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// TestAPersonOverSSHAndAnAgentOnOneSessionReplay: a person at an SSH
// terminal and an agent over MCP take turns on one counter session; its
// recording replays into a fresh counter to the same frames.
func TestAPersonOverSSHAndAnAgentOnOneSessionReplay(t *testing.T) {
	sessions := tea.NewSessions()
	var buf trace.Buffer
	recorded := make(chan *trace.Recorder, 1)
	sessions.StartOptions(func(id, app string) []tea.Option {
		rec := trace.New(&buf, trace.Options{App: app, Session: id})
		recorded <- rec
		return []tea.Option{rec.Option()}
	})
	srv, err := ssh.New(ssh.Options{App: tea.App{Name: "counter", New: func() tea.Model { return playground.NewCounter() }},
		Sessions: sessions, HostKeyPath: filepath.Join(t.TempDir(), "host_key")})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(context.Background(), l) }()
	defer func() {
		_ = srv.Close()
		<-served
	}()
	agents, err := mcp.New(mcp.Options{Sessions: sessions, Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}})
	if err != nil {
		t.Fatal(err)
	}
	defer agents.Close()

	conn, err := gossh.Dial("tcp", l.Addr().String(), &gossh.ClientConfig{User: "ada", HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		t.Fatal(err)
	}
	out, _ := sess.StdoutPipe()
	go func() { _, _ = io.Copy(io.Discard, out) }()
	keys, _ := sess.StdinPipe()
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	rec := <-recorded
	counter := waitSession(t, sessions)

	ic, err := agents.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	agent := mcpclient.New(ic)
	defer agent.Close()
	ctx := context.Background()
	if err := agent.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "agent", Version: "1"}
	if _, err := agent.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	act := func(widget string) {
		t.Helper()
		req := sdk.CallToolRequest{}
		req.Params.Name = "facet_act"
		req.Params.Arguments = map[string]any{"session": counter.ID, "widget": widget, "action": "click"}
		res, err := agent.CallTool(ctx, req)
		if err != nil || res.IsError {
			t.Fatalf("facet_act %s: %v %+v", widget, err, res)
		}
	}
	press := func(typed string, count int) {
		t.Helper()
		if _, err := io.WriteString(keys, typed); err != nil {
			t.Fatal(err)
		}
		waitCount(t, counter, count)
	}

	press("\r", 1) // the person presses +1
	act("inc")     // the agent clicks +1
	waitCount(t, counter, 2)
	press("\t\r", 1) // the person presses −1
	act("reset")
	waitCount(t, counter, 0)
	press("\r", -1) // −1 still has focus

	_ = sess.Close()
	_ = conn.Close()
	<-counter.Done()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := trace.Read(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	var people, agentInputs int
	for _, e := range entries {
		if e.Kind != trace.KindInput {
			continue
		}
		switch {
		case e.Type == "tea.KeyInputMsg" && e.By == "":
			people++
		case e.By != "":
			agentInputs++
		}
	}
	if people < 4 || agentInputs != 2 {
		t.Errorf("%d keys from the person and %d inputs from the agent recorded, want 4 and 2:\n%s", people, agentInputs, buf.String())
	}
	res, err := trace.Replay(ctx, entries, playground.NewCounter(), trace.ReplayOptions{})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if res.Frames < 6 {
		t.Errorf("replay compared %d frames: %+v", res.Frames, res)
	}
}

// waitSession waits for the registry's one session.
func waitSession(t *testing.T, sessions *tea.Sessions) *tea.Session {
	t.Helper()
	started := make(chan *tea.Session, 1)
	cancel := sessions.Watch(func(ev tea.SessionEvent) {
		if ev.Started {
			select {
			case started <- ev.Session:
			default:
			}
		}
	})
	defer cancel()
	if list := sessions.List(); len(list) > 0 {
		return list[0]
	}
	return <-started
}

// waitCount waits until the counter's model shows count.
func waitCount(t *testing.T, s *tea.Session, count int) {
	t.Helper()
	reached := make(chan struct{})
	var once sync.Once
	cancel := s.Watch(func(snap tea.Snapshot) {
		if c, ok := snap.Model.(playground.CounterDemo); ok && c.Count() == count {
			once.Do(func() { close(reached) })
		}
	})
	defer cancel()
	select {
	case <-reached:
	case <-time.After(20 * time.Second):
		t.Fatalf("the count never reached %d; the screen:\n%s", count, trace.Frame(s.Snapshot(), 80, 24))
	}
}
