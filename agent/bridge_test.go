package agent

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func noop(context.Context, map[string]any) (Reply, error) { return Reply{}, nil }

// TestExposeChecksTheWholeBridge: a bridge with a bad or taken id, a bad
// action name, an action without Do, or tools the host refuses is refused
// whole: nothing is registered.
func TestExposeChecksTheWholeBridge(t *testing.T) {
	tests := []struct {
		name    string
		bridge  *Bridge
		addErr  error
		err     string
		dotted  bool
		tools   []string
		journal string
	}{
		{"two actions", &Bridge{ID: "helper", Actions: []Action{{Name: "summarize", Do: noop}, {Name: "draft_2", Do: noop, Sensitive: true}}},
			nil, "", false, []string{"agent_summarize", "agent_draft_2"}, "note exposed with 2 actions"},
		{"dotted names", &Bridge{ID: "helper", Actions: []Action{{Name: "summarize", Do: noop}}},
			nil, "", true, []string{"agent.summarize"}, "note exposed with 1 actions"},
		{"a bad id", &Bridge{ID: "a b"}, nil, `invalid agent id "a b"`, false, nil, ""},
		{"a reserved id", &Bridge{ID: "agent"}, nil, "reserved", false, nil, ""},
		{"an agent's id", &Bridge{ID: "spawned"}, nil, `agent "spawned" already exists`, false, nil, ""},
		{"a bridge's id", &Bridge{ID: "first"}, nil, `agent "first" already exists`, false, nil, ""},
		{"an action name with a capital", &Bridge{ID: "helper", Actions: []Action{{Name: "Sum", Do: noop}}}, nil, `action name "Sum" is invalid: want ` + ActionRule, false, nil, ""},
		{"an action name too long", &Bridge{ID: "helper", Actions: []Action{{Name: "a" + strings.Repeat("b", 32), Do: noop}}}, nil, "is invalid", false, nil, ""},
		{"an action without Do", &Bridge{ID: "helper", Actions: []Action{{Name: "sum"}}}, nil, `action "sum" has no Do`, false, nil, ""},
		{"the host refuses", &Bridge{ID: "helper", Actions: []Action{{Name: "sum", Do: noop}}}, errors.New("name taken"), "agent helper: name taken", false, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			host := newFakeHost(t)
			if tc.dotted {
				host.style = "dotted"
			}
			m := newTestManager(t, host, Options{Kinds: map[string]Factory{"k": runsUntilStopped()}})
			spawnOK(t, m, Spec{Kind: "k", ID: "spawned", Session: "demo"})
			if err := m.Expose(&Bridge{ID: "first"}); err != nil {
				t.Fatal(err)
			}
			host.addErr = tc.addErr
			err := m.Expose(tc.bridge)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				if got := m.ids(); !slices.Equal(got, []string{"first", "spawned"}) {
					t.Fatalf("agents %v after a refused bridge", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tl := range host.toolsOf("agent-bridge:" + tc.bridge.ID) {
				names = append(names, tl.Name)
				if tl.Sensitive != strings.Contains(tl.Name, "draft") {
					t.Fatalf("tool %s sensitive: %v", tl.Name, tl.Sensitive)
				}
			}
			if !slices.Equal(names, tc.tools) {
				t.Fatalf("registered %v, want %v", names, tc.tools)
			}
			v, err := m.Journal(tc.bridge.ID)
			if err != nil || v.Kind != "bridge" || v.Status != StatusExposed || v.Total != 1 || v.Entries[0].Kind+" "+v.Entries[0].Text != tc.journal {
				t.Fatalf("journal %+v, %v", v, err)
			}
		})
	}
}

// TestABridgesActionsAreJournaled: each call of an action counts, is the
// last action, and is journaled under its tool's name with its answer:
// the text, else the value as JSON, else the error.
func TestABridgesActionsAreJournaled(t *testing.T) {
	host := newFakeHost(t)
	m := newTestManager(t, host, Options{})
	b := &Bridge{ID: "helper", Kind: "assistant", Actions: []Action{
		{Name: "say", Do: func(_ context.Context, args map[string]any) (Reply, error) {
			return Reply{Text: "said " + str(args, "what")}, nil
		}},
		{Name: "count", Do: func(context.Context, map[string]any) (Reply, error) { return Reply{Value: map[string]any{"n": 3}}, nil }},
		{Name: "both", Do: func(context.Context, map[string]any) (Reply, error) {
			return Reply{Text: "text wins", Value: map[string]any{"n": 3}}, nil
		}},
		{Name: "fail", Do: func(context.Context, map[string]any) (Reply, error) { return Reply{}, errors.New("cannot") }},
	}}
	if err := m.Expose(b); err != nil {
		t.Fatal(err)
	}
	tools := map[string]Tool{}
	for _, tl := range host.toolsOf("agent-bridge:helper") {
		tools[tl.Name] = tl
	}
	tests := []struct {
		tool    string
		args    map[string]any
		answer  string
		isError bool
	}{
		{"agent_say", map[string]any{"what": "hi"}, "said hi", false},
		{"agent_count", nil, `{"n":3}`, false},
		{"agent_both", nil, "text wins", false},
		{"agent_fail", nil, "cannot", true},
	}
	for i, tc := range tests {
		r, err := tools[tc.tool].Handle(context.Background(), tc.args)
		if (err != nil) != tc.isError || (err == nil && r.Text == "" && r.Value == nil) {
			t.Fatalf("%s: %+v, %v", tc.tool, r, err)
		}
		v, _ := m.Journal("helper")
		last := v.Entries[len(v.Entries)-1]
		if last.Kind != KindCall || last.Tool != tc.tool || last.Answer != tc.answer || last.IsError != tc.isError || v.Total != i+2 {
			t.Fatalf("%s journaled %+v (total %d)", tc.tool, last, v.Total)
		}
		st, err := m.Status("helper")
		if err != nil || st.Steps != i+1 || st.LastAction != strings.TrimPrefix(tc.tool, "agent_") || st.Kind != "assistant" || st.Status != StatusExposed {
			t.Fatalf("status %+v, %v", st, err)
		}
	}
	if n := host.changes(JournalURI("helper")); n != len(tests)+1 {
		t.Fatalf("the journal was announced %d times, want %d", n, len(tests)+1)
	}
	if _, err := m.Ask(context.Background(), "helper", "how?"); err == nil || !strings.Contains(err.Error(), "call its agent_<action> tools instead") {
		t.Fatalf("Ask of a bridge: %v", err)
	}
	m.Unexpose("helper")
	m.Unexpose("helper") // twice: once
	if host.toolsOf("agent-bridge:helper") != nil || !slices.Equal(host.removedURIs(), []string{JournalURI("helper")}) {
		t.Fatalf("unexposed, the host still has %v; removed %v", host.toolsOf("agent-bridge:helper"), host.removedURIs())
	}
	if _, err := m.Status("helper"); !errors.Is(err, ErrNoAgent) {
		t.Fatalf("an unexposed bridge: %v", err)
	}
}

// TestMarkers: a person's marker line names an agent by its presence
// ("<kind> <id>") with its last action and steps; a bridge's has no steps;
// any other presence is shown as it is.
func TestMarkers(t *testing.T) {
	host := newFakeHost(t)
	clicker := &fakeAgent{run: func(ctx context.Context, env *Env) error {
		_, err := env.Conn.Call(ctx, "demo_inc_click", nil)
		return err
	}}
	m := newTestManager(t, host, Options{Kinds: map[string]Factory{"explorer": kindOf(clicker)}})
	spawnOK(t, m, Spec{Kind: "explorer", ID: "a1", Session: "demo"})
	waitOK(t, m, "a1")
	b := &Bridge{ID: "helper", Actions: []Action{{Name: "say", Do: noop}}}
	if err := m.Expose(b); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		presence, want string
	}{
		{"explorer a1", "explorer a1: clicked inc · 1 steps"},
		{"bridge helper", "bridge helper"},
		{"other a1", "other a1"},
		{"explorer a2", "explorer a2"},
		{"alice", "alice"},
	}
	for _, tc := range tests {
		if got := m.Marker(tc.presence); got != tc.want {
			t.Errorf("Marker(%q) = %q, want %q", tc.presence, got, tc.want)
		}
	}
	if _, err := host.toolsOf("agent-bridge:helper")[0].Handle(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := m.Marker("bridge helper"); got != "bridge helper: say" {
		t.Errorf("a called bridge's marker %q", got)
	}
	for _, tc := range []struct {
		info Info
		want string
	}{
		{Info{ID: "a1", Kind: "explorer", Steps: 0, Status: StatusRunning}, "explorer a1 · 0 steps"},
		{Info{ID: "b", Kind: "bridge", Steps: 4, LastAction: "say", Status: StatusExposed}, "bridge b: say"},
	} {
		if got := tc.info.Marker(); got != tc.want {
			t.Errorf("Marker of %+v = %q, want %q", tc.info, got, tc.want)
		}
	}
}

// TestListingAndAsking: List is every agent by id; OnSession those on one
// session; Status adds the kind's own detail; Ask answers and journals the
// question, or journals the failure.
func TestListingAndAsking(t *testing.T) {
	answers := &fakeAgent{status: map[string]any{"coverage": 0.5}, ask: func(q string) (string, error) {
		if q == "fail" {
			return "", errors.New("cannot say")
		}
		return "answer to " + q, nil
	}}
	m := newTestManager(t, newFakeHost(t), Options{Kinds: map[string]Factory{"k": kindOf(answers)}})
	spawnOK(t, m, Spec{Kind: "k", ID: "c", Session: "one"})
	spawnOK(t, m, Spec{Kind: "k", ID: "a", Session: "two"})
	spawnOK(t, m, Spec{Kind: "k", ID: "b", Session: "one"})
	if err := m.Expose(&Bridge{ID: "br"}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, i := range m.List() {
		ids = append(ids, i.ID)
	}
	if !slices.Equal(ids, []string{"a", "b", "br", "c"}) {
		t.Fatalf("List: %v", ids)
	}
	ids = nil
	for _, i := range m.OnSession("one") {
		ids = append(ids, i.ID)
	}
	if !slices.Equal(ids, []string{"b", "c"}) {
		t.Fatalf("OnSession(one): %v", ids)
	}
	if st, err := m.Status("a"); err != nil || st.Detail["coverage"] != 0.5 || st.Session != "two" {
		t.Fatalf("Status: %+v, %v", st, err)
	}
	if _, err := m.Status("zz"); !errors.Is(err, ErrNoAgent) {
		t.Fatalf("Status of no agent: %v", err)
	}
	tests := []struct {
		id, question string
		answer, err  string
		journal      string
	}{
		{"a", "why?", "answer to why?", "", "note asked: why?"},
		{"a", "fail", "", "cannot say", "error ask: cannot say"},
		{"a", "  ", "", "question is empty", ""},
		{"zz", "why?", "", "no such agent", ""},
	}
	for _, tc := range tests {
		got, err := m.Ask(context.Background(), tc.id, tc.question)
		if got != tc.answer || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Fatalf("Ask(%s, %q) = %q, %v", tc.id, tc.question, got, err)
		}
		if tc.journal == "" {
			continue
		}
		v, _ := m.Journal(tc.id)
		last := v.Entries[len(v.Entries)-1]
		if last.Kind+" "+last.Text != tc.journal {
			t.Fatalf("journaled %+v, want %q", last, tc.journal)
		}
	}
	if _, err := m.Journal("zz"); !errors.Is(err, ErrNoAgent) {
		t.Fatalf("Journal of no agent: %v", err)
	}
}

func TestJournalIDs(t *testing.T) {
	tests := []struct {
		uri string
		id  string
		ok  bool
	}{
		{JournalURI("a1"), "a1", true},
		{"facet://agent/a1/journal/x", "", false},
		{"facet://agent/a.b/journal", "", false},
		{"facet://agent/facet/journal", "", false},
		{"facet://session/a1/journal", "", false},
		{"facet://agent/a1", "", false},
	}
	for _, tc := range tests {
		id, ok := JournalID(tc.uri)
		if ok != tc.ok || (ok && id != tc.id) {
			t.Errorf("JournalID(%q) = %q, %v", tc.uri, id, ok)
		}
	}
}
