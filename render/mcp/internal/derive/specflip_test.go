package derive

import (
	"testing"

	"github.com/facetui/facet/tea"
)

// TestAFlippedGuardAnnotationReregistersTheTool: a widget whose action
// turns sensitive or destructiveHint from false to true (and back) between
// renders gets its tool registered again with the new guard; a
// synchronizer that took the flipped spec for the same one would keep the
// stale tool, unguarded.
func TestAFlippedGuardAnnotationReregistersTheTool(t *testing.T) {
	for _, key := range []string{"sensitive", "destructiveHint"} {
		t.Run(key, func(t *testing.T) {
			reg := NewRegistry(nil)
			sy := NewToolSynchronizer("s", reg, nil)
			view := func(guard bool) tea.Node {
				return probe{id: "w", kind: "k", actions: []tea.Action{{Name: "poke", Annotations: map[string]any{key: guard}}}}
			}
			if err := sy.Start(tea.Snapshot{View: view(false), Version: 1}); err != nil {
				t.Fatal(err)
			}
			for v, guard := range []bool{true, false, true} {
				if err := sy.Sync(tea.Snapshot{View: view(guard), Version: uint64(v + 2)}); err != nil {
					t.Fatal(err)
				}
				tool, ok := reg.Lookup("s.w.poke")
				if !ok {
					t.Fatal("s.w.poke is not registered")
				}
				if tool.Guarded() != guard {
					t.Fatalf("render %d with %s: %v: the tool's Guarded() = %v", v+2, key, guard, tool.Guarded())
				}
			}
		})
	}
}

func TestEqualValuesTellsFlippedBools(t *testing.T) {
	for _, c := range []struct {
		a, b map[string]any
		want bool
	}{
		{map[string]any{"sensitive": true}, map[string]any{"sensitive": false}, false},
		{map[string]any{"sensitive": false}, map[string]any{"sensitive": true}, false},
		{map[string]any{"destructiveHint": true}, map[string]any{"destructiveHint": false}, false},
		{map[string]any{"sensitive": true}, map[string]any{"sensitive": "true"}, false},
		{map[string]any{"sensitive": true}, map[string]any{"sensitive": true}, true},
		{map[string]any{"x": map[string]any{"y": []any{true}}}, map[string]any{"x": map[string]any{"y": []any{false}}}, false},
	} {
		if got := equalMaps(c.a, c.b); got != c.want {
			t.Errorf("equalMaps(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
