package mcptest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/tea/runtimetest"
)

// Session is a running app under test: a session of an MCP server and a
// real MCP client connected to it. Its steps, reads and assertions go
// through the client's tools/call.
type Session struct {
	*core
	// expect is set on the value ExpectError returns: its next step must
	// fail with an error that contains expect.
	expect *expectation
}

// core is what every view of one session shares.
type core struct {
	t      testing.TB
	id     string
	srv    *mcp.Server
	sess   *tea.Session
	client *client.Client
	// wait bounds WaitFor and AssertNotified (WithWaitTimeout).
	wait time.Duration
	// root is the Session Start returned: steps return it.
	root *Session
	// pending are the expectations ExpectError set up, checked at cleanup.
	pending []*expectation
	// hist is what the session did, for failure reports.
	hist *history
}

// callTimeout bounds one tools/call from the harness on top of the server's
// own call timeout, so a wedged app fails the test instead of hanging it.
const callTimeout = 30 * time.Second

// Start runs model as a session of an MCP server and connects a real MCP
// client to it over the in-process transport (JSON-RPC, no network). The
// session, the client and a server Start built are stopped when the test
// ends. A failure to start stops the test.
func Start(t testing.TB, model tea.Model, opts ...Option) *Session {
	t.Helper()
	cfg := newConfig(opts)
	srv := cfg.server
	if srv == nil {
		var err error
		srv, err = mcp.New(serverOptions(cfg.opts))
		if err != nil {
			t.Fatalf("mcptest.Start: %v", err)
			return nil
		}
		t.Cleanup(func() { _ = srv.Close() })
	}
	ctx := context.Background()
	// The session is recorded for its failure reports; the recording ends
	// after everything else the test set up (cleanups run last first).
	hist := newHistory(cfg.app, cfg.id, cfg.width, cfg.height)
	t.Cleanup(func() { _ = hist.rec.Close() })
	sess, err := srv.StartSession(ctx, cfg.id, cfg.app, model, tea.WithSize(cfg.width, cfg.height), hist.rec.Option())
	if err != nil {
		t.Fatalf("mcptest.Start: %v", err)
		return nil
	}
	// Every model the app publishes must stay as it was published.
	runtimetest.Check(t, sess.Runtime)
	t.Cleanup(func() { _ = srv.Sessions().Stop(sess.ID) })

	c, err := connect(ctx, srv)
	if err != nil {
		t.Fatalf("mcptest.Start: %v", err)
		return nil
	}
	t.Cleanup(func() { _ = c.Close() })

	s := &Session{core: &core{t: t, id: sess.ID, srv: srv, sess: sess, client: c, wait: cfg.wait, hist: hist}}
	s.root = s
	t.Cleanup(s.checkPending)
	return s
}

// connect starts an in-process client of srv and initializes it, as any MCP
// client does before its first call.
func connect(ctx context.Context, srv *mcp.Server) (*client.Client, error) {
	c, err := mcpclient.Connect(ctx, srv, "mcptest")
	if err != nil {
		return nil, fmt.Errorf("in-process client: %w", err)
	}
	return c, nil
}

// ID returns the session id, the first segment of its tool names.
func (s *Session) ID() string { return s.id }

// Server returns the MCP server the session runs in.
func (s *Session) Server() *mcp.Server { return s.srv }

// Client returns the MCP client the harness calls through, for a test that
// needs a request the harness does not wrap (resources, prompts).
func (s *Session) Client() *client.Client { return s.client }

// Stop stops the session now, as facet_stop would, and returns once its
// tools are gone from the server. Later steps fail with the error a client
// would get.
func (s *Session) Stop() {
	s.t.Helper()
	// tea.Sessions.Stop returns after the session's watchers have run (also
	// for a session already leaving because its app quit), and the server's
	// watcher removes the session's tools; a session that is gone already
	// has none left.
	if err := s.srv.Sessions().Stop(s.id); err != nil && !errors.Is(err, tea.ErrNoSession) {
		s.fatal("", "Stop(): %v", err)
	}
}

// tool returns the full name of a tool given as a static name (facet_*), a
// full derived name, a name without the session prefix ("results.sort") or
// "discover_tools".
func (s *Session) tool(name string) string {
	switch {
	case strings.HasPrefix(name, "facet_"), strings.HasPrefix(name, "agent_"), strings.HasPrefix(name, "agent."):
		return name
	case name == "discover_tools":
		return s.id + "." + name
	case strings.Count(name, ".") == 1:
		return s.id + "." + name
	}
	return name
}

// shown spells a tool name as the server lists the session's tools: a
// derived name in the seed's dotted spelling becomes its SafeName, unless
// the server lists dotted names.
func (s *Session) shown(name string) string {
	if !strings.HasPrefix(name, s.id+".") {
		return name
	}
	listed, err := s.listTools()
	if err != nil {
		return name
	}
	for _, n := range listed {
		if strings.HasPrefix(n, s.id+".") {
			return name
		}
	}
	return toolname.SafeName(name)
}

// sessionArg names the tools that take the session id (as
// mcp.SessionArg, or its deprecated name).
var sessionArg = map[string]bool{
	"facet_send_key": true, "facet_get_model": true, "facet_screenshot": true, "facet_stop": true,
}

// call makes one tools/call through the client. A protocol error (an
// unknown tool, say) comes back as an error Result, like a tool error, so
// both read the same in a report.
func (s *Session) call(name string, args map[string]any) *Result {
	if args == nil {
		args = map[string]any{}
	}
	if sessionArg[name] {
		_, named := args[mcp.SessionArg]
		_, old := args[mcp.DeprecatedSessionArg]
		if !named && !old {
			args[mcp.SessionArg] = s.id
		}
	}
	req := sdk.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	res, err := s.client.CallTool(ctx, req)
	if err != nil {
		return &Result{Tool: name, IsError: true, Text: err.Error(), Protocol: true}
	}
	return newResult(name, res)
}

// run is a step's call: it fails the test when the call's outcome is not
// the one expected (success, or an error containing ExpectError's text). It
// reports whether the call succeeded and the step should use its result.
func (s *Session) run(step, widget, tool string, args map[string]any) (*Result, bool) {
	s.t.Helper()
	before := s.sess.Snapshot()
	res := s.call(tool, args)
	c := call{step: step, tool: tool, before: before, after: s.sess.Snapshot()}
	if res.IsError {
		c.err = oneLine(res.Text)
	}
	s.hist.add(c)
	if s.expect != nil && !s.expect.used {
		s.expect.used = true
		want := s.expect.want
		switch {
		case !res.IsError:
			s.fatal(widget, "%s: want an error containing %q, but %s succeeded: %s", step, want, s.shown(tool), oneLine(res.Text))
		case !strings.Contains(res.Text, want):
			s.fatal(widget, "%s: want an error containing %q, got: %s", step, want, res.Text)
		}
		return res, false
	}
	if res.IsError {
		s.fatal(widget, "%s: %s failed: %s", step, s.shown(tool), res.Text)
		return res, false
	}
	return res, true
}

// next is what a step returns: the session, no longer expecting an error.
func (s *Session) next() *Session { return s.root }
