package agent

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestAKindThatIsNotSpawnableIsRefused: a kind the manager knows (it is in
// Kinds) but that Spawnable leaves out is refused before its factory runs,
// and a spawnable kind does reach its factory.
func TestAKindThatIsNotSpawnableIsRefused(t *testing.T) {
	made := map[string]int{}
	errMade := errors.New("the factory ran")
	factory := func(spec Spec) (Agent, error) {
		made[spec.Kind]++
		return nil, errMade
	}
	m, err := NewManager(nil, Options{Kinds: map[string]Factory{"scout": factory, "fixer": factory}, Spawnable: []string{"scout"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Spawn(context.Background(), Spec{Kind: "fixer", ID: "f1", Session: "s"})
	if err == nil || !strings.Contains(err.Error(), `agent kind "fixer" is not spawnable here; spawnable kinds: scout`) {
		t.Fatalf("spawning a known kind that is not spawnable: %v", err)
	}
	if made["fixer"] != 0 {
		t.Fatal("the factory of a kind that is not spawnable ran")
	}
	if _, err := m.Spawn(context.Background(), Spec{Kind: "scout", ID: "s1", Session: "s"}); !errors.Is(err, errMade) || made["scout"] != 1 {
		t.Fatalf("spawning a spawnable kind: %v, factory ran %d times; want it to reach its factory once", err, made["scout"])
	}
	if got := m.Spawnable(); len(got) != 1 || got[0] != "scout" {
		t.Fatalf("Spawnable() = %q, want [scout]", got)
	}
}
