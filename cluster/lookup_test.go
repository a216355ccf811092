package cluster

import (
	"fmt"
	"testing"
)

// A session is reachable through every node as soon as its start has
// returned on one: a load balancer sends the next request anywhere, and
// the directory's watch may not have told the other node yet. Remote asks
// the directory itself before it calls an id unknown.
func TestASessionIsRemoteOnEveryNodeOnceItsStartReturns(t *testing.T) {
	a, b, c := threeNodes(t)
	for i := range 100 {
		id := fmt.Sprintf("s%d", i)
		a.start(t, id)
		for _, n := range []*member{b, c} {
			if node, ok := n.Remote(id); !ok || node != "a" {
				t.Fatalf("start %d: node %s answers Remote(%q) = %q, %v right after a started it; want a", i, n.Name(), id, node, ok)
			}
		}
	}
	// An id no node runs is still unknown, after asking.
	if node, ok := b.Remote("nobody"); ok {
		t.Fatalf("Remote(nobody) = %q, want unknown", node)
	}
}
