package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// staleWithin bounds how soon, after a node dies, its sessions answer the
// stale-session error on every other node (issue 26).
const staleWithin = 10 * time.Second

// TestKillingANodeBehindTheBalancer: three playground processes on one
// NATS cluster behind haproxy, a principal's session on each; one node
// (not the one running the NATS server) is killed with SIGKILL. Within
// staleWithin its session answers the stale-session error naming
// facet_list on every surviving node and through the balancer, every
// answer from the kill on, and still does once the directory has
// forgotten it; the sessions on the surviving nodes are driven exactly
// through both, as before.
func TestKillingANodeBehindTheBalancer(t *testing.T) {
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("ada "+playgroundToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, lb := balancedCluster(t, 3, "--http-tokens", tokens, "--allow-tools=*", "--allow-read-methods=*")
	direct := make([]*sharedRig, len(c.URLs))
	for i, u := range c.URLs {
		direct[i] = statelessAgent(t, u, playgroundToken)
	}
	viaLB := statelessAgent(t, lb.URL, playgroundToken)
	ids := []string{"on1", "on2", "on3"}
	for i, a := range direct {
		a.mustCall("facet_start", map[string]any{"app": "counter", "id": ids[i]})
	}
	for i, a := range direct {
		a.eventually(fmt.Sprintf("n%d's facet_list showing every node's session", i+1),
			func() string { return a.mustCall("facet_list", nil) },
			func(s string) bool {
				return strings.Contains(s, "on1") && strings.Contains(s, "on2") && strings.Contains(s, "on3")
			})
	}
	click := func(a *sharedRig, id string) (string, bool) {
		return a.call("facet_act", map[string]any{"session": id, "widget": "inc", "action": "click"})
	}
	// Every session clicked once through every node.
	for _, a := range direct {
		for _, id := range ids {
			if out, isErr := click(a, id); isErr {
				t.Fatalf("clicking %s before the kill: %s", id, out)
			}
		}
	}

	const victim = 2 // n3: n1 runs the cluster's NATS server
	if err := c.Nodes[victim].Kill(); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	survivors := []*sharedRig{direct[0], direct[1], viaLB, viaLB}
	where := []string{"n1", "n2", "the balancer", "the balancer again"}
	stale := func(when string) {
		t.Helper()
		for i, a := range survivors {
			for _, call := range []struct {
				tool string
				args map[string]any
			}{
				{"facet_act", map[string]any{"session": "on3", "widget": "inc", "action": "click"}},
				{"facet_screenshot", map[string]any{"id": "on3"}},
			} {
				out, isErr := a.call(call.tool, call.args)
				if !isErr || !strings.Contains(out, "`on3`") || !strings.Contains(out, "is not running") || !strings.Contains(out, "facet_list") {
					t.Fatalf("%s, %s on the killed node's session through %s answered (error %v):\n%s\nwant the stale-session error naming facet_list",
						when, call.tool, where[i], isErr, out)
				}
			}
		}
	}
	stale("right after the kill")
	took := time.Since(killed)
	if took > staleWithin {
		t.Fatalf("the killed node's session took %v to answer stale on every surviving node, over %v", took, staleWithin)
	}
	t.Logf("every surviving node answered the killed node's session stale within %v of the kill", took.Round(time.Millisecond))

	// The survivors' sessions are untouched: clicked through both
	// surviving nodes and twice through the balancer, each shows every
	// click.
	for _, id := range ids[:victim] {
		for i, a := range survivors {
			if out, isErr := click(a, id); isErr {
				t.Fatalf("clicking %s through %s after the kill: %s", id, where[i], out)
			}
		}
		want := fmt.Sprintf("Count: %d", len(direct)+len(survivors))
		for i, a := range survivors[:2] {
			if screen := a.mustCall("facet_screenshot", map[string]any{"id": id}); !strings.Contains(screen, want) {
				t.Fatalf("after the kill, %s's screen through %s shows, want %s:\n%s", id, where[i], want, screen)
			}
		}
	}

	// Once the killed node's entries expire, facet_list no longer shows
	// its session, and a call to it still answers stale.
	for i, a := range survivors[:2] {
		a.eventually(where[i]+"'s facet_list forgetting the killed node's session",
			func() string { return a.mustCall("facet_list", nil) },
			func(s string) bool { return !strings.Contains(s, "on3") })
	}
	stale("once the directory forgot the killed node")
}
