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
	// sneak makes more's click add a tool without saying so.
	sneak bool
	// wipe makes wipe's click remove every tool of the session, though it
	// says it added one.
	wipe bool
	// alwaysBoom makes boom panic whether or not arm was clicked.
	alwaysBoom bool
	// failRead makes the text field's read fail outright.
	failRead bool
	// twoReads gives the text field a second read, get_options.
	twoReads bool
	// noField leaves the text field out: every call is then one step.
	noField bool

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
	if ts.failNoise && widget == "noise" || ts.failRead && action == "get_value" {
		tl := sdk.NewToolWithRawSchema(id+"_"+widget+"_"+action, "fails", []byte(schema))
		if write {
			tl.Meta = &sdk.Meta{AdditionalFields: map[string]any{"sensitive": true}}
		}
		ts.srv.AddTool(tl, func(context.Context, sdk.CallToolRequest) (*sdk.CallToolResult, error) {
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
		if (s.armed || ts.alwaysBoom) && !ts.brokenRead && (!ts.onlyS1 || id == "s1") {
			return sdk.NewToolResultError("s.boom.click: update panicked: boom (the session keeps its last good model)")
		}
		return sdk.NewToolResultText("ok")
	})
	ts.tool(id, "noise", "click", true, noArgs, ok("noise"))
	if ts.noField {
		return
	}
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
	if ts.twoReads {
		ts.tool(id, "field", "get_options", false, noArgs, ok("a, b"))
	}
	if ts.sneak {
		ts.tool(id, "more", "click", true, noArgs, func(*trapSession, map[string]any) *sdk.CallToolResult {
			ts.tool(id, "extra", "click", true, noArgs, ok("extra"))
			return sdk.NewToolResultText("more")
		})
	}
	if ts.wipe {
		ts.tool(id, "wipe", "click", true, noArgs, func(*trapSession, map[string]any) *sdk.CallToolResult {
			var names []string
			for name := range ts.srv.ListTools() {
				if strings.HasPrefix(name, id+"_") {
					names = append(names, name)
				}
			}
			ts.srv.DeleteTools(names...)
			return sdk.NewToolResultStructured(map[string]any{"tools_added": []any{id + "_nothing_click"}}, "wiped")
		})
	}
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

// replays counts the fresh sessions the explorer started.
func replays(env *agent.Env) int {
	entries, _ := env.Journal.Entries()
	n := 0
	for _, e := range entries {
		if e.Kind == agent.KindCall && e.Tool == "facet_start" && !e.IsError {
			n++
		}
	}
	return n
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
		{"shrunk to one call", "trap", func(ts *trapServer) { ts.alwaysBoom = true }, Options{Seed: 2}, "panic", []string{"boom.click"}, ""},
		{"shrunk past busy ids", "trap", func(ts *trapServer) { ts.busy = 3 }, Options{}, "panic", []string{"arm.click", "boom.click"}, ""},
		{"no replays to spare", "trap", nil, Options{MaxReplays: 1}, "panic", nil, ""},
		{"two replays only", "trap", nil, Options{MaxReplays: 2}, "panic", nil, ""},
		{"three replays only", "trap", nil, Options{MaxReplays: 3}, "panic", nil, ""},
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
			case tc.shrunk == nil && tc.opts.MaxReplays == 1: // cut at the fault, no more
				if len(f.Shrunk) != f.AtStep || !slices.Equal(steps(f.Shrunk), steps(f.Sequence)) {
					t.Fatalf("with one replay, shrunk to %v of %v", steps(f.Shrunk), steps(f.Sequence))
				}
			case tc.shrunk == nil: // shrunk as far as the replays allowed
				if len(f.Shrunk) < 2 || len(f.Shrunk) > len(f.Sequence) || steps(f.Shrunk)[len(f.Shrunk)-1] != "boom.click" {
					t.Fatalf("with %d replays, shrunk to %v of %v", tc.opts.MaxReplays, steps(f.Shrunk), steps(f.Sequence))
				}
			default:
				if !slices.Equal(steps(f.Shrunk), tc.shrunk) || len(f.Sequence) <= len(tc.shrunk) {
					t.Fatalf("shrunk %v to %v, want %v from more calls", steps(f.Sequence), steps(f.Shrunk), tc.shrunk)
				}
				want := fmt.Sprintf("shrunk the %s fault from %d calls to %d (%d replays)", f.Kind, len(f.Sequence), len(f.Shrunk), replays(env))
				if !strings.Contains(notes(env), want) {
					t.Fatalf("journal lacks %q:\n%s", want, notes(env))
				}
				// Shrinking ends by itself, well within its replays.
				if replays(env) >= e.opts.MaxReplays {
					t.Fatalf("shrinking took all %d replays", replays(env))
				}
			}
			if tc.note == "" && tc.shrunk == nil && replays(env) != tc.opts.MaxReplays {
				t.Fatalf("%d replays, want exactly MaxReplays %d", replays(env), tc.opts.MaxReplays)
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
		{"a read after a write fails outright", func(ts *trapServer) { ts.failRead = true }, "s1_field_get_value: ", "", 80},
		{"every tool is gone", func(ts *trapServer) { ts.wipe = true }, "not found", "", 80},
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

// TestTheExplorerFollowsNewTools: a call that says it added tools has the
// explorer list them again at once, and call the new ones; without it,
// it lists them every 16 calls.
func TestTheExplorerFollowsNewTools(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(ts *trapServer)
		before bool // the new tool is called within the first 16 calls
	}{
		{"announced", func(ts *trapServer) { ts.grow = true }, true},
		{"unannounced", func(ts *trapServer) { ts.sneak = true }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTrapServer(t, "trap")
			tc.setup(ts)
			e, _, err := ts.explore(Options{}, 60)
			if err != nil {
				t.Fatal(err)
			}
			history := steps(e.historyCopy())
			more, extra := slices.Index(history, "more.click"), slices.Index(history, "extra.click")
			if more < 0 || extra < 0 || more >= 12 {
				t.Fatalf("more first called at %d, extra at %d: %v", more, extra, history)
			}
			if (extra < 16) != tc.before {
				t.Fatalf("the new tool first called at %d, after more at %d: %v", extra, more, history)
			}
		})
	}
}

// TestRefreshListsToolsInOrder: whatever order the server lists them in,
// the explorer's tools, and each write's reads, are in name order (the
// run a seed gives must not depend on the server's order), and a name
// with dots marks the server's names as dotted.
func TestRefreshListsToolsInOrder(t *testing.T) {
	ts := newTrapServer(t, "trap")
	ts.twoReads = true
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
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	e := explorerWith("x1", Options{}, nil, "", false)
	tools, err := e.refresh(ctx, agent.NewConn(c, agent.NewJournal(nil), "s1"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.info.Name)
		if tl.info.Name == "s1_field_type_into" {
			var reads []string
			for _, r := range tl.reads {
				reads = append(reads, r.info.Name)
			}
			if !slices.Equal(reads, []string{"s1_field_get_options", "s1_field_get_value"}) {
				t.Fatalf("field's reads %v", reads)
			}
		}
	}
	want := []string{"s1_arm_click", "s1_boom_click", "s1_field_get_options", "s1_field_get_value", "s1_field_type_into", "s1_noise_click"}
	if !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v (discover_tools left out)", names, want)
	}
	if e.dotted {
		t.Fatal("client-safe names read as dotted")
	}
}

// TestTheExplorerListsToolsEvery16Calls: besides its first listing, the
// explorer lists the session's tools again after every 16th call.
func TestTheExplorerListsToolsEvery16Calls(t *testing.T) {
	for _, budget := range []int{16, 17, 60} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			ts := newTrapServer(t, "") // no app: nothing is replayed
			ts.noField = true          // every call one step, none read after it
			_, env, err := ts.explore(Options{}, budget)
			if err != nil {
				t.Fatal(err)
			}
			entries, _ := env.Journal.Entries()
			lists := 0
			for _, e := range entries {
				if e.Kind == agent.KindObservation && strings.HasPrefix(e.Text, "tools/list: ") {
					lists++
				}
			}
			calls := budget - 1 // facet_list took one step
			if want := 1 + calls/16; lists != want {
				t.Fatalf("%d calls listed the tools %d times, want %d", calls, lists, want)
			}
		})
	}
}
