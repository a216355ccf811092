package mcp

import (
	"context"
	"testing"

	"github.com/facetui/facet/tea"
)

// TestTheGateCountsOnlyWhatRuns: the gate's caps count the sessions
// facet_start started that still run, by whose they are, also once it
// no longer walks every session while the caps are far: a stopped one not
// yet forgotten frees its place, and an id started again by another
// connection counts for that one.
func TestTheGateCountsOnlyWhatRuns(t *testing.T) {
	sessions := tea.NewSessions()
	g := &startGate{started: map[string]started{}, sessions: sessions}
	lim := limits{max: 2, perClient: 1}
	start := func(id, owner string) *tea.Session {
		t.Helper()
		done, err := g.reserve(sessions, lim, claim{id: id, owner: owner})
		if err != nil {
			t.Fatalf("start %s by %s: %v", id, owner, err)
		}
		sess, err := sessions.Start(context.Background(), id, "counter", &counter{})
		if err != nil {
			t.Fatal(err)
		}
		done(sess)
		return sess
	}
	refused := func(id, owner string) {
		t.Helper()
		if _, err := g.reserve(sessions, lim, claim{id: id, owner: owner}); err == nil {
			t.Fatalf("start %s by %s passed a cap", id, owner)
		}
	}
	a := start("a", "one")
	refused("x", "one") // its one place
	start("b", "two")
	refused("y", "three") // the server's two
	if err := sessions.Stop("a"); err != nil {
		t.Fatal(err)
	}
	start("a", "three") // a stopped, not yet forgotten: its place is free
	refused("z", "three")
	g.forget(a) // the old a's record is the new a's now: kept
	refused("z", "three")
	if g.startedBy["one"] != 0 || g.startedBy["three"] != 1 || g.startedBy["two"] != 1 {
		t.Fatalf("records by connection: %v", g.startedBy)
	}
}
