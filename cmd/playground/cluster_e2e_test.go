package main

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/balancertest"
)

// node is one playground process of a cluster test: the built binary.
type node struct {
	t *testing.T
	*balancertest.Node
}

// startNode runs the built binary headless with args, until the test ends.
func startNode(t *testing.T, args ...string) *node {
	t.Helper()
	n, err := balancertest.StartNode(playgroundBuild.path(t), t.TempDir(), args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = n.Stop(clientWait) })
	return &node{t: t, Node: n}
}

// printed waits for the process to print a line matching pattern on
// stderr and returns the pattern's first group.
func (n *node) printed(pattern string) string {
	n.t.Helper()
	s, err := n.Printed(pattern, clientWait)
	if err != nil {
		n.t.Fatal(err)
	}
	return s
}

// kill ends the process as a crash does (SIGKILL: nothing is cleaned up).
func (n *node) kill() {
	n.t.Helper()
	if err := n.Kill(); err != nil {
		n.t.Fatal(err)
	}
}

// updates keeps the resource updates a client is sent.
type resourceUpdates struct {
	mu   sync.Mutex
	seen []map[string]any
}

func (u *resourceUpdates) add(n sdk.JSONRPCNotification) {
	if n.Method != "notifications/resources/updated" {
		return
	}
	b, _ := json.Marshal(n.Params)
	var p map[string]any
	_ = json.Unmarshal(b, &p)
	u.mu.Lock()
	u.seen = append(u.seen, p)
	u.mu.Unlock()
}

func (u *resourceUpdates) all() []map[string]any {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]map[string]any(nil), u.seen...)
}

// listeningAgent is httpAgent that also listens on the GET stream, where
// notifications outside a request arrive, and keeps its resource updates.
func listeningAgent(t *testing.T, base string, u *resourceUpdates) *client.Client {
	t.Helper()
	//lint:ignore SA1019 Facet's HTTP serves the protocol versions with sessions, whose notifications come on the GET stream
	c, err := client.NewStreamableHttpClient(base+"/mcp", transport.WithContinuousListening())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	c.OnNotification(u.add)
	// The GET stream lives on the context Start is given: one that ends
	// when this function returns would close it at once (Close ends it).
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = sdk.Implementation{Name: "cluster-e2e-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("initialize over HTTP: %v", err)
	}
	return c
}

// TestTwoPlaygroundProcessesFormACluster builds the binary and runs it
// twice on loopback, the first with --cluster-listen and the second
// joining it with --cluster: a client of the second lists the session a
// client of the first started shared (and not the one it kept), watches
// it and drives it; then the first is killed, and the second's call to
// its session answers the stale-session error naming facet_list within the
// call timeout.
func TestTwoPlaygroundProcessesFormACluster(t *testing.T) {
	policy := []string{
		"--allow-tools=facet_start,facet_list,facet_screenshot,demo.*,mine.*",
		"--allow-read-methods=tools/list,resources/read,resources/subscribe,resources/unsubscribe",
	}
	first := startNode(t, append([]string{"--http", "127.0.0.1:0", "--cluster-listen", "127.0.0.1:0", "--node", "first"}, policy...)...)
	natsURL := first.printed(`runs the cluster's NATS server at (\S+);`)
	second := startNode(t, append([]string{"--http", "127.0.0.1:0", "--cluster", natsURL, "--node", "second"}, policy...)...)
	second.printed(`node second (joined) the cluster`)

	ofFirst := &sharedRig{t: t, agent: httpAgent(t, first.printed(httpListening))}
	var updates resourceUpdates
	ofSecond := &sharedRig{t: t, agent: listeningAgent(t, second.printed(httpListening), &updates)}
	ofFirst.mustCall("facet_start", map[string]any{"app": "counter", "id": "demo", "shared": true})
	ofFirst.mustCall("facet_start", map[string]any{"app": "counter", "id": "mine"})

	list := ofSecond.eventually("the second node's facet_list showing the first node's shared session",
		func() string { return ofSecond.mustCall("facet_list", nil) },
		func(s string) bool { return strings.Contains(s, "demo\tcounter\ton node first") })
	if strings.Contains(list, "mine") {
		t.Fatalf("the second node's facet_list shows a session the first's client kept to itself:\n%s", list)
	}
	if !strings.Contains(list, "Cluster: this is node second; sessions you reach by node: first 1, second 0") {
		t.Errorf("the second node's facet_list does not show the cluster:\n%s", list)
	}

	const uri = "facet://session/demo/widgets"
	sub := sdk.SubscribeRequest{}
	sub.Params.URI = uri
	//lint:ignore SA1019 resources/subscribe is what clients of protocol 2025-06-18 (the HTTP agents here) send
	if err := ofSecond.agent.Subscribe(t.Context(), sub); err != nil {
		t.Fatalf("subscribe on the second node to %s: %v", uri, err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("first's stderr:\n%s\nsecond's stderr:\n%s", first.Stderr(), second.Stderr())
		}
	})
	// The first node's client clicks: the second's, watching, is told on
	// its GET stream, sending nothing meanwhile.
	ofFirst.mustCall("demo.inc.click", nil)
	ofSecond.eventually("the second node's client told of the first node's click", func() string {
		b, _ := json.Marshal(updates.all())
		return string(b)
	}, func(s string) bool { return strings.Contains(s, uri) && strings.Contains(s, "Count: 1") })
	// The second node's client drives it.
	if out := ofSecond.mustCall("demo.inc.click", nil); !strings.Contains(out, "Applied demo_inc_click") {
		t.Fatalf("a click from the second node answered:\n%s", out)
	}
	if screen := ofFirst.mustCall("facet_screenshot", map[string]any{"id": "demo"}); !strings.Contains(screen, "Count: 2") {
		t.Fatalf("after the second node's click, the first node's screen is:\n%s", screen)
	}
	if out, isErr := ofSecond.call("mine.inc.click", nil); !isErr || !strings.Contains(out, "started by another client and not shared") {
		t.Fatalf("a call from the second node to the first's client's own session answered %v: %s", isErr, out)
	}

	first.kill()
	start := time.Now()
	out, isErr := ofSecond.call("demo.inc.click", nil)
	took := time.Since(start)
	if !isErr || !strings.Contains(out, "facet_list") {
		t.Fatalf("a call to the killed node's session answered %v %q; want the stale-session error naming facet_list", isErr, out)
	}
	// How soon: cluster's BenchmarkStaleAnswers (killed-mid-call is the
	// slowest case: about the call timeout).
	t.Logf("the call to the killed node's session answered in %v: %s", took, out)
}
