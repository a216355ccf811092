package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/tea"
)

func TestACallFromAnotherNodeAnswersAsALocalOne(t *testing.T) {
	a, b, c := threeNodes(t)
	a.start(t, "s1")
	seen(t, b, "s1")
	seen(t, c, "s1")

	ctx := t.Context()
	remote, err := b.Do(ctx, Request{Session: "s1", Kind: KindCall, Name: "inc.click"})
	if err != nil {
		t.Fatalf("call from b: %v", err)
	}
	local, err := a.Do(ctx, Request{Session: "s1", Kind: KindCall, Name: "inc.click"})
	if err != nil {
		t.Fatalf("call on a: %v", err)
	}
	if count(t, remote) != 1 || count(t, local) != 2 {
		t.Fatalf("counts: from b %s, on a %s; want 1 then 2", remote, local)
	}
	read, err := c.Do(ctx, Request{Session: "s1", Kind: KindRead, Name: "count"})
	if err != nil || count(t, read) != 2 {
		t.Fatalf("read from c: %s, %v; want count 2", read, err)
	}
	if got := a.reg.List()[0].Snapshot().Model.(clustertest.Counter).N; got != 2 {
		t.Fatalf("the session on a counts %d, want 2", got)
	}

	// Errors: the same text, and the same sentinels, wherever asked.
	for _, req := range []Request{
		{Session: "s1", Kind: KindCall, Name: "inc.press"},
		{Session: "s1", Kind: KindCall, Name: "gone.click"},
		{Session: "s1", Kind: KindCall, Name: "inc.click", Args: json.RawMessage(`{"times":2}`)},
	} {
		_, lerr := a.Do(ctx, req)
		_, rerr := b.Do(ctx, req)
		if lerr == nil || rerr == nil {
			t.Fatalf("%s: local %v, remote %v; want errors", req.Name, lerr, rerr)
		}
		if lerr.Error() != rerr.Error() {
			t.Errorf("%s: local %q, remote %q; want the same text", req.Name, lerr, rerr)
		}
		for _, target := range []error{tea.ErrUnknownAction, tea.ErrNotInView, tea.ErrInvalidArgument} {
			if errors.Is(lerr, target) != errors.Is(rerr, target) {
				t.Errorf("%s: errors.Is(%v): local %v, remote %v", req.Name, target, errors.Is(lerr, target), errors.Is(rerr, target))
			}
		}
	}
}

func TestSessionIDsAreUniqueAcrossTheCluster(t *testing.T) {
	a, _, c := threeNodes(t)
	a.start(t, "dup")

	_, err := c.Start(t.Context(), c.reg, Entry{ID: "dup", App: "counter"}, clustertest.Counter{})
	var taken *IDTakenError
	if !errors.As(err, &taken) || taken.Node != "a" || !errors.Is(err, tea.ErrSessionExists) {
		t.Fatalf("starting a taken id on c: %v; want an IDTakenError naming node a", err)
	}
	if !strings.Contains(err.Error(), `node "a"`) {
		t.Errorf("error %q does not name the node", err)
	}
	if _, ok := c.reg.Get("dup"); ok {
		t.Fatal("c started the app under a refused id")
	}

	// Once a stops it, the id is free for anyone.
	if err := a.reg.Stop("dup"); err != nil {
		t.Fatal(err)
	}
	eventually(t, hangs, "c can start the id a released", func() bool {
		_, err := c.Start(t.Context(), c.reg, Entry{ID: "dup", App: "counter"}, clustertest.Counter{})
		return err == nil
	})
	if owner, _ := a.Owner("dup"); owner != "c" && owner != "" {
		t.Errorf("owner of dup seen from a: %q, want c", owner)
	}
}

func TestANodeKilledMidCallAnswersStaleWithinTheTimeout(t *testing.T) {
	_, b, c := threeNodes(t)
	c.start(t, "doomed")
	seen(t, b, "doomed")

	done := callHanging(t, b, c, "doomed")
	c.kill()

	// The call ends by the call timeout: the wait runs out and c does not
	// answer the ping after it. How soon is BenchmarkStaleAnswers' to say.
	var out callOutcome
	select {
	case out = <-done:
	case <-time.After(hangs):
		t.Fatalf("the call hangs past the call timeout %v", testTimeout)
	}
	var stale *StaleSessionError
	if !errors.As(out.err, &stale) || stale.Why != "its node stopped answering" || !strings.Contains(out.err.Error(), "facet_list") {
		t.Fatalf("call to a killed node's session: %v; want the stale-session error saying its node stopped answering, naming facet_list", out.err)
	}

	// A later call does not wait at all: nobody answers the subject (or
	// the directory no longer names c), never "stopped answering", which
	// is found only after waiting.
	_, err := b.Do(t.Context(), Request{Session: "doomed", Kind: KindCall, Name: "inc.click"})
	if !errors.As(err, &stale) || !strings.Contains(err.Error(), "facet_list") {
		t.Fatalf("second call: %v; want the stale-session error", err)
	}
	if immediate := []string{"its node does not answer", "no node has it", "the directory names a node that is not in the cluster"}; !slices.Contains(immediate, stale.Why) {
		t.Fatalf("second call: %v; want one of the answers given without waiting: %q", err, immediate)
	}
}

// TestADeadNodesSessionsLeaveTheDirectory: a killed node's sessions and
// the node itself leave the directory when their TTL runs out, while a
// live node's session stays. The dead node's entries are the clock: each
// was written after b1's last write but for b's refreshes, so when one has
// expired, b1 would have too had b stopped refreshing it. Two rounds (c,
// then d killed after c's entries left) show the refreshes go on.
func TestADeadNodesSessionsLeaveTheDirectory(t *testing.T) {
	a, b, c := threeNodes(t)
	b.start(t, "b1")
	c.start(t, "c1")
	c.start(t, "c2")
	seen(t, a, "c1")
	seen(t, a, "c2")
	seen(t, a, "b1")
	// a is told if b1's entry ever leaves, even for a moment (b's healer
	// would put it back).
	var left atomic.Bool
	stop, err := a.Subscribe(t.Context(), "b1", func(c Change) {
		if c.Stopped {
			left.Store(true)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()

	gone := func(m *member, ids ...string) {
		t.Helper()
		m.kill()
		killed := time.Now()
		eventually(t, 10*time.Second, m.Name()+"'s sessions and "+m.Name()+" itself leave a's directory", func() bool {
			for _, id := range ids {
				if _, ok := a.Lookup(id); ok {
					return false
				}
			}
			for _, n := range a.Nodes() {
				if n.Name == m.Name() {
					return false
				}
			}
			return true
		})
		t.Logf("%s gone %v after the kill (TTL %v)", m.Name(), time.Since(killed).Round(time.Millisecond), testTTL)
		if _, ok := a.Lookup("b1"); !ok || left.Load() {
			t.Fatalf("b's live session left the directory with %s's", m.Name())
		}
	}
	gone(c, "c1", "c2")
	d := join(t, "d", a.ClientURL())
	d.start(t, "d1")
	seen(t, a, "d1")
	gone(d, "d1")

	var ids []string
	for _, e := range a.Sessions() {
		ids = append(ids, e.Node+"/"+e.ID)
	}
	if got := strings.Join(ids, " "); got != "b/b1" {
		t.Fatalf("directory from a: %q, want b/b1", got)
	}
}

func TestASubscriptionSeesChangesOnAnotherNode(t *testing.T) {
	a, b, _ := threeNodes(t)
	sess := a.start(t, "watched")
	seen(t, b, "watched")

	changes := make(chan Change, 16)
	cancel, err := b.Subscribe(t.Context(), "watched", func(c Change) { changes <- c })
	if err != nil {
		t.Fatal(err)
	}
	defer cancel()
	before := sess.Snapshot().Version
	if _, err := b.Do(t.Context(), Request{Session: "watched", Kind: KindCall, Name: "inc.click"}); err != nil {
		t.Fatal(err)
	}
	wait := func(what string, ok func(Change) bool) {
		t.Helper()
		timeout := time.After(hangs)
		for {
			select {
			case c := <-changes:
				if ok(c) {
					return
				}
			case <-timeout:
				t.Fatalf("no change on b: %s", what)
			}
		}
	}
	wait("the click's new version", func(c Change) bool { return c.Node == "a" && c.Version > before })
	if err := a.reg.Stop("watched"); err != nil {
		t.Fatal(err)
	}
	wait("the session stopping", func(c Change) bool { return c.Stopped })

	if _, err := b.Subscribe(t.Context(), "nobody", func(Change) {}); !errors.Is(err, ErrStaleSession) {
		t.Fatalf("subscribing to an unknown session: %v, want a stale-session error", err)
	}
}

func TestTheOwnerChecksOwnershipAgain(t *testing.T) {
	a, b, _ := threeNodes(t)
	// a has a local session the directory does not give it: a node that
	// asks a for it anyway (its directory out of date) is refused.
	if _, err := a.reg.Start(t.Context(), "private", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	_, err := b.forward(t.Context(), "a", Request{Session: "private", Kind: KindCall, Name: "inc.click"})
	if !errors.Is(err, ErrStaleSession) || !strings.Contains(err.Error(), "does not own") {
		t.Fatalf("forwarding for a session a does not own: %v; want a stale-session error", err)
	}
	if n := a.reg.List()[0].Snapshot().Model.(clustertest.Counter).N; n != 0 {
		t.Fatalf("the unowned session counted %d clicks", n)
	}
}

func TestANodeNameIsUniqueWhileItsNodeLives(t *testing.T) {
	a := join(t, "a", "")
	_, err := Join(t.Context(), Options{URL: a.ClientURL(), Name: "a", TTL: testTTL, CallTimeout: testTimeout})
	if !errors.Is(err, ErrNodeNameTaken) {
		t.Fatalf("joining as a second a: %v, want ErrNodeNameTaken", err)
	}
}

func TestTheDirectoryFollowsASessionsAgents(t *testing.T) {
	a, b, _ := threeNodes(t)
	sess := a.start(t, "watched")
	seen(t, b, "watched")
	agents := func() string {
		e, _ := b.Lookup("watched")
		return strings.Join(e.Agents, ",")
	}
	for _, step := range []struct {
		msg  tea.Msg
		want string
	}{
		{tea.AttachAgentMsg{Agent: "claude"}, "claude"},
		{tea.AttachAgentMsg{Agent: "codex"}, "claude,codex"},
		{tea.DetachAgentMsg{Agent: "claude"}, "codex"},
		{tea.DetachAgentsMsg{}, ""},
	} {
		if _, err := sess.Dispatch(t.Context(), step.msg); err != nil {
			t.Fatal(err)
		}
		eventually(t, hangs, "b's directory lists agents "+step.want, func() bool { return agents() == step.want })
	}
	if e, _ := b.Lookup("watched"); e.Owner != "tester" || e.App != "counter" {
		t.Fatalf("entry %+v lost its owner or app", e)
	}
}

// TestANodeThatLostTheServerAnswersStaleAtOnce: b's call timeout is one
// no test waits for, so a call or a Close that waited for a reconnect (or
// the timeout) would not end before hangs.
func TestANodeThatLostTheServerAnswersStaleAtOnce(t *testing.T) {
	a := join(t, "a", "")
	b := joinTimeout(t, "b", a.ClientURL(), nil, neverCalledOut)
	c := join(t, "c", a.ClientURL())
	c.start(t, "c1")
	seen(t, b, "c1")
	a.kill() // a runs the server: b and c lose it
	eventually(t, hangs, "b notices the server is gone", func() bool { return !b.nc.IsConnected() })

	called := make(chan error, 1)
	go func() {
		_, err := b.Do(context.Background(), Request{Session: "c1", Kind: KindCall, Name: "inc.click"})
		called <- err
	}()
	select {
	case err := <-called:
		var stale *StaleSessionError
		if !errors.As(err, &stale) || stale.Why != "this node has lost the cluster's NATS server" {
			t.Fatalf("call without a server: %v; want a stale-session error saying the server is lost", err)
		}
	case <-time.After(hangs):
		t.Fatal("the call without a server waits for a reconnect")
	}
	closed := make(chan struct{})
	go func() {
		_ = b.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(hangs):
		t.Fatal("closing a node without a server waits")
	}
}

// TestACallInFlightWhenTheServerDiesAnswersStaleAtOnce: the node running
// the server dies while b waits for c's answer; b's call answers the
// stale-session error as soon as b loses the server: b's call timeout is
// one no test waits for.
func TestACallInFlightWhenTheServerDiesAnswersStaleAtOnce(t *testing.T) {
	a := join(t, "a", "")
	b := joinTimeout(t, "b", a.ClientURL(), nil, neverCalledOut)
	c := join(t, "c", a.ClientURL())
	c.start(t, "c1")
	seen(t, b, "c1")
	done := callHanging(t, b, c, "c1")
	a.kill() // a runs the server: b and c lose it
	select {
	case out := <-done:
		var stale *StaleSessionError
		if !errors.As(out.err, &stale) || stale.Why != "this node lost the cluster's NATS server during the call" {
			t.Fatalf("a call in flight when the server died: %v; want a stale-session error saying the server was lost during the call", out.err)
		}
	case <-time.After(hangs):
		t.Fatal("a call in flight when the server died waits for the call timeout")
	}
}

// callOutcome is how a call ended, and how long it took.
type callOutcome struct {
	err  error
	took time.Duration
}

// callHanging calls, from node from, the hanging tool of session on node
// at, and returns once the call has reached at: the channel gets how it
// ends.
func callHanging(t testing.TB, from, at *member, session string) <-chan callOutcome {
	t.Helper()
	done := make(chan callOutcome, 1)
	go func() {
		start := time.Now()
		_, err := from.Do(context.Background(), Request{Session: session, Kind: KindCall, Name: "hang"})
		done <- callOutcome{err, time.Since(start)}
	}()
	select {
	case <-at.entered:
	case <-time.After(hangs):
		t.Fatalf("the call never reached node %s", at.Name())
	}
	return done
}
