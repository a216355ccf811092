package agent

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// toolsOf is m's tools by name, and each action of the agent tool as
// "agent_<action>": the agent tool called with that action.
func toolsOf(m *Manager) map[string]Tool {
	out := map[string]Tool{}
	for _, t := range m.Tools() {
		out[t.Name] = t
		if t.Name != ToolName {
			continue
		}
		for _, a := range toolActions {
			handle, a := t.Handle, a
			// As the five tools of before: each took its own arguments
			// (a test shares one map of them between actions).
			out[ToolName+"_"+a.name] = Tool{Name: ToolName + "_" + a.name, Handle: func(ctx context.Context, args map[string]any) (Reply, error) {
				with := map[string]any{"action": a.name}
				for k, v := range args {
					if slices.Contains(a.args, k) {
						with[k] = v
					}
				}
				return handle(ctx, with)
			}}
		}
	}
	return out
}

// TestTheAgentTools: one tool, sensitive and destructive (it spawns and
// stops), whose action is required and whose kind offers the spawnable
// kinds.
func TestTheAgentTools(t *testing.T) {
	m := newTestManager(t, newFakeHost(t), Options{Kinds: map[string]Factory{"b": runsUntilStopped(), "a": runsUntilStopped()}})
	tools := m.Tools()
	if len(tools) != 1 {
		t.Fatalf("%d tools; want the one agent tool", len(tools))
	}
	tl := tools[0]
	req, _ := tl.InputSchema["required"].([]string)
	if tl.Name != ToolName || !tl.Sensitive || tl.ReadOnly || !tl.Destructive || tl.Title == "" || tl.Handle == nil || !slices.Equal(req, []string{"action"}) {
		t.Errorf("the agent tool: %+v", tl)
	}
	props := tl.InputSchema["properties"].(map[string]any)
	if kind := props["kind"].(map[string]any); !slices.Equal(kind["enum"].([]string), []string{"a", "b"}) {
		t.Fatalf("the agent tool offers kinds %v", kind["enum"])
	}
	var actions []string
	for _, a := range toolActions {
		actions = append(actions, a.name)
	}
	if got := props["action"].(map[string]any)["enum"].([]string); !slices.Equal(got, actions) {
		t.Fatalf("actions %v; want %v", got, actions)
	}
}

// TestAgentSpawnReadsItsArguments: agent_spawn's arguments are checked
// as JSON gives them: strings, and a budget of whole numbers of at least
// 1, of steps and seconds only.
func TestAgentSpawnReadsItsArguments(t *testing.T) {
	base := func(extra map[string]any) map[string]any {
		args := map[string]any{"kind": "k", "id": "a1", "session": "demo"}
		for k, v := range extra {
			args[k] = v
		}
		return args
	}
	tests := []struct {
		name   string
		args   map[string]any
		err    string
		budget Budget
	}{
		{"the least", base(nil), "", Budget{DefaultSteps, DefaultTime}},
		{"a goal and a budget", base(map[string]any{"goal": "find bugs", "budget": map[string]any{"steps": 5.0, "seconds": 2.0}}), "", Budget{5, 2 * time.Second}},
		{"a budget of one", base(map[string]any{"budget": map[string]any{"steps": 1.0, "seconds": 1.0}}), "", Budget{1, time.Second}},
		{"a null budget", base(map[string]any{"budget": nil}), "", Budget{DefaultSteps, DefaultTime}},
		{"a kind not a string", base(map[string]any{"kind": 3.0}), "spawn: kind must be a string", Budget{}},
		{"a goal not a string", base(map[string]any{"goal": true}), "spawn: goal must be a string", Budget{}},
		{"a budget not an object", base(map[string]any{"budget": 5.0}), "budget must be an object {steps, seconds}", Budget{}},
		{"a fraction of a step", base(map[string]any{"budget": map[string]any{"steps": 1.5}}), "budget.steps must be a whole number", Budget{}},
		{"seconds as a string", base(map[string]any{"budget": map[string]any{"seconds": "9"}}), "budget.seconds must be a whole number", Budget{}},
		{"an unknown budget field", base(map[string]any{"budget": map[string]any{"tokens": 9.0}}), `unknown budget field "tokens" (fields: steps, seconds)`, Budget{}},
		{"no steps", base(map[string]any{"budget": map[string]any{"steps": 0.0}}), "budget.steps must be at least 1", Budget{}},
		{"negative seconds", base(map[string]any{"budget": map[string]any{"seconds": -3.0}}), "budget.seconds must be at least 1", Budget{}},
		{"a spawn the manager refuses", base(map[string]any{"id": "facet"}), "reserved", Budget{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestManager(t, newFakeHost(t), Options{Kinds: map[string]Factory{"k": runsUntilStopped()}})
			r, err := toolsOf(m)["agent_spawn"].Handle(context.Background(), tc.args)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				if len(m.List()) != 0 {
					t.Fatal("a refused spawn started an agent")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			i := r.Value.(Info)
			if i.Budget.Steps != tc.budget.Steps || i.Budget.Seconds != tc.budget.Time.Seconds() || i.Goal != str(tc.args, "goal") ||
				r.Text != "Agent a1 (k) started on session demo; its journal is facet://agent/a1/journal." {
				t.Fatalf("spawned %q, %+v (budget %+v)", r.Text, i, i.Budget)
			}
		})
	}
}

// TestAgentsBelongToTheirSpawnersConnection: with a host that tells
// callers, an agent spawned through agent_spawn is its spawner's: other
// connections neither list, ask, read, stop nor read the journal of it;
// the host's own agents and bridges are everyone's. Each connection runs
// at most its share of the agents, and a connection's end stops its own.
func TestAgentsBelongToTheirSpawnersConnection(t *testing.T) {
	host := tellingHost{newFakeHost(t)}
	answers := &fakeAgent{ask: func(q string) (string, error) { return "yes", nil }}
	quick := &fakeAgent{run: func(context.Context, *Env) error { return nil }}
	m := newTestManager(t, host, Options{Max: 8, PerOwner: 2, Kinds: map[string]Factory{"k": kindOf(answers), "quick": kindOf(quick)}})
	tools := toolsOf(m)
	call := func(conn, tool string, args map[string]any) (Reply, error) {
		return tools[tool].Handle(asCaller(conn), args)
	}
	for _, s := range []struct{ conn, id string }{{"alice", "a1"}, {"alice", "a2"}, {"bob", "b1"}} {
		if _, err := call(s.conn, "agent_spawn", map[string]any{"kind": "k", "id": s.id, "session": "demo"}); err != nil {
			t.Fatal(err)
		}
	}
	spawnOK(t, m, Spec{Kind: "k", ID: "host1", Session: "demo"})
	if err := m.Expose(&Bridge{ID: "br"}); err != nil {
		t.Fatal(err)
	}
	// The share: alice runs 2, her most; a finished one does not count.
	if _, err := call("alice", "agent_spawn", map[string]any{"kind": "k", "id": "a3", "session": "demo"}); err == nil ||
		!strings.Contains(err.Error(), "you run 2 agents, one client's share of the 8 this server holds") {
		t.Fatalf("alice past her share: %v", err)
	}
	if _, err := call("bob", "agent_spawn", map[string]any{"kind": "quick", "id": "b2", "session": "demo"}); err != nil {
		t.Fatal(err)
	}
	waitOK(t, m, "b2")
	if _, err := call("bob", "agent_spawn", map[string]any{"kind": "k", "id": "b3", "session": "demo"}); err != nil {
		t.Fatalf("bob with one finished agent: %v", err)
	}

	lists := map[string][]string{
		"alice": {"a1", "a2", "br", "host1"},
		"bob":   {"b1", "b2", "b3", "br", "host1"},
		"carol": {"br", "host1"},
	}
	for conn, want := range lists {
		r, err := call(conn, "agent_list", nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, i := range r.Value.(map[string]any)["agents"].([]Info) {
			got = append(got, i.ID)
		}
		if !slices.Equal(got, want) || strings.Count(r.Text, "\n") != len(want)-1 {
			t.Fatalf("%s lists %v (%q), want %v", conn, got, r.Text, want)
		}
	}
	if r, _ := call("carol", "agent_list", nil); !strings.Contains(r.Text, "host1 (k) on demo: k host1 · 0 steps, running") ||
		!strings.Contains(r.Text, "br (bridge) on -: bridge br, exposed") {
		t.Fatalf("carol's list: %q", r.Text)
	}

	const other = "was spawned by another client"
	tests := []struct {
		conn, tool, id string
		err            string
	}{
		{"bob", "agent_status", "a1", other},
		{"bob", "agent_ask", "a1", other},
		{"bob", "agent_stop", "a1", other},
		{"carol", "agent_status", "zz", `agent "zz": no such agent (agents: br, host1)`},
		{"carol", "agent_ask", "zz", `agent "zz": no such agent (agents: br, host1)`},
		{"carol", "agent_stop", "zz", `agent "zz": no such agent (agents: br, host1)`},
		{"carol", "agent_ask", "br", "call its agent_<action> tools instead"},
		{"alice", "agent_status", "a1", ""},
		{"alice", "agent_ask", "a1", ""},
		{"carol", "agent_status", "host1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.conn+" "+tc.tool+" "+tc.id, func(t *testing.T) {
			r, err := call(tc.conn, tc.tool, map[string]any{"id": tc.id, "question": "ok?"})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || r.Text == "" {
				t.Fatalf("%q, %v", r.Text, err)
			}
			if tc.tool == "agent_status" {
				var i Info
				if json.Unmarshal([]byte(r.Text), &i) != nil || i.ID != tc.id || r.Value.(Info).ID != tc.id {
					t.Fatalf("status %q", r.Text)
				}
			}
			if tc.tool == "agent_ask" && (r.Text != "yes" || r.Value.(map[string]any)["answer"] != "yes") {
				t.Fatalf("answer %+v", r)
			}
		})
	}
	for _, c := range []struct {
		conn, uri string
		err       string
	}{
		{"bob", JournalURI("a1"), other},
		{"alice", JournalURI("a1"), ""},
		{"carol", JournalURI("host1"), ""},
		{"carol", JournalURI("zz"), `agent "zz": no such agent (agents: br, host1)`},
		{"carol", "facet://agent/zz", "not an agent journal URI"},
	} {
		err := m.JournalVisible(asCaller(c.conn), c.uri)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("JournalVisible(%s, %s) = %v, want %q", c.conn, c.uri, err, c.err)
		}
	}
	if v, err := m.ReadJournal(context.Background(), JournalURI("a1")); err != nil || v.(JournalView).ID != "a1" {
		t.Fatalf("ReadJournal: %+v, %v", v, err)
	}
	if _, err := m.ReadJournal(context.Background(), "facet://agent/a1"); err == nil {
		t.Fatal("ReadJournal of a bad URI")
	}

	r, err := call("alice", "agent_stop", map[string]any{"id": "a1"})
	if err != nil || r.Text != "Agent a1 stopped after 0 steps." {
		t.Fatalf("alice stops a1: %q, %v", r.Text, err)
	}
	m.StopOwnedBy("")
	m.StopOwnedBy("bob")
	var left []string
	for _, i := range m.List() {
		left = append(left, i.ID)
	}
	if !slices.Equal(left, []string{"a2", "br", "host1"}) {
		t.Fatalf("after bob's connection ended: %v", left)
	}
}

// TestWithoutCallersEveryAgentIsEveryones: a host that does not tell
// callers shows every agent to every connection, and agent_list says
// when there is none.
func TestWithoutCallersEveryAgentIsEveryones(t *testing.T) {
	m := newTestManager(t, newFakeHost(t), Options{Kinds: map[string]Factory{"k": runsUntilStopped()}})
	tools := toolsOf(m)
	if r, err := tools["agent_list"].Handle(context.Background(), nil); err != nil || r.Text != `No agents; start one with agent {"action": "spawn"}.` {
		t.Fatalf("an empty list: %q, %v", r.Text, err)
	}
	if _, err := tools["agent_status"].Handle(context.Background(), map[string]any{"id": "a1"}); !errors.Is(err, ErrNoAgent) ||
		!strings.Contains(err.Error(), `(no agents; start one with agent {"action": "spawn"})`) {
		t.Fatalf("status of no agent: %v", err)
	}
	if _, err := tools["agent_spawn"].Handle(asCaller("alice"), map[string]any{"kind": "k", "id": "a1", "session": "demo"}); err != nil {
		t.Fatal(err)
	}
	if r, err := tools["agent_status"].Handle(asCaller("bob"), map[string]any{"id": "a1"}); err != nil || r.Value.(Info).ID != "a1" {
		t.Fatalf("bob's status of alice's agent, untold: %v", err)
	}
	m.StopOwnedBy("alice") // nobody owns it: the host did not tell
	if len(m.List()) != 1 {
		t.Fatal("an untold connection's end stopped an agent")
	}
}
