package mcp

import (
	"fmt"
	"testing"
)

// claimsOf is what session's projection named name claims: app.
func claimsOf(session, name, app string) map[string]map[string]bool {
	return map[string]map[string]bool{app: {ModelURI(session, name): true}}
}

// TestClaimingTheSameAgainChangesNothing: a session's every change claims
// its app URIs again; the same claims leave the aliases as they are, and
// a session that drops its claim still hands the alias on.
func TestClaimingTheSameAgainChangesNothing(t *testing.T) {
	r := newResources(nil)
	const app = "app://search/results"
	if ch := r.claim("a", claimsOf("a", "results", app)); len(ch.add) != 1 {
		t.Fatalf("the first claim registered %d aliases, want 1", len(ch.add))
	}
	if ch := r.claim("a", claimsOf("a", "results", app)); len(ch.add)+len(ch.remove)+len(ch.notices) != 0 {
		t.Errorf("claiming the same again changed the aliases: %+v", ch)
	}
	r.claim("b", claimsOf("b", "results", app))
	if got := r.meaning(app); got != "ambiguous" {
		t.Errorf("two sessions claiming %s make it %q, want ambiguous", app, got)
	}
	r.claim("b", claimsOf("b", "results", app))
	if got := r.meaning(app); got != "ambiguous" {
		t.Errorf("b claiming the same again made %s %q, want ambiguous", app, got)
	}
	r.claim("a", nil)
	if got, want := r.meaning(app), ModelURI("b", "results"); got != want || r.aliases[app] != want {
		t.Errorf("after a drops its claim, %s means %q (alias %q), want %q", app, got, r.aliases[app], want)
	}
	if _, kept := r.claimed["a"]; kept {
		t.Error("a session without claims is still remembered")
	}
}

// BenchmarkClaimUnchangedAmongManySessions is a session's change in a
// server of a thousand sessions that all claim one app URI.
func BenchmarkClaimUnchangedAmongManySessions(b *testing.B) {
	r := newResources(nil)
	const app = "app://search/results"
	for i := range 1000 {
		s := fmt.Sprintf("s%d", i)
		r.claim(s, claimsOf(s, "results", app))
	}
	for b.Loop() {
		r.claim("s500", claimsOf("s500", "results", app))
	}
}
