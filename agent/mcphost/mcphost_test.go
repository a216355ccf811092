package mcphost_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
)

// clicker is a test agent: it clicks its session's inc button as many
// times as its goal says, after gate (if any) is closed.
type clicker struct {
	goal  string
	gate  <-chan struct{}
	mu    sync.Mutex
	count int
}

func (c *clicker) Run(ctx context.Context, env *agent.Env) error {
	if c.gate != nil {
		select {
		case <-c.gate:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	n, err := strconv.Atoi(c.goal)
	if err != nil {
		return fmt.Errorf("goal %q is not a number of clicks", c.goal)
	}
	for range n {
		if !env.StepsLeft() {
			break
		}
		res, err := env.Conn.Call(ctx, env.Spec.Session+".inc.click", nil)
		if err != nil {
			return err
		}
		if !res.IsError {
			c.mu.Lock()
			c.count++
			c.mu.Unlock()
		}
	}
	return nil
}

func (c *clicker) Ask(context.Context, string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprintf("I clicked inc %d times.", c.count), nil
}

func (c *clicker) Status() map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	return map[string]any{"clicks": c.count}
}

// spawner is a test agent that tries to escape its spawner's limits by
// spawning a clicker on session "other" through the agent tool.
type spawner struct{}

func (spawner) Run(ctx context.Context, env *agent.Env) error {
	_, err := env.Conn.Call(ctx, "agent", map[string]any{"action": "spawn", "kind": "clicker", "id": "grandchild", "session": "other", "goal": "2"})
	return err
}
func (spawner) Ask(context.Context, string) (string, error) { return "", nil }
func (spawner) Status() map[string]any                      { return nil }

type fixture struct {
	srv  *mcp.Server
	m    *agent.Manager
	gate chan struct{}
}

func setup(t *testing.T, opts mcp.Options) *fixture {
	t.Helper()
	f := &fixture{gate: make(chan struct{})}
	opts.Apps = []mcp.App{{Name: "planted", New: func() tea.Model { return planted.Fixed() }}}
	if opts.Auth.Authorizer == nil {
		opts.Auth.Authorizer = mcp.AllowAll()
	}
	f.srv, f.m = mcphosttest.Serve(t, opts, agent.Options{Kinds: map[string]agent.Factory{
		"clicker": func(s agent.Spec) (agent.Agent, error) { return &clicker{goal: s.Goal}, nil },
		"gated":   func(s agent.Spec) (agent.Agent, error) { return &clicker{goal: s.Goal, gate: f.gate}, nil },
		"spawner": func(agent.Spec) (agent.Agent, error) { return spawner{}, nil },
		"picky":   func(agent.Spec) (agent.Agent, error) { return nil, fmt.Errorf("set PICKY_KEY to use it") },
	}, Spawnable: []string{"clicker", "gated", "spawner", "picky"}})
	return f
}

func decode(t *testing.T, r *mcptest.Result) map[string]any {
	t.Helper()
	var v map[string]any
	if err := r.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSpawnListStatusAskStopThroughMCP(t *testing.T) {
	f := setup(t, mcp.Options{})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
	s.SpawnAgent("clicker", "a1", map[string]any{"goal": "3", "budget": map[string]any{"steps": 10, "seconds": 30}})
	st := s.WaitAgent("a1")
	if st["status"] != "done" || st["steps"] != float64(3) || st["last_action"] != "clicked inc" {
		t.Fatalf("status = %v, want done after 3 steps, last action clicked inc", st)
	}
	if d, _ := st["detail"].(map[string]any); d["clicks"] != float64(3) {
		t.Fatalf("detail = %v, want the kind's own status", st["detail"])
	}
	s.AssertScreenContains("Count: 3")
	s.AssertJournal("a1", func(j mcptest.Journal) bool {
		calls := j.Calls()
		return len(calls) == 3 && calls[0] == "demo.inc.click" && j.Status == "done" && j.Session == "demo"
	})
	list := decode(t, s.Call("agent", map[string]any{"action": "list"}))
	if agents, _ := list["agents"].([]any); len(agents) != 1 {
		t.Fatalf("list = %v, want a1", list)
	}
	if got := s.Call("agent", map[string]any{"action": "ask", "id": "a1", "question": "what did you do?"}).Text; got != "I clicked inc 3 times." {
		t.Fatalf("ask = %q", got)
	}
	s.Call("agent", map[string]any{"action": "stop", "id": "a1"})
	s.ExpectError("no such agent").Call("agent", map[string]any{"action": "status", "id": "a1"})
}

func TestAgentToolsAreAnnotatedAndAuthorized(t *testing.T) {
	f := setup(t, mcp.Options{})
	tools := map[string]bool{}
	for name, tl := range mcptest.ListedTools(t, f.srv) {
		tools[name] = tl.Meta != nil && tl.Meta.AdditionalFields["sensitive"] == true
	}
	for name, sensitive := range tools {
		if strings.HasPrefix(name, "agent") && (name != agent.ToolName || !sensitive) {
			t.Errorf("%s listed, sensitive %v: want only %s, sensitive (spawn, ask and stop act or reveal what an agent saw)", name, sensitive, agent.ToolName)
		}
	}
	if _, ok := tools[agent.ToolName]; !ok {
		t.Errorf("%s is not listed: %v", agent.ToolName, tools)
	}
	// Behind the authorizer like every tool.
	deny := setup(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: func(tool string, _ map[string]any, _ mcp.AuthContext) mcp.Decision {
		if tool == agent.ToolName {
			return mcp.Deny("no agents here")
		}
		return mcp.Allow()
	}}})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(deny.srv), mcptest.WithID("demo"))
	s.ExpectError("no agents here").SpawnAgent("clicker", "a1", map[string]any{"goal": "1"})
}

func TestSpawnRefusesWhatBreaksTheRules(t *testing.T) {
	f := setup(t, mcp.Options{})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
	s.SpawnAgent("gated", "taken", map[string]any{"goal": "1"})
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"a kind that is not spawnable", map[string]any{"kind": "llm", "id": "x1", "session": "demo"}, "not spawnable here; spawnable kinds: clicker, gated, spawner, picky"},
		{"the reserved id agent", map[string]any{"kind": "clicker", "id": "agent", "session": "demo"}, "reserved"},
		{"the reserved id facet", map[string]any{"kind": "clicker", "id": "facet", "session": "demo"}, "reserved"},
		{"an id with a dot", map[string]any{"kind": "clicker", "id": "a.b", "session": "demo"}, "invalid agent id"},
		{"an id in use", map[string]any{"kind": "clicker", "id": "taken", "session": "demo"}, "already exists"},
		{"a budget over the limit", map[string]any{"kind": "clicker", "id": "x2", "session": "demo", "budget": map[string]any{"steps": 1e9}}, "out of range"},
		{"a budget field that does not exist", map[string]any{"kind": "clicker", "id": "x3", "session": "demo", "budget": map[string]any{"tokens": 3}}, "unknown budget field"},
		{"a factory's own refusal", map[string]any{"kind": "picky", "id": "x4", "session": "demo"}, "set PICKY_KEY"},
		{"an unknown argument", map[string]any{"kind": "clicker", "id": "x5", "session": "demo", "seed": 3}, "unknown argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := map[string]any{"action": "spawn"}
			maps.Copy(args, tt.args)
			s.ExpectError(tt.want).Call(agent.ToolName, args)
		})
	}
	close(f.gate)
}

// TestTheAgentToolSaysWhatEachActionTakes: the one agent tool refuses a
// missing or unknown action, and an action given an argument it does not
// take or without one it needs, naming what it takes.
func TestTheAgentToolSaysWhatEachActionTakes(t *testing.T) {
	f := setup(t, mcp.Options{})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
	for _, tt := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{}, "action is required: one of spawn, list, status, ask, stop"},
		{map[string]any{"action": "fly"}, `action "fly": one of spawn, list, status, ask, stop`},
		{map[string]any{"action": "list", "id": "a1"}, "list takes no other argument, not id"},
		{map[string]any{"action": "status"}, "status needs id"},
		{map[string]any{"action": "ask", "id": "a1"}, "ask needs question (it takes id, question)"},
		{map[string]any{"action": "stop", "id": "a1", "question": "why?"}, "stop takes only id, not question"},
		{map[string]any{"action": "status", "id": 3}, "status: id must be a string"},
	} {
		s.ExpectError(tt.want).Call(agent.ToolName, tt.args)
	}
}

func TestJournalResourceIsSubscribableWithPatches(t *testing.T) {
	f := setup(t, mcp.Options{})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
	// A client of the stateful protocol, whose resources/subscribe is a
	// request answered once the subscription is recorded.
	c := legacyClient(t, f.srv)
	var mu sync.Mutex
	var updates []map[string]any
	c.OnNotification(func(n sdk.JSONRPCNotification) {
		if n.Method != "notifications/resources/updated" {
			return
		}
		b, _ := json.Marshal(n.Params)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		mu.Lock()
		updates = append(updates, m)
		mu.Unlock()
	})
	// The subscriber spawns the agent: a journal is its spawner's to read.
	spawn := sdk.CallToolRequest{}
	spawn.Params.Name = "agent"
	spawn.Params.Arguments = map[string]any{"action": "spawn", "kind": "gated", "id": "g1", "session": s.ID(), "goal": "4"}
	if res, err := c.CallTool(context.Background(), spawn); err != nil || res.IsError {
		t.Fatalf("spawn: %v %v", err, res)
	}
	uri := agent.JournalURI("g1")
	//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
	if err := c.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: uri}}); err != nil {
		t.Fatalf("subscribe: %v", err)
	}
	before := readText(t, c, uri)
	close(f.gate)
	waitFor(t, f.m, "g1")
	deadline := time.Now().Add(5 * time.Second)
	for {
		final := readText(t, c, uri)
		mu.Lock()
		got := append([]map[string]any(nil), updates...)
		mu.Unlock()
		doc := []byte(before)
		for _, u := range got {
			meta, _ := u["_meta"].(map[string]any)
			raw, _ := json.Marshal(meta["patch"])
			p, err := jsonpatch.DecodePatch(raw)
			if err != nil {
				t.Fatalf("patch %s: %v", raw, err)
			}
			if doc, err = p.Apply(doc); err != nil {
				t.Fatalf("apply %s: %v", raw, err)
			}
		}
		if len(got) > 0 && jsonpatch.Equal(doc, []byte(final)) {
			if !strings.Contains(final, `"demo.inc.click"`) || !strings.Contains(final, `"status":"done"`) {
				t.Fatalf("journal %s: want the calls, done", final)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %d updates the patches give\n%s\nbut the journal reads\n%s", len(got), doc, final)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func legacyClient(t *testing.T, srv *mcp.Server) *client.Client {
	t.Helper()
	ic, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := mcpclient.New(ic)
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = "2025-06-18"
	req.Params.ClientInfo = sdk.Implementation{Name: "journal-test", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	return c
}

func readText(t *testing.T, c *client.Client, uri string) string {
	t.Helper()
	res, err := c.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}})
	if err != nil {
		t.Fatalf("read %s: %v", uri, err)
	}
	return res.Contents[0].(sdk.TextResourceContents).Text
}

// narrowing is a per-connection policy: a connection that called
// agent_narrow_me may use session demo's tools and the agent tools only.
type narrowing struct {
	mu     sync.Mutex
	narrow map[string]bool
}

func (n *narrowing) authorize(tool string, _ map[string]any, ac mcp.AuthContext) mcp.Decision {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.narrow[ac.ConnectionID] && !mcp.MatchName("demo.*", tool) && !strings.HasPrefix(tool, "agent") {
		return mcp.Deny("this connection may use session demo only")
	}
	return mcp.Allow()
}

func TestAnAgentCannotExceedItsSpawner(t *testing.T) {
	pol := &narrowing{narrow: map[string]bool{}}
	f := setup(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: pol.authorize}})
	err := f.m.Expose(&agent.Bridge{ID: "host", Kind: "policy", Actions: []agent.Action{{
		Name: "narrow_me", Description: "Limit the calling connection to session demo.",
		Do: func(ctx context.Context, _ map[string]any) (agent.Reply, error) {
			pol.mu.Lock()
			pol.narrow[mcp.CallerOf(ctx).ConnectionID] = true
			pol.mu.Unlock()
			return agent.Reply{Text: "narrowed"}, nil
		}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.srv.StartSession(context.Background(), "other", "planted", planted.Fixed()); err != nil {
		t.Fatal(err)
	}
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
	s.Call("agent_narrow_me", nil)
	s.ExpectError("session demo only").Call("other.inc.click", nil)

	s.SpawnAgent("clicker", "ok", map[string]any{"goal": "2"})
	s.Call("agent", map[string]any{"action": "spawn", "kind": "clicker", "id": "out", "session": "other", "goal": "2"})
	s.Call("agent", map[string]any{"action": "spawn", "kind": "spawner", "id": "esc", "session": "demo"})
	for _, id := range []string{"ok", "out", "esc", "grandchild"} {
		waitFor(t, f.m, id)
	}
	demo, _ := f.srv.Sessions().Get("demo")
	if screen := mcp.Screenshot(demo.Snapshot()); !strings.Contains(screen, "Count: 2") {
		t.Fatalf("session demo after the allowed agent:\n%s", screen)
	}
	for _, id := range []string{"out", "grandchild"} {
		s.AssertJournal(id, func(j mcptest.Journal) bool {
			for _, e := range j.Entries {
				if e.Kind == "call" && (!e.IsError || !strings.Contains(e.Answer, "authorization_required")) {
					return false
				}
			}
			return len(j.Calls()) == 2
		})
	}
	other, _ := f.srv.Sessions().Get("other")
	if screen := mcp.Screenshot(other.Snapshot()); !strings.Contains(screen, "Count: 0") {
		t.Fatalf("session other was changed by a narrowed agent:\n%s", screen)
	}
	// The bridge's action is journaled like any agent's call.
	s.AssertJournal("host", func(j mcptest.Journal) bool {
		calls := j.Calls()
		return len(calls) == 1 && calls[0] == "agent_narrow_me"
	})
}

func waitFor(t *testing.T, m *agent.Manager, id string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		if _, err := m.Status(id); err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("agent %s never appeared", id)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if _, err := m.Wait(ctx, id); err != nil {
		t.Fatalf("agent %s: %v", id, err)
	}
}

func TestBridgeActionsAreLimitedLikeWidgetTools(t *testing.T) {
	f := setup(t, mcp.Options{ToolNames: mcp.NamesSafe})
	do := func(context.Context, map[string]any) (agent.Reply, error) { return agent.Reply{Text: "ok"}, nil }
	if err := f.m.Expose(&agent.Bridge{ID: "b0", Actions: []agent.Action{{Name: "ping", Do: do}}}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		bridge agent.Bridge
		want   string
	}{
		{"an action another bridge's tool has", agent.Bridge{ID: "b1", Actions: []agent.Action{{Name: "ping", Do: do}}}, "taken"},
		{"an action name that breaks the rule", agent.Bridge{ID: "b2", Actions: []agent.Action{{Name: "Read-File", Do: do}}}, "invalid"},
		{"a reserved id", agent.Bridge{ID: "agent", Actions: []agent.Action{{Name: "x", Do: do}}}, "reserved"},
		{"a schema that cannot be cleaned", agent.Bridge{ID: "b3", Actions: []agent.Action{{Name: "x", Do: do,
			InputSchema: map[string]any{"type": "object", "properties": map[string]any{"amount": map[string]any{"type": "integer"}, "amount\u200b": map[string]any{"type": "string"}}}}}}, "amount"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.bridge
			err := f.m.Expose(&b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Expose = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	err := f.m.Expose(&agent.Bridge{ID: "files", Actions: []agent.Action{{Name: "read_file", Sensitive: true,
		Description: "Read a file\u202e.", Do: do}}})
	if err != nil {
		t.Fatal(err)
	}
	tl, ok := mcptest.ListedTools(t, f.srv)["agent_read_file"]
	if !ok || tl.Meta == nil || tl.Meta.AdditionalFields["sensitive"] != true || tl.Description != "Read a file." {
		t.Fatalf("agent_read_file = %+v, want sensitive with a cleaned description", tl)
	}
	f.m.Unexpose("files")
	if _, ok := mcptest.ListedTools(t, f.srv)["agent_read_file"]; ok {
		t.Fatal("Unexpose left the tool")
	}
}

// typist signs in on the login demo: an email, and a password.
type typist struct{}

func (typist) Run(ctx context.Context, env *agent.Env) error {
	if _, err := env.Conn.SessionTools(ctx); err != nil {
		return err
	}
	// On its session, then on another session of the same app whose tools
	// it never listed (as the explorer replays).
	for _, c := range []struct{ tool, text string }{{"login.email.type_into", "ada@example.com"}, {"login.password.type_into", "hunter2"},
		{"login2.password.type_into", "swordfish"}, {"login2_password_type_into", "opensesame"}} {
		if _, err := env.Conn.Call(ctx, c.tool, map[string]any{"text": c.text}); err != nil {
			return err
		}
	}
	return nil
}
func (typist) Ask(context.Context, string) (string, error) { return "", nil }
func (typist) Status() map[string]any                      { return nil }

func TestTheJournalNeverHoldsWhatWasTypedIntoAMaskedField(t *testing.T) {
	srv, _ := mcphosttest.Serve(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}}, agent.Options{Kinds: map[string]agent.Factory{"typist": func(agent.Spec) (agent.Agent, error) { return typist{}, nil }}})
	if _, err := srv.StartSession(context.Background(), "login2", "login", playground.NewLogin()); err != nil {
		t.Fatal(err)
	}
	s := mcptest.Start(t, playground.NewLogin(), mcptest.WithServer(srv), mcptest.WithID("login"))
	s.SpawnAgent("typist", "t1", nil)
	s.WaitAgent("t1")
	raw := readText(t, s.Client(), agent.JournalURI("t1"))
	for _, secret := range []string{"hunter2", "swordfish", "opensesame"} {
		if strings.Contains(raw, secret) {
			t.Fatalf("journal holds %q, typed into a masked field:\n%s", secret, raw)
		}
	}
	if !strings.Contains(raw, "ada@example.com") || strings.Count(raw, agent.MaskedText) != 3 {
		t.Fatalf("journal: want the email, and the three passwords masked:\n%s", raw)
	}
	// Nor does anything its status or the list answers.
	for _, args := range []map[string]any{{"action": "status", "id": "t1"}, {"action": "list"}} {
		res := s.Call(agent.ToolName, args)
		for _, secret := range []string{"hunter2", "swordfish", "opensesame"} {
			if strings.Contains(res.Text, secret) || strings.Contains(string(res.Structured), secret) {
				t.Fatalf("%v answers %q:\n%s", args, secret, res.Text)
			}
		}
	}
}

// TestAnAgentReachesWhatItsSpawnerReaches spawns agents from one client
// connection on a session it started, a host session, another
// connection's shared session and another connection's unshared one: the
// agent acts as its spawner, so it changes the first three and is refused
// the last, which stays as it was.
func TestAnAgentReachesWhatItsSpawnerReaches(t *testing.T) {
	f := setup(t, mcp.Options{})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("host1"))
	s.Call("facet_start", map[string]any{"app": "planted", "id": "mine"})
	other := legacyClient(t, f.srv)
	for _, st := range []map[string]any{{"app": "planted", "id": "theirs"}, {"app": "planted", "id": "open", "shared": true}} {
		req := sdk.CallToolRequest{}
		req.Params.Name = "facet_start"
		req.Params.Arguments = st
		if res, err := other.CallTool(context.Background(), req); err != nil || res.IsError {
			t.Fatalf("facet_start %v by the other connection: %v %v", st, err, res)
		}
	}
	tests := []struct {
		session string
		reached bool
	}{
		{"mine", true},
		{"host1", true},
		{"open", true},
		{"theirs", false},
	}
	for _, tt := range tests {
		t.Run(tt.session, func(t *testing.T) {
			id := "a-" + tt.session
			s.SpawnAgent("clicker", id, map[string]any{"goal": "2", "session": tt.session})
			s.WaitAgent(id)
			sess, ok := f.srv.Sessions().Get(tt.session)
			if !ok {
				t.Fatalf("session %s stopped", tt.session)
			}
			screen := mcp.Screenshot(sess.Snapshot())
			if want := map[bool]string{true: "Count: 2", false: "Count: 0"}[tt.reached]; !strings.Contains(screen, want) {
				t.Fatalf("session %s after the agent: want %s\n%s", tt.session, want, screen)
			}
			if tt.reached {
				return
			}
			s.AssertJournal(id, func(j mcptest.Journal) bool {
				for _, e := range j.Entries {
					if e.Kind == "call" && (!e.IsError || !strings.Contains(e.Answer, "started by another client and not shared")) {
						return false
					}
				}
				return len(j.Calls()) == 2
			})
		})
	}
	// The agents' own connections have ended: nothing of their spawner's
	// stopped with them.
	for _, tt := range tests {
		waitFor(t, f.m, "a-"+tt.session)
		if _, ok := f.srv.Sessions().Get(tt.session); !ok {
			t.Errorf("session %s stopped when an agent's connection ended", tt.session)
		}
	}
}

// TestABridgeIsCalledAndJournaledByItsAdvertisedName exposes a bridge on a
// server of each tool name style: its action is listed, called and
// journaled under one name, agent_<action> by default and agent.<action>
// with dotted names.
func TestABridgeIsCalledAndJournaledByItsAdvertisedName(t *testing.T) {
	tests := []struct {
		style, want string
	}{
		{"", "agent_ping"},
		{mcp.NamesSafe, "agent_ping"},
		{mcp.NamesDotted, "agent.ping"},
	}
	for _, tt := range tests {
		t.Run(tt.want+" "+tt.style, func(t *testing.T) {
			f := setup(t, mcp.Options{ToolNames: tt.style})
			err := f.m.Expose(&agent.Bridge{ID: "pinger", Actions: []agent.Action{{Name: "ping", Description: "Answer pong.",
				Do: func(context.Context, map[string]any) (agent.Reply, error) { return agent.Reply{Text: "pong"}, nil }}}})
			if err != nil {
				t.Fatal(err)
			}
			s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
			if got := s.Call(tt.want, nil).Text; got != "pong" {
				t.Fatalf("%s answered %q", tt.want, got)
			}
			s.AssertJournal("pinger", func(j mcptest.Journal) bool {
				calls := j.Calls()
				return len(calls) == 1 && calls[0] == tt.want
			})
		})
	}
}

// TestAnAgentIsItsSpawnersConnections spawns an agent from one client
// connection: another connection neither lists it nor reads its status,
// journal or answers, nor stops it, while the spawner does all of these;
// an agent the host spawned is every connection's.
func TestAnAgentIsItsSpawnersConnections(t *testing.T) {
	f := setup(t, mcp.Options{})
	s := mcptest.Start(t, planted.Fixed(), mcptest.WithServer(f.srv), mcptest.WithID("demo"))
	s.SpawnAgent("clicker", "mine", map[string]any{"goal": "1"})
	s.WaitAgent("mine")
	if _, err := f.m.Spawn(context.Background(), agent.Spec{Kind: "clicker", ID: "hosts", Session: "demo", Goal: "1"}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, f.m, "hosts")

	other := legacyClient(t, f.srv)
	call := func(tool string, args map[string]any) *sdk.CallToolResult {
		t.Helper()
		req := sdk.CallToolRequest{}
		req.Params.Name = tool
		req.Params.Arguments = args
		res, err := other.CallTool(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		return res
	}
	text := func(res *sdk.CallToolResult) string {
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(sdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String()
	}
	if list := text(call("agent", map[string]any{"action": "list"})); strings.Contains(list, "mine") || !strings.Contains(list, "hosts") {
		t.Fatalf("list on another connection:\n%s\nwant hosts and not mine", list)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"agent", map[string]any{"action": "status", "id": "mine"}},
		{"agent", map[string]any{"action": "ask", "id": "mine", "question": "what did you do?"}},
		{"agent", map[string]any{"action": "stop", "id": "mine"}},
	} {
		res := call(c.tool, c.args)
		if !res.IsError || !strings.Contains(text(res), "spawned by another client") {
			t.Fatalf("%s of another connection's agent = %q, want a refusal", c.tool, text(res))
		}
	}
	if res := call("agent", map[string]any{"action": "status", "id": "hosts"}); res.IsError {
		t.Fatalf("status of the host's agent: %s", text(res))
	}
	_, err := other.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: agent.JournalURI("mine")}})
	if err == nil || !strings.Contains(err.Error(), "spawned by another client") {
		t.Fatalf("reading another connection's agent's journal: %v, want a refusal", err)
	}
	//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
	err = other.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: agent.JournalURI("mine")}})
	if err == nil || !strings.Contains(err.Error(), "spawned by another client") {
		t.Fatalf("subscribing to another connection's agent's journal: %v, want a refusal", err)
	}
	// The spawner still has it all.
	s.AssertJournal("mine", func(j mcptest.Journal) bool { return len(j.Calls()) == 1 })
	s.Call("agent", map[string]any{"action": "ask", "id": "mine", "question": "what did you do?"})
	s.Call("agent", map[string]any{"action": "stop", "id": "mine"})
}

// TestAConnectionsAgentsStopWhenItEnds spawns an agent over HTTP on a host
// session and ends the connection: nobody could see or stop the agent any
// more, so it stops with the connection.
func TestAConnectionsAgentsStopWhenItEnds(t *testing.T) {
	f := setup(t, mcp.Options{Auth: mcp.AuthOptions{AllowedReadMethods: []string{"*"}}})
	if _, err := f.srv.StartSession(context.Background(), "demo", "planted", planted.Fixed()); err != nil {
		t.Fatal(err)
	}
	h, err := f.srv.Handler()
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	c, err := client.NewStreamableHttpClient(hs.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "spawner", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	req := sdk.CallToolRequest{}
	req.Params.Name = "agent"
	req.Params.Arguments = map[string]any{"action": "spawn", "kind": "gated", "id": "held", "session": "demo", "goal": "1"}
	if res, err := c.CallTool(ctx, req); err != nil || res.IsError {
		t.Fatalf("spawn: %v %v", err, res)
	}
	if _, err := f.m.Status("held"); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := f.m.Status("held")
		if errors.Is(err, agent.ErrNoAgent) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the agent outlived the connection that spawned it: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
