package main

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

func TestClusterFlagsThatMakeNoSenseAreUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--http", "127.0.0.1:0", "--cluster", "nats://127.0.0.1:4222", "--cluster-listen", "127.0.0.1:0"}, "cannot be combined"},
		{[]string{"--http", "127.0.0.1:0", "--node", "a"}, "--node needs --cluster"},
		{[]string{"--cluster", "nats://127.0.0.1:4222"}, "need --http ADDR or --mcp"},
		{[]string{"--list", "--cluster-listen", "127.0.0.1:0"}, "cannot be combined"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, err := parseOptions(tc.args)
			var ue *usageError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("parseOptions = %v, want a usage error saying %q", err, tc.want)
			}
		})
	}
}

// TestTwoPlaygroundsShareSessions runs the whole program twice on
// loopback: the first runs the cluster's NATS server, the second joins it.
// Ids are unique across both, naming the node that has one; an agent of
// the second drives a session of the first with the same answers and
// errors as the first's own agent; when the first goes, its session's calls
// answer the stale-session error.
func TestTwoPlaygroundsShareSessions(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	policy := []string{"--allow-tools=facet_start,facet_list,facet_screenshot,shared1.discover_tools,shared1.inc.click,shared1.inc.press", "--allow-read-methods=tools/list,resources/read"}
	first := startRun(t, append([]string{"--http", "127.0.0.1:0", "--cluster-listen", "127.0.0.1:0", "--node", "first"}, policy...), devNull, io.Discard)
	natsURL := first.printed(`runs the cluster's NATS server at (\S+);`)
	second := startRun(t, append([]string{"--http", "127.0.0.1:0", "--cluster", natsURL, "--node", "second"}, policy...), devNull, io.Discard)
	second.printed(`node second (joined) the cluster`)

	agentOfFirst := &sharedRig{t: t, agent: httpAgent(t, first.printed(httpListening))}
	agentOfSecond := &sharedRig{t: t, agent: httpAgent(t, second.printed(httpListening))}
	agentOfFirst.mustCall("facet_start", map[string]any{"app": "counter", "id": "shared1", "shared": true})
	out, isErr := agentOfSecond.call("facet_start", map[string]any{"app": "counter", "id": "shared1"})
	if !isErr || !strings.Contains(out, `node "first"`) {
		t.Fatalf("facet_start of an id the first node runs, on the second: error %v, %s; want a refusal naming node first", isErr, out)
	}
	list := agentOfSecond.eventually("the second node's facet_list showing the first node's session",
		func() string { return agentOfSecond.mustCall("facet_list", nil) },
		func(s string) bool { return strings.Contains(s, "shared1\tcounter\ton node first") })
	if !strings.Contains(list, "No sessions are running on this node.") {
		t.Errorf("the second node's facet_list, with no session of its own:\n%s", list)
	}
	agentOfSecond.mustCall("facet_start", map[string]any{"app": "counter", "id": "shared2", "shared": true})
	out, isErr = agentOfFirst.call("facet_start", map[string]any{"app": "counter", "id": "shared2"})
	if !isErr || !strings.Contains(out, `node "second"`) {
		t.Fatalf("facet_start of an id the second node runs, on the first: error %v, %s; want a refusal naming node second", isErr, out)
	}

	list = agentOfFirst.eventually("the first node's facet_list showing the second node's session",
		func() string { return agentOfFirst.mustCall("facet_list", nil) },
		func(s string) bool { return strings.Contains(s, "shared2\tcounter\ton node second") })
	if strings.Contains(list, "on node first") {
		t.Fatalf("the first node's facet_list lists its own session as another node's:\n%s", list)
	}
	// An agent of the second node drives the first node's session: the
	// same answers and errors as the first node's own agent gets.
	agentOfFirst.readyTools("shared1", "shared1.inc.click")
	forwarded := agentOfSecond.mustCall("shared1.inc.click", nil)
	if !strings.Contains(forwarded, "Applied shared1_inc_click") {
		t.Fatalf("the first click, forwarded from the second node, answered:\n%s", forwarded)
	}
	clickOnFirst := agentOfFirst.mustCall("shared1.inc.click", nil)
	clickOnSecond := agentOfSecond.mustCall("shared1.inc.click", nil)
	// The same answer, but for the count each click made visible.
	if strings.Replace(clickOnFirst, "Count: 2", "Count: 3", 1) != clickOnSecond {
		t.Fatalf("a click forwarded from the second node answered\n%s\nthe first node's own click\n%s", clickOnSecond, clickOnFirst)
	}
	screen := agentOfFirst.mustCall("facet_screenshot", map[string]any{"id": "shared1"})
	if !strings.Contains(screen, "Count: 3") {
		t.Fatalf("after three clicks, two from the second node, the screen is:\n%s", screen)
	}
	read := func(c *client.Client) string {
		t.Helper()
		req := sdk.ReadResourceRequest{}
		req.Params.URI = "facet://session/shared1/widgets"
		res, err := c.ReadResource(t.Context(), req)
		if err != nil {
			t.Fatalf("read %s: %v", req.Params.URI, err)
		}
		text, _ := res.Contents[0].(sdk.TextResourceContents)
		return text.Text
	}
	if onSecond, onFirst := read(agentOfSecond.agent), read(agentOfFirst.agent); onSecond != onFirst || !strings.Contains(onSecond, "Count: 3") {
		t.Fatalf("the widgets of shared1 read on the second node:\n%s\nand on the first:\n%s", onSecond, onFirst)
	}
	errOnSecond, isErr2 := agentOfSecond.call("shared1.inc.press", nil)
	errOnFirst, isErr1 := agentOfFirst.call("shared1.inc.press", nil)
	if !isErr1 || !isErr2 || errOnSecond != errOnFirst {
		t.Fatalf("an unknown action answered %v %q on the second node and %v %q on the first", isErr2, errOnSecond, isErr1, errOnFirst)
	}

	// The first node goes: its session's calls answer the stale-session
	// error, in time.
	_ = agentOfFirst.agent.Close()
	stopping := time.Now()
	first.stop()
	t.Logf("the first node stopped in %v", time.Since(stopping))
	start := time.Now()
	out, isErr = agentOfSecond.call("shared1.inc.click", nil)
	if !isErr || !strings.Contains(out, "facet_list") {
		t.Fatalf("a call to a gone node's session answered %v %q; want the stale-session error naming facet_list", isErr, out)
	}
	// How soon: cluster's BenchmarkStaleAnswers.
	t.Logf("the call to a gone node's session answered in %v", time.Since(start))
	_ = agentOfSecond.agent.Close()
	second.stop()
}

// TestSessionsStartedOutsideMCPJoinTheDirectory: a session a person
// started (a terminal's, an SSH connection's) is put in the directory, and
// one whose id another node has stays out of it, with a warning.
func TestSessionsStartedOutsideMCPJoinTheDirectory(t *testing.T) {
	ctx := t.Context()
	var errA, errB syncBuffer
	regA, regB := tea.NewSessions(), tea.NewSessions()
	defer regA.StopAll()
	defer regB.StopAll()
	if _, err := regA.Start(ctx, "live", "counter", pairModel{}); err != nil {
		t.Fatal(err)
	}
	nodeA, leaveA, err := joinCluster(ctx, clusterOptions{listen: "127.0.0.1:0", node: "a"}, regA, &errA)
	if err != nil {
		t.Fatal(err)
	}
	defer leaveA()
	nodeB, leaveB, err := joinCluster(ctx, clusterOptions{url: nodeA.Cluster().ClientURL(), node: "b"}, regB, &errB)
	if err != nil {
		t.Fatal(err)
	}
	defer leaveB()
	waitUntil(t, "node b sees a's terminal session live", func() bool {
		owner, ok := nodeB.Cluster().Owner("live")
		return ok && owner == "a"
	})
	if _, err := regB.Start(ctx, "ssh1", "counter", pairModel{}); err != nil {
		t.Fatal(err)
	}
	if _, err := regB.Start(ctx, "live", "counter", pairModel{}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "node a sees b's SSH session ssh1", func() bool {
		owner, ok := nodeA.Cluster().Owner("ssh1")
		return ok && owner == "b"
	})
	waitUntil(t, "node b warns that its live stays out of the directory", func() bool {
		return strings.Contains(errB.String(), `session live stays out of the cluster's directory: session id "live" is taken on node "a"`)
	})
}

// waitUntil polls cond every 10ms until it holds, for at most sharedWait.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(sharedWait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
