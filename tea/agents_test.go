package tea

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestAgentsAttachDetachAndBlock(t *testing.T) {
	rt, err := Start(context.Background(), &agentModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	for _, a := range []string{"c1", "c2", "c1"} {
		if _, err := rt.Dispatch(ctx, AttachAgentMsg{Agent: a}); err != nil {
			t.Fatal(err)
		}
	}
	if got := rt.Snapshot().Presence.Agents; !slices.Equal(got, []string{"c1", "c2"}) {
		t.Fatalf("agents %v", got)
	}
	if _, err := rt.Dispatch(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if got := rt.Snapshot().Presence.Agents; len(got) != 2 {
		t.Fatalf("an Update dropped the agents: %v", got)
	}
	if _, err := rt.Dispatch(ctx, DetachAgentsMsg{}); err != nil {
		t.Fatal(err)
	}
	s := rt.Snapshot()
	if len(s.Presence.Agents) != 0 || !s.Presence.Blocked {
		t.Fatalf("after detach %+v", s)
	}
	if _, err := rt.Dispatch(ctx, AttachAgentMsg{Agent: "c1"}); !errors.Is(err, ErrAgentsBlocked) {
		t.Fatalf("attach while blocked: %v", err)
	}
	if _, err := rt.Dispatch(ctx, AllowAgentsMsg{}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, AttachAgentMsg{Agent: "c3"}); err != nil || !slices.Equal(rt.Snapshot().Presence.Agents, []string{"c3"}) {
		t.Fatalf("after allow: %v %v", err, rt.Snapshot().Presence.Agents)
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
		if _, err := rt.Dispatch(ctx, AttachAgentMsg{Agent: a}); err != nil {
			t.Fatal(err)
		}
	}
	v := rt.Snapshot().Version
	if _, err := rt.Dispatch(ctx, DetachAgentMsg{Agent: "c2"}); err != nil {
		t.Fatal(err)
	}
	s := rt.Snapshot()
	if !slices.Equal(s.Presence.Agents, []string{"c1", "c3"}) || s.Presence.Blocked || s.Version == v {
		t.Fatalf("after DetachAgent(c2): agents %v, blocked %v, version %d (was %d)", s.Presence.Agents, s.Presence.Blocked, s.Version, v)
	}
	v = s.Version
	if _, err := rt.Dispatch(ctx, DetachAgentMsg{Agent: "nobody"}); err != nil || rt.Snapshot().Version != v {
		t.Fatalf("detaching an agent not attached: %v, version %d (was %d)", err, rt.Snapshot().Version, v)
	}
	if _, err := rt.Dispatch(ctx, AttachAgentMsg{Agent: "c2"}); err != nil {
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

func TestDispatchAnswersPresenceThatChangesNothingWithoutWaiting(t *testing.T) {
	release := make(chan struct{})
	rt, err := Start(context.Background(), &blockingModel{release: release})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	defer close(release)
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, AttachAgentMsg{Agent: "a"}); err != nil {
		t.Fatal(err)
	}
	if err := rt.Send(1); err != nil { // Update blocks until release
		t.Fatal(err)
	}
	// Every agent call attaches its agent: one already attached must not
	// wait behind an Update that is slow.
	for _, msg := range []Msg{AttachAgentMsg{Agent: "a"}, DetachAgentMsg{Agent: "nobody"}} {
		short, cancel := context.WithTimeout(ctx, time.Second)
		_, err := rt.Dispatch(short, msg)
		cancel()
		if err != nil {
			t.Fatalf("Dispatch(%#v) while Update is busy: %v", msg, err)
		}
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := rt.Dispatch(short, AttachAgentMsg{Agent: "b"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a new agent should wait its turn behind the busy Update: %v", err)
	}
}

// blockingModel blocks in Update until release is closed.
type blockingModel struct{ release <-chan struct{} }

func (m *blockingModel) Init() Cmd { return nil }
func (m *blockingModel) Update(Msg) (Model, Cmd) {
	<-m.release
	return &blockingModel{release: m.release}, nil
}
func (m *blockingModel) View() Node { return Text{Content: "x"} }
