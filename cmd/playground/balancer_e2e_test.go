package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/balancertest"
)

// balancer runs Debian's haproxy on a free loopback port, sending each
// request to the next of servers in turn, until the test ends. The test
// skips when haproxy is not installed (.ci/run installs it).
func balancer(t *testing.T, servers []string) *balancertest.Balancer {
	t.Helper()
	b, err := balancertest.StartBalancer(t.TempDir(), servers, clientWait)
	if errors.Is(err, balancertest.ErrNoHAProxy) {
		t.Skip("haproxy is not installed (apt-get install haproxy): the load-balanced cluster test needs it")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = b.Close()
		if t.Failed() {
			t.Logf("haproxy:\n%s", b.Log())
		}
	})
	return b
}

// balancedCluster runs nodes playground processes n1, n2, ... on one NATS
// cluster (n1 runs its server), each with args, behind haproxy, until the
// test ends.
func balancedCluster(t *testing.T, nodes int, args ...string) (*balancertest.Cluster, *balancertest.Balancer) {
	t.Helper()
	if _, err := exec.LookPath("haproxy"); err != nil {
		t.Skip("haproxy is not installed (apt-get install haproxy): the load-balanced cluster test needs it")
	}
	c, err := balancertest.StartCluster(balancertest.ClusterOptions{
		Binary: playgroundBuild.path(t), Nodes: nodes, Args: args, Tmp: t.TempDir(), Wait: clientWait,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = c.Close()
		if t.Failed() {
			for _, n := range c.Nodes {
				t.Logf("%s's stderr:\n%s", n.Name, n.Stderr())
			}
		}
	})
	return c, balancer(t, c.URLs)
}

// statelessAgent is mcp-go's client speaking 2026-07-28 to base with a
// bearer token: every request stands alone, so a balancer may send each
// to any node.
func statelessAgent(t *testing.T, base, token string) *sharedRig {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(base+"/mcp", transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr)
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	req := sdk.InitializeRequest{}
	req.Params.ClientInfo = sdk.Implementation{Name: "balancer-test", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil || res.ProtocolVersion != sdk.ProtocolVersion20260728 {
		t.Fatalf("initialize through the balancer: %v %v", res, err)
	}
	return &sharedRig{t: t, agent: c}
}

// TestAnyNodeBehindABalancerServesAPrincipal: three playground processes
// on one NATS cluster behind haproxy, round robin; a principal's
// stateless requests land on any node, and its private session, started
// wherever the first landed, is listed, driven, read and stopped through
// all of them, every call exact; another principal reaches none of it.
func TestAnyNodeBehindABalancerServesAPrincipal(t *testing.T) {
	if _, err := exec.LookPath("haproxy"); err != nil {
		t.Skip("haproxy is not installed (apt-get install haproxy): the load-balanced cluster test needs it")
	}
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("ada "+playgroundToken+"\nbob bob-0123456789abcdef0123456789abcdef00\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, lb := balancedCluster(t, 3, "--http-tokens", tokens, "--allow-tools=*", "--allow-read-methods=*")
	ada := statelessAgent(t, lb.URL, playgroundToken)
	bob := statelessAgent(t, lb.URL, "bob-0123456789abcdef0123456789abcdef00")

	ada.mustCall("facet_start", map[string]any{"app": "counter", "id": "mine"})
	// Every node knows of it once three lists in a row (one per node)
	// show it.
	for seen := 0; seen < 3; {
		list := ada.mustCall("facet_list", nil)
		if strings.Contains(list, "mine") {
			seen++
			continue
		}
		seen = 0
		ada.eventually("the session on every node's list", func() string { return ada.mustCall("facet_list", nil) },
			func(s string) bool { return strings.Contains(s, "mine") })
	}
	const clicks = 6 // two through each node
	for i := 0; i < clicks; i++ {
		ada.mustCall("facet_act", map[string]any{"session": "mine", "widget": "inc", "action": "click"})
	}
	for i := 0; i < 3; i++ {
		if screen := ada.mustCall("facet_screenshot", map[string]any{"id": "mine"}); !strings.Contains(screen, fmt.Sprintf("Count: %d", clicks)) {
			t.Fatalf("after %d clicks through the balancer, a screenshot (read %d) shows:\n%s", clicks, i+1, screen)
		}
	}
	for i := 0; i < 3; i++ {
		if list := bob.mustCall("facet_list", nil); strings.Contains(list, "mine") {
			t.Fatalf("bob's facet_list (through node %d of 3) lists ada's private session:\n%s", i+1, list)
		}
		if out, isErr := bob.call("facet_act", map[string]any{"session": "mine", "widget": "inc", "action": "click"}); !isErr {
			t.Fatalf("bob clicked ada's session through the balancer: %s", out)
		}
	}
	// The requests did land on every node.
	for _, n := range []string{"be/n1 ", "be/n2 ", "be/n3 "} {
		if !strings.Contains(lb.Log(), n) {
			t.Fatalf("the balancer sent no request to %s:\n%s", strings.TrimSpace(n), lb.Log())
		}
	}
	ada.mustCall("facet_stop", map[string]any{"id": "mine"})
	ada.eventually("the stopped session gone from every node's list", func() string {
		var all strings.Builder
		for i := 0; i < 3; i++ {
			all.WriteString(ada.mustCall("facet_list", nil))
		}
		return all.String()
	}, func(s string) bool { return !strings.Contains(s, "mine") })
}
