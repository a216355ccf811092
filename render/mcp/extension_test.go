package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/internal/derive"
)

// narrowing is a per-connection policy: connections named in narrow may
// call only session demo's tools and the x_* tools; the others anything.
type narrowing struct {
	mu     sync.Mutex
	narrow map[string]bool
	agents []string // the Agent of every decision, in order
}

func (n *narrowing) authorize(tool string, _ map[string]any, ac AuthContext) Decision {
	n.mu.Lock()
	defer n.mu.Unlock()
	if ac.Agent != "" {
		n.agents = append(n.agents, ac.Agent)
	}
	if n.narrow[ac.ConnectionID] && !MatchName("demo.*", tool) && !strings.HasPrefix(tool, "x_") {
		return Deny("this connection may only use session demo")
	}
	return Allow()
}

func agentCall(t *testing.T, c *client.Client, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func TestAnAgentConnectionNeverExceedsItsSpawner(t *testing.T) {
	pol := &narrowing{narrow: map[string]bool{}}
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: pol.authorize}})
	for _, id := range []string{"demo", "other"} {
		if _, err := srv.StartSession(context.Background(), id, "counter", &counter{}); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var agents []*client.Client
	err := srv.Extensions().AddTools("test", []ExtraTool{
		{Name: "x_narrow", Description: "Narrow the calling connection.", Handle: func(ctx context.Context, _ map[string]any) (Answer, error) {
			pol.mu.Lock()
			pol.narrow[CallerOf(ctx).ConnectionID] = true
			pol.mu.Unlock()
			return answer(nil, "narrowed"), nil
		}},
		{Name: "x_spawn", Sensitive: true, Description: "Start an agent acting for the caller.", Handle: func(ctx context.Context, _ map[string]any) (Answer, error) {
			c, err := connectAs(ctx, srv, "bot b1")
			if err != nil {
				return Answer{}, err
			}
			mu.Lock()
			agents = append(agents, c)
			mu.Unlock()
			return answer(nil, "spawned"), nil
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	narrow, wide := connect(t, srv), connect(t, srv)
	mustOK(t, narrow.call("x_narrow", nil))
	mustOK(t, narrow.call("x_spawn", nil))
	mu.Lock()
	bot := agents[0]
	mu.Unlock()
	t.Cleanup(func() { _ = bot.Close() })

	mustOK(t, agentCall(t, bot, "demo.inc.click", nil))
	mustErr(t, agentCall(t, bot, "other.inc.click", nil), CodeAuthorizationRequired, "only use session demo")
	mustErr(t, agentCall(t, bot, "facet_list", nil), CodeAuthorizationRequired)
	// An agent that spawns another cannot escape through it.
	mustOK(t, agentCall(t, bot, "x_spawn", nil))
	mu.Lock()
	grandchild := agents[1]
	mu.Unlock()
	t.Cleanup(func() { _ = grandchild.Close() })
	mustErr(t, agentCall(t, grandchild, "other.inc.click", nil), CodeAuthorizationRequired)
	// A connection that was not narrowed still reaches everything.
	mustOK(t, wide.call("other.inc.click", nil))

	demo, _ := srv.Sessions().Get("demo")
	if !demo.Snapshot().Presence.Attached("bot b1") {
		t.Fatalf("presence = %v, want the agent by its own name", demo.Snapshot().Presence.Agents)
	}
	_ = bot.Close()
	if demo.Snapshot().Presence.Attached("bot b1") {
		t.Fatalf("presence after Close = %v, want the agent gone", demo.Snapshot().Presence.Agents)
	}
	pol.mu.Lock()
	defer pol.mu.Unlock()
	if len(pol.agents) == 0 || pol.agents[0] != "bot b1" {
		t.Fatalf("the authorizer saw agents %v, want bot b1 named in AuthContext.Agent", pol.agents)
	}
}

func TestAddToolsCleansAndLimitsLikeWidgetTools(t *testing.T) {
	srv := newTestServer(t, Options{})
	h := func(context.Context, map[string]any) (Answer, error) { return answer(nil, "ok"), nil }
	tests := []struct {
		name string
		tool ExtraTool
		want string
	}{
		{"a dotted name with two dots", ExtraTool{Name: "agent.a.b", Handle: h}, "is invalid"},
		{"an upper-case name", ExtraTool{Name: "Agent_x", Handle: h}, "is invalid"},
		{"no handler", ExtraTool{Name: "agent_x"}, "has no Handle"},
		{"a name a client reads as facet_list", ExtraTool{Name: "facet.list", Handle: h}, "taken"},
		{"a schema nested too deep", ExtraTool{Name: "agent_deep", Handle: h, InputSchema: deepSchema(40)}, "deep"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := srv.Extensions().AddTools("bridge", []ExtraTool{tt.tool})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("AddTools = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	err := srv.Extensions().AddTools("bridge", []ExtraTool{{Name: "agent.read_file", Handle: h, Sensitive: true,
		Description: "Read\u202e a file\u200b.", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"path\u200b": map[string]any{"type": "string"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	tool, ok := srv.reg.Lookup("agent.read_file")
	if !ok || tool.Description != "Read a file." || !tool.Sensitive {
		t.Fatalf("registered %+v, want the cleaned description and sensitive", tool)
	}
	if _, ok := tool.InputSchema["properties"].(map[string]any)["path"]; !ok {
		t.Fatalf("schema %v: want the property name cleaned", tool.InputSchema)
	}
	tc := connect(t, srv)
	mustOK(t, tc.call("agent.read_file", map[string]any{"path": "x"}))
	srv.Extensions().RemoveTools("bridge")
	if _, ok := srv.reg.Lookup("agent.read_file"); ok {
		t.Fatal("RemoveTools left the tool registered")
	}
}

func deepSchema(n int) map[string]any {
	m := map[string]any{"type": "string"}
	for range n {
		m = map[string]any{"type": "object", "properties": map[string]any{"x": m}}
	}
	return m
}

func TestExtraResourcesAreSubscribableWithPatches(t *testing.T) {
	srv := newTestServer(t, Options{})
	var mu sync.Mutex
	logs := map[string][]string{"a1": {"started"}}
	err := srv.Extensions().AddResourceTemplate(ExtraResource{Template: "facet://thing/{id}/log", Name: "Thing log",
		Read: func(_ context.Context, uri string) (any, error) {
			id := strings.TrimSuffix(strings.TrimPrefix(uri, "facet://thing/"), "/log")
			mu.Lock()
			defer mu.Unlock()
			l, ok := logs[id]
			if !ok {
				return nil, errors.New("no such thing")
			}
			return map[string]any{"id": id, "entries": append([]string(nil), l...)}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Extensions().AddResourceTemplate(ExtraResource{Template: "facet://thing/log", Read: func(context.Context, string) (any, error) { return nil, nil }}); err == nil {
		t.Fatal("a template with no variable was accepted")
	}
	tc := connectLegacy(t, srv)
	var up updates
	tc.c.OnNotification(up.add)
	before, v1 := readResource(t, tc.c, "facet://thing/a1/log")
	subscribe(t, tc.c, "facet://thing/a1/log")
	mu.Lock()
	logs["a1"] = append(logs["a1"], "clicked inc")
	mu.Unlock()
	srv.Extensions().ResourceChanged("facet://thing/a1/log")
	got := up.waitFor(t, 1)
	meta := got[0]["_meta"].(map[string]any)
	if meta["version"].(float64) != v1+1 {
		t.Fatalf("version %v, want %v", meta["version"], v1+1)
	}
	patch, _ := json.Marshal(meta["patch"])
	after, err := applyPatch([]byte(before), patch)
	if err != nil {
		t.Fatal(err)
	}
	now, _ := readResource(t, tc.c, "facet://thing/a1/log")
	if eq, _ := derive.Diff(after, []byte(now)); string(eq) != "[]" {
		t.Fatalf("the patch gives %s, the resource reads %s", after, now)
	}
	//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
	if err := tc.c.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: "facet://thing/zz/log"}}); err == nil {
		t.Fatal("subscribing to a thing that does not exist succeeded")
	}
}
