package tea

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestAgentsAttachDetachAndBlock(t *testing.T) {
	rt, err := Start(context.Background(), &agentModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	for _, a := range []string{"c1", "c2", "c1"} {
		if err := rt.AttachAgent(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if got := rt.Snapshot().Agents; !slices.Equal(got, []string{"c1", "c2"}) {
		t.Fatalf("agents %v", got)
	}
	if err := rt.Dispatch(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if got := rt.Snapshot().Agents; len(got) != 2 {
		t.Fatalf("an Update dropped the agents: %v", got)
	}
	if err := rt.DetachAgents(ctx); err != nil {
		t.Fatal(err)
	}
	s := rt.Snapshot()
	if len(s.Agents) != 0 || !s.AgentsBlocked {
		t.Fatalf("after detach %+v", s)
	}
	if err := rt.AttachAgent(ctx, "c1"); !errors.Is(err, ErrAgentsBlocked) {
		t.Fatalf("attach while blocked: %v", err)
	}
	if err := rt.AllowAgents(ctx); err != nil {
		t.Fatal(err)
	}
	if err := rt.AttachAgent(ctx, "c3"); err != nil || !slices.Equal(rt.Snapshot().Agents, []string{"c3"}) {
		t.Fatalf("after allow: %v %v", err, rt.Snapshot().Agents)
	}
}

func TestDetachAgentDropsOneAgent(t *testing.T) {
	rt, err := Start(context.Background(), &agentModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	for _, a := range []string{"c1", "c2", "c3"} {
		if err := rt.AttachAgent(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	v := rt.Snapshot().Version
	if err := rt.DetachAgent(ctx, "c2"); err != nil {
		t.Fatal(err)
	}
	s := rt.Snapshot()
	if !slices.Equal(s.Agents, []string{"c1", "c3"}) || s.AgentsBlocked || s.Version == v {
		t.Fatalf("after DetachAgent(c2): agents %v, blocked %v, version %d (was %d)", s.Agents, s.AgentsBlocked, s.Version, v)
	}
	v = s.Version
	if err := rt.DetachAgent(ctx, "nobody"); err != nil || rt.Snapshot().Version != v {
		t.Fatalf("detaching an agent not attached: %v, version %d (was %d)", err, rt.Snapshot().Version, v)
	}
	if err := rt.AttachAgent(ctx, "c2"); err != nil {
		t.Fatalf("a detached agent may come back: %v", err)
	}
}

type agentModel struct{ n int }

func (m *agentModel) Init() Cmd { return nil }
func (m *agentModel) Update(msg Msg) (Model, Cmd) {
	c := *m
	c.n++
	return &c, nil
}
func (m *agentModel) View() Node { return Text{Content: "x"} }
