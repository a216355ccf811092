package cluster

import (
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/tea"
)

var click = Request{Session: "s1", Kind: KindCall, Name: "inc.click"}

// TestAForgedEntryIsOverwrittenAndCallsReachTheOwner: a raw NATS client
// rewrites a live session's entry to name a node of its own. Until the
// owner puts its entry back, another node refuses to forward to a node
// that is not in the cluster; the owner logs what the forged entry
// claimed and overwrites it; calls then reach the owner, and the forger's
// subscriber receives nothing.
func TestAForgedEntryIsOverwrittenAndCallsReachTheOwner(t *testing.T) {
	a, b, _ := threeNodes(t)
	a.start(t, "s1")
	seen(t, b, "s1")
	f := newForger(t, a.ClientURL())
	stolen := make(chan string, 16)
	if _, err := f.nc.Subscribe(reqSubject("mallory"), func(m *nats.Msg) {
		stolen <- string(m.Data)
		_ = m.Respond([]byte(`{"result":{"count":-1}}`))
	}); err != nil {
		t.Fatal(err)
	}
	if err := f.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	forged, err := json.Marshal(Entry{ID: "s1", Node: "mallory", App: "counter", Owner: "tester", Shared: true, Started: time.Now()})
	if err != nil {
		t.Fatal(err)
	}

	resume := pauseHealing(t, a)
	if _, err := f.kv.Put(t.Context(), sessionKey+"s1", forged); err != nil {
		t.Fatalf("forging the entry: %v", err)
	}
	eventually(t, hangs, "b sees the forged entry", func() bool {
		e, _ := b.Lookup("s1")
		return e.Node == "mallory"
	})
	_, err = b.Do(t.Context(), click)
	if !errors.Is(err, ErrStaleSession) || !strings.Contains(err.Error(), "not in the cluster") {
		t.Fatalf("a call while the entry names mallory: %v; want a stale-session error saying the node is not in the cluster", err)
	}
	if node, ok := b.Remote("s1"); ok {
		t.Errorf("b.Remote(s1) = %q: it follows the forged entry", node)
	}
	b.EachRemote(func(id, _, node, _ string, _ bool, _ time.Time) {
		if id == "s1" {
			t.Errorf("b lists s1 on %q", node)
		}
	})
	resume()

	rec := a.logs.wait(t, "a logs the forged entry of s1", func(r logRecord) bool {
		return r.attrs["session"] == "s1" && r.attrs["claimed_node"] == "mallory"
	})
	if rec.level != slog.LevelWarn || rec.attrs["claimed_shared"] != "true" || rec.attrs["owner_node"] != "a" {
		t.Errorf("the log record %+v: want a warning naming what the forged entry claimed", rec)
	}
	if e := f.entry(t, sessionKey+"s1"); e.Node != "a" || e.Shared || e.Owner != "tester" {
		t.Fatalf("the bucket has %+v for s1; want a's entry back", e)
	}

	eventually(t, hangs, "b sees a's entry again", func() bool {
		_, ok := b.Remote("s1")
		return ok
	})
	raw, err := b.Do(t.Context(), click)
	if err != nil || count(t, raw) != 1 {
		t.Fatalf("a call from b after the heal: %s, %v; want a's count 1", raw, err)
	}
	if err := f.nc.Flush(); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-stolen:
		t.Fatalf("the forger's node received a call: %s", m)
	default:
	}
}

// TestADeletedEntryIsPutBack: a raw NATS client deletes a live session's
// entry and its node's; the node puts both back at once and logs it, and
// calls from other nodes reach the session again.
func TestADeletedEntryIsPutBack(t *testing.T) {
	a, b, _ := threeNodes(t)
	a.start(t, "s1")
	seen(t, b, "s1")
	f := newForger(t, a.ClientURL())
	for _, key := range []string{sessionKey + "s1", nodeKey + "a"} {
		if err := f.kv.Delete(t.Context(), key); err != nil {
			t.Fatalf("deleting %s: %v", key, err)
		}
	}
	missing := func(attr, value string) func(logRecord) bool {
		return func(r logRecord) bool {
			return r.level == slog.LevelWarn && r.attrs[attr] == value && strings.Contains(r.msg, "missing")
		}
	}
	a.logs.wait(t, "a puts s1's entry back", missing("session", "s1"))
	a.logs.wait(t, "a puts its node's entry back", missing("key", nodeKey+"a"))
	if e := f.entry(t, sessionKey+"s1"); e.Node != "a" || e.Owner != "tester" {
		t.Fatalf("the bucket has %+v for s1; want a's entry back", e)
	}
	eventually(t, hangs, "b sees s1 on a again", func() bool {
		_, ok := b.Remote("s1")
		return ok
	})
	raw, err := b.Do(t.Context(), click)
	if err != nil || count(t, raw) != 1 {
		t.Fatalf("a call from b after the heal: %s, %v; want a's count 1", raw, err)
	}
}

// TestAStartOfALiveIDIsRefusedWhileItsEntryIsMissing: with a live
// session's entry and its node's entry deleted (and its node kept from
// putting them back), another node's start of the id is refused, naming
// the node that runs it, because that node says so itself.
func TestAStartOfALiveIDIsRefusedWhileItsEntryIsMissing(t *testing.T) {
	a, _, c := threeNodes(t)
	a.start(t, "s1")
	seen(t, c, "s1")
	f := newForger(t, a.ClientURL())

	resume := pauseHealing(t, a)
	for _, key := range []string{sessionKey + "s1", nodeKey + "a"} {
		if err := f.kv.Delete(t.Context(), key); err != nil {
			t.Fatalf("deleting %s: %v", key, err)
		}
	}
	eventually(t, hangs, "c's directory has neither s1 nor a", func() bool {
		_, ok := c.Lookup("s1")
		return !ok && !c.nodeLive("a")
	})
	_, err := c.Start(t.Context(), c.reg, Entry{ID: "s1", App: "counter"}, clustertest.Counter{})
	resume()
	var taken *IDTakenError
	if !errors.As(err, &taken) || taken.Node != "a" || !errors.Is(err, tea.ErrSessionExists) {
		t.Fatalf("starting s1 on c while a runs it: %v; want an IDTakenError naming a", err)
	}
	if _, ok := c.reg.Get("s1"); ok {
		t.Fatal("c started the app under a refused id")
	}
	a.logs.wait(t, "a puts s1's entry back", func(r logRecord) bool {
		return r.attrs["session"] == "s1" && strings.Contains(r.msg, "missing")
	})
	if e := f.entry(t, sessionKey+"s1"); e.Node != "a" {
		t.Fatalf("the bucket has %+v for s1; want a's entry", e)
	}
}

// TestTwoNodesHoldingOneIDSettleOnTheEarlierStart: when two live nodes
// hold one id (one lost the NATS server past the TTL while the other
// started the id), they do not overwrite each other for ever: the node
// that started it later gives it up.
func TestTwoNodesHoldingOneIDSettleOnTheEarlierStart(t *testing.T) {
	a, b, _ := threeNodes(t)
	a.start(t, "s1")
	seen(t, b, "s1")
	later, err := json.Marshal(Entry{ID: "s1", Node: "b", App: "counter", Started: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	b.mu.Lock()
	b.claims[sessionKey+"s1"] = &claim{key: sessionKey + "s1", value: later}
	b.mu.Unlock()
	f := newForger(t, a.ClientURL())
	if _, err := f.kv.Put(t.Context(), sessionKey+"s1", later); err != nil {
		t.Fatal(err)
	}

	a.logs.wait(t, "a overwrites b's later entry", func(r logRecord) bool {
		return r.attrs["session"] == "s1" && r.attrs["claimed_node"] == "b"
	})
	b.logs.wait(t, "b gives s1 up to a", func(r logRecord) bool {
		return r.attrs["session"] == "s1" && r.attrs["other_node"] == "a"
	})
	if b.owns("s1") || !a.owns("s1") {
		t.Fatalf("b owns s1: %v, a owns s1: %v; want a only", b.owns("s1"), a.owns("s1"))
	}
	if e := f.entry(t, sessionKey+"s1"); e.Node != "a" {
		t.Fatalf("the bucket has %+v for s1; want a's entry", e)
	}
}

// TestANodeNameIsRefusedWhileItsNodeAnswers: a node whose entry someone
// deleted keeps its name: a second node joining as it is refused.
func TestANodeNameIsRefusedWhileItsNodeAnswers(t *testing.T) {
	a := join(t, "a", "")
	f := newForger(t, a.ClientURL())
	resume := pauseHealing(t, a)
	if err := f.kv.Delete(t.Context(), nodeKey+"a"); err != nil {
		t.Fatal(err)
	}
	n, err := Join(t.Context(), Options{URL: a.ClientURL(), Name: "a", TTL: testTTL, CallTimeout: testTimeout, Logger: slog.New(slog.DiscardHandler)})
	resume()
	if err == nil {
		_ = n.Close()
	}
	if !errors.Is(err, ErrNodeNameTaken) {
		t.Fatalf("joining as a second a while a's entry is missing: %v, want ErrNodeNameTaken", err)
	}
}
