package explorer

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/agent"
)

// trapServer is an MCP server shaped as render/mcp's, serving one app,
// "trap", whose sessions have a bug the explorer must find and shrink:
// boom panics once arm has been clicked. noise and a text field (with a
// read) are there to be shrunk away. Sessions start and stop with
// facet_start and facet_stop, as the explorer's replays need.
type trapServer struct {
	t   *testing.T
	srv *server.MCPServer

	// app is the app facet_list says session s1 runs ("" for none, and
	// facet_list fails).
	app string
	// busy is how many facet_start ids are answered "already running".
	busy int
	// onlyS1 makes the bug show on s1 only: replays never reproduce it.
	onlyS1 bool
	// brokenRead makes the text field's read fail once it is typed into,
	// instead of the panic.
	brokenRead bool
	// stopAfter ends s1 after that many calls of its tools (0: never).
	stopAfter int
	// failNoise makes noise's click fail outright: a protocol error, not
	// an error result.
	failNoise bool
	// grow makes more's click add a tool, and say so (tools_added).
	grow bool
	// empty makes s1 offer no tools.
	empty bool

	mu       sync.Mutex
	sessions map[string]*trapSession
	starts   int
}

type trapSession struct {
	armed, typed bool
	calls        int
	called       []string
}

func newTrapServer(t *testing.T, app string) *trapServer {
	ts := &trapServer{t: t, app: app, sessions: map[string]*trapSession{}}
	ts.srv = server.NewMCPServer("trap", "1", server.WithToolCapabilities(true))
	ts.srv.AddTool(sdk.NewTool("facet_list"), func(context.Context, sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		if ts.app == "" {
			return sdk.NewToolResultError("facet_list is not allowed"), nil
		}
		rows := []any{map[string]any{"id": "s0", "app": "other"}, map[string]any{"id": "s1", "app": ts.app}}
		return sdk.NewToolResultStructured(map[string]any{"sessions": rows}, "sessions"), nil
	})
	ts.srv.AddTool(sdk.NewTool("facet_start"), func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		app, id := req.GetString("app", ""), req.GetString("session", req.GetString("id", ""))
		ts.mu.Lock()
		ts.starts++
		busy := ts.starts <= ts.busy
		_, exists := ts.sessions[id]
		ts.mu.Unlock()
		switch {
		case app != "trap":
			return sdk.NewToolResultError("unknown app " + app + "\nknown: trap"), nil
		case busy || exists:
			return sdk.NewToolResultError("session " + id + " is already running"), nil
		}
		ts.start(id)
		return sdk.NewToolResultText("started " + id), nil
	})
	ts.srv.AddTool(sdk.NewTool("facet_stop"), func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		ts.stop(req.GetString("session", req.GetString("id", "")))
		return sdk.NewToolResultText("stopped"), nil
	})
	return ts
}

// tool registers tool action of widget on session id.
func (ts *trapServer) tool(id, widget, action string, write bool, schema string, answer func(s *trapSession, args map[string]any) *sdk.CallToolResult) {
	if ts.failNoise && widget == "noise" {
		ts.srv.AddTool(sdk.NewToolWithRawSchema(id+"_noise_click", "noise", []byte(schema)), func(context.Context, sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return nil, fmt.Errorf("the handler failed")
		})
		return
	}
	name := id + "_" + widget + "_" + action
	tl := sdk.NewToolWithRawSchema(name, name, []byte(schema))
	if write {
		tl.Meta = &sdk.Meta{AdditionalFields: map[string]any{"sensitive": true}}
	}
	ts.srv.AddTool(tl, func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		ts.mu.Lock()
		s := ts.sessions[id]
		if s == nil {
			ts.mu.Unlock()
			return sdk.NewToolResultError("session `" + id + "` is not running"), nil
		}
		s.calls++
		s.called = append(s.called, widget+"."+action)
		if ts.stopAfter > 0 && id == "s1" && s.calls > ts.stopAfter {
			ts.mu.Unlock()
			return sdk.NewToolResultError("session `" + id + "` is not running"), nil
		}
		res := answer(s, req.GetArguments())
		ts.mu.Unlock()
		return res, nil
	})
}

func ok(string) func(*trapSession, map[string]any) *sdk.CallToolResult {
	return func(*trapSession, map[string]any) *sdk.CallToolResult { return sdk.NewToolResultText("ok") }
}

const noArgs = `{"type":"object","properties":{}}`

func (ts *trapServer) start(id string) {
	ts.mu.Lock()
	ts.sessions[id] = &trapSession{}
	ts.mu.Unlock()
	if ts.empty && id == "s1" {
		return
	}
	ts.tool(id, "arm", "click", true, noArgs, func(s *trapSession, _ map[string]any) *sdk.CallToolResult {
		s.armed = true
		return sdk.NewToolResultText("armed")
	})
	ts.tool(id, "boom", "click", true, noArgs, func(s *trapSession, _ map[string]any) *sdk.CallToolResult {
		if s.armed && !ts.brokenRead && (!ts.onlyS1 || id == "s1") {
			return sdk.NewToolResultError("s.boom.click: update panicked: boom (the session keeps its last good model)")
		}
		return sdk.NewToolResultText("ok")
	})
	ts.tool(id, "noise", "click", true, noArgs, ok("noise"))
	ts.tool(id, "field", "type_into", true, `{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`,
		func(s *trapSession, _ map[string]any) *sdk.CallToolResult {
			s.typed = true
			return sdk.NewToolResultText("typed")
		})
	ts.tool(id, "field", "get_value", false, noArgs, func(s *trapSession, _ map[string]any) *sdk.CallToolResult {
		if ts.brokenRead && s.typed && s.armed {
			return sdk.NewToolResultError("s.field.get_value: the value could not be encoded")
		}
		return sdk.NewToolResultText("value")
	})
	ts.tool(id, "field", "discover_tools", false, noArgs, ok("discover"))
	if ts.grow {
		ts.tool(id, "more", "click", true, noArgs, func(*trapSession, map[string]any) *sdk.CallToolResult {
			ts.tool(id, "extra", "click", true, noArgs, ok("extra"))
			return sdk.NewToolResultStructured(map[string]any{"tools_added": []any{id + "_extra_click"}}, "more")
		})
	}
}

func (ts *trapServer) stop(id string) {
	ts.mu.Lock()
	delete(ts.sessions, id)
	ts.mu.Unlock()
}

func (ts *trapServer) live() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var ids []string
	for id := range ts.sessions {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// explore runs an explorer of opts on s1 for steps calls.
func (ts *trapServer) explore(opts Options, steps int) (*Explorer, *agent.Env, error) {
	t := ts.t
	ts.start("s1")
	c, err := client.NewInProcessClient(ts.srv)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "explorer-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	journal := agent.NewJournal(nil)
	spec := agent.Spec{Kind: Kind, ID: "x1", Session: "s1", Budget: agent.Budget{Steps: steps}}
	a, err := New(opts)(spec)
	if err != nil {
		t.Fatal(err)
	}
	env := &agent.Env{Conn: agent.NewConn(c, journal, "s1"), Journal: journal, Spec: spec}
	e := a.(*Explorer)
	return e, env, e.Run(ctx, env)
}

func notes(env *agent.Env) string {
	entries, _ := env.Journal.Entries()
	var b strings.Builder
	for _, e := range entries {
		if e.Kind == agent.KindNote || e.Kind == agent.KindError {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

func steps(seq []Step) []string {
	out := make([]string, 0, len(seq))
	for _, s := range seq {
		out = append(out, s.Widget+"."+s.Action)
	}
	return out
}

// TestTheExplorerFindsAndShrinksTheTrap: the explorer finds the panic
// behind arm, and shrinks the calls to it to the two that matter on fresh
// sessions it stops again; or says why it could not.
func TestTheExplorerFindsAndShrinksTheTrap(t *testing.T) {
	tests := []struct {
		name   string
		app    string
		setup  func(ts *trapServer)
		opts   Options
		kind   string
		shrunk []string // nil: not shrunk
		note   string   // the fault's ShrinkNote
	}{
		{"shrunk to arm and boom", "trap", nil, Options{}, "panic", []string{"arm.click", "boom.click"}, ""},
		{"shrunk past busy ids", "trap", func(ts *trapServer) { ts.busy = 3 }, Options{}, "panic", []string{"arm.click", "boom.click"}, ""},
		{"no replays to spare", "trap", nil, Options{MaxReplays: 1}, "panic", nil, ""},
		{"a broken read after a write", "trap", func(ts *trapServer) { ts.brokenRead = true }, Options{Seed: 3}, "read_after_write", []string{"arm.click", "field.type_into", "field.get_value"}, ""},
		{"no app known", "", nil, Options{}, "panic", nil, "facet_list did not tell which app the session runs"},
		{"an app that cannot start", "other", nil, Options{}, "panic", nil, "cannot replay: facet_start other: unknown app other"},
		{"every id busy", "trap", func(ts *trapServer) { ts.busy = 1000 }, Options{}, "panic", nil, "cannot replay: facet_start trap: session xp00013 is already running"},
		{"a fault of this session only", "trap", func(ts *trapServer) { ts.onlyS1 = true }, Options{}, "panic", nil, "the calls do not reproduce the fault from a fresh start"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTrapServer(t, tc.app)
			if tc.setup != nil {
				tc.setup(ts)
			}
			e, env, err := ts.explore(tc.opts, 80)
			if err != nil {
				t.Fatal(err)
			}
			faults := e.Faults()
			if len(faults) == 0 || faults[0].Kind != tc.kind {
				t.Fatalf("faults %+v, want a %s first\n%s", faults, tc.kind, notes(env))
			}
			f := faults[0]
			if f.ShrinkNote != "" && !strings.Contains(f.ShrinkNote, tc.note) || (f.ShrinkNote == "") != (tc.note == "") {
				t.Fatalf("shrink note %q, want %q", f.ShrinkNote, tc.note)
			}
			if f.Reproduced != (tc.note == "") {
				t.Fatalf("reproduced %v with note %q", f.Reproduced, f.ShrinkNote)
			}
			switch {
			case tc.note != "":
				if !slices.Equal(steps(f.Shrunk), steps(f.Sequence)) || !strings.Contains(notes(env), "could not shrink the fault: "+f.ShrinkNote) {
					t.Fatalf("not shrunk, yet shrunk to %v of %v\n%s", steps(f.Shrunk), steps(f.Sequence), notes(env))
				}
			case tc.shrunk == nil: // one replay only: cut at the fault, no more
				if len(f.Shrunk) != f.AtStep || !slices.Equal(steps(f.Shrunk), steps(f.Sequence)) {
					t.Fatalf("with one replay, shrunk to %v of %v", steps(f.Shrunk), steps(f.Sequence))
				}
			default:
				if !slices.Equal(steps(f.Shrunk), tc.shrunk) {
					t.Fatalf("shrunk %v to %v, want %v", steps(f.Sequence), steps(f.Shrunk), tc.shrunk)
				}
				want := fmt.Sprintf("shrunk the %s fault from %d calls to %d (", f.Kind, len(f.Sequence), len(f.Shrunk))
				if !strings.Contains(notes(env), want) {
					t.Fatalf("journal lacks %q:\n%s", want, notes(env))
				}
			}
			if live := ts.live(); !slices.Equal(live, []string{"s1"}) {
				t.Fatalf("sessions %v after the run: the replays' were not stopped", live)
			}
			st := e.Status()
			if st["finished"] != true || st["calls"].(int) > 80 || env.Conn.Steps() < 80 {
				t.Fatalf("status %v after %d steps", st, env.Conn.Steps())
			}
			if !strings.Contains(notes(env), fmt.Sprintf("explored %d calls; %d faults; coverage ", st["calls"], len(faults))) {
				t.Fatalf("journal:\n%s", notes(env))
			}
		})
	}
}

// TestTheExplorerStops: when the session stops, offers nothing, or a
// call fails outright, exploring ends.
func TestTheExplorerStops(t *testing.T) {
	tests := []struct {
		name  string
		setup func(ts *trapServer)
		err   string
		note  string
		calls int // at most, on s1
	}{
		{"the session stops", func(ts *trapServer) { ts.stopAfter = 5 }, "", "session s1 stopped; exploring ends", 6},
		{"no tools", func(ts *trapServer) { ts.empty = true }, "", "session s1 offers me no tools: nothing to explore", 0},
		{"a call fails outright", func(ts *trapServer) { ts.failNoise = true }, "s1_noise_click: ", "", 80},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTrapServer(t, "trap")
			tc.setup(ts)
			e, env, err := ts.explore(Options{}, 80)
			if (err != nil) != (tc.err != "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
			if !strings.Contains(notes(env), tc.note) {
				t.Fatalf("journal lacks %q:\n%s", tc.note, notes(env))
			}
			if n := len(e.historyCopy()); n > tc.calls {
				t.Fatalf("%d calls recorded, want at most %d", n, tc.calls)
			}
		})
	}
}

// TestTheExplorerFollowsNewTools: a call that adds tools has the explorer
// list them again and call the new ones; without it, it lists them every
// 16 calls.
func TestTheExplorerFollowsNewTools(t *testing.T) {
	ts := newTrapServer(t, "trap")
	ts.grow = true
	e, _, err := ts.explore(Options{}, 60)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(steps(e.historyCopy()), "extra.click") {
		t.Fatalf("the new tool was never called: %v", steps(e.historyCopy()))
	}
}
