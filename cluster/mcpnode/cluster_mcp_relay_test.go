package mcpnode

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

// TestASubscriberOnAnotherNodeGetsUpdatesAsALocalOne: a client of node b
// subscribed to a resource of node a's session is told of each change
// with the version and the patch a's own subscriber gets, whoever made
// the change; after it unsubscribes it is told nothing more, and b no
// longer follows the session.
func TestASubscriberOnAnotherNodeGetsUpdatesAsALocalOne(t *testing.T) {
	a, b, c := threeMCPNodes(t)
	if _, err := a.srv.StartSession(t.Context(), "watched", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	seen(t, b.member, "watched")
	seen(t, c.member, "watched")
	const uri = "facet://session/watched/widgets"
	onA, onB, caller := a.client(t), b.client(t), c.client(t)
	following := b.following()
	onA.read(uri) // a has served it: subscribing tells nobody anything yet
	for _, sub := range []*mcpClient{onA, onB} {
		if err := sub.subscribe(uri); err != nil {
			t.Fatalf("subscribe to %s: %v", uri, err)
		}
	}
	if got := b.following(); got <= following {
		t.Fatalf("b follows nothing more after its client subscribed to a's session (%d subscriptions, %d before)", got, following)
	}

	for click := 1; click <= 3; click++ {
		// From another node, then from the owner's own client.
		if click == 3 {
			onA.mustCall("watched.inc.click", nil)
		} else {
			caller.mustCall("watched.inc.click", nil)
		}
		local := onA.waitUpdates(t, uri, click)
		remote := onB.waitUpdates(t, uri, click)
		l, r := local[click-1], remote[click-1]
		if l != r || !strings.Contains(r.Patch, "count") {
			t.Fatalf("click %d: a's subscriber got %+v, b's %+v; want the same version and patch", click, l, r)
		}
		text, version := onB.read(uri)
		if version != r.Version || !strings.Contains(text, "count "+string(rune('0'+click))) {
			t.Fatalf("click %d: reading on b gives version %v of\n%s\nafter an update of version %v", click, version, text, r.Version)
		}
	}

	// After unsubscribing, b's client is told nothing more of uri. Its
	// subscription to the session's context is the barrier: b's relay
	// reads every resource watched there in one pass after each change,
	// and a pass ends before the next begins, so once the context's
	// update of a later click (5) has come, any update of uri from the
	// click before (4) would have come before it.
	ctxURI := "facet://session/watched/context"
	if err := onB.subscribe(ctxURI); err != nil {
		t.Fatal(err)
	}
	if err := onB.unsubscribe(uri); err != nil {
		t.Fatal(err)
	}
	for _, count := range []string{"count 4", "count 5"} {
		caller.mustCall("watched.inc.click", nil)
		eventually(t, 5*time.Second, "b's client told of the context at "+count, func() bool {
			return slices.ContainsFunc(onB.received(ctxURI), func(u update) bool { return strings.Contains(u.Patch, count) })
		})
	}
	if got := onB.received(uri); len(got) != 3 {
		t.Fatalf("after unsubscribing, b's client got %d updates, want the 3 from before", len(got))
	}
	if err := onB.unsubscribe(ctxURI); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "b stops following the session nobody there watches", func() bool {
		return b.following() == following
	})
}

// TestAListenStreamOnAnotherNodeGetsUpdates: a client of the protocol
// that replaced resources/subscribe with subscriptions/listen names a
// resource of another node's session in its stream's filter, and is told
// of its changes.
func TestAListenStreamOnAnotherNodeGetsUpdates(t *testing.T) {
	a, b, _ := threeMCPNodes(t)
	if _, err := a.srv.StartSession(t.Context(), "watched", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	seen(t, b.member, "watched")
	const uri = "facet://session/watched/widgets"
	onB := b.clientOf(t, sdk.LATEST_PROTOCOL_VERSION)
	idle := b.following()
	stop, err := onB.c.ListenAsync(t.Context(), sdk.SubscriptionFilter{ResourceSubscriptions: []string{uri}}, func(error) {})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	eventually(t, 5*time.Second, "b follows a's session for the listen stream", func() bool {
		return b.following() > idle
	})
	a.client(t).mustCall("watched.inc.click", nil)
	got := onB.waitUpdates(t, uri, 1)
	if !strings.Contains(got[len(got)-1].Patch, "count 1") {
		t.Fatalf("the listen stream on b got %+v", got)
	}
}

// TestASubscriptionAcrossNodesEndsWhenTheOwnerDies: when the node that
// runs a session dies, the nodes relaying its resources stop following it
// and drop their subscribers' subscriptions, as a stopped local session's
// end.
func TestASubscriptionAcrossNodesEndsWhenTheOwnerDies(t *testing.T) {
	_, b, c := threeMCPNodes(t) // a runs the NATS server: b dies
	if _, err := b.srv.StartSession(t.Context(), "doomed", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	seen(t, c.member, "doomed")
	const uri = "facet://session/doomed/context"
	onC := c.client(t)
	following := c.following()
	if err := onC.subscribe(uri); err != nil {
		t.Fatal(err)
	}
	if c.following() <= following {
		t.Fatal("c does not follow the session its client subscribed to")
	}
	b.kill()
	eventually(t, 4*testTTL+2*time.Second, "c stops following the dead node's session", func() bool {
		return c.following() == following
	})
	// The subscription is gone: subscribing again is refused.
	if err := onC.subscribe(uri); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("subscribing to the dead node's session: %v; want an error saying it does not exist", err)
	}
}

// TestARemoteSessionNotSharedCannotBeWatched: a client connection's own
// session is nobody's on another node: not listed, not subscribable.
func TestARemoteSessionNotSharedCannotBeWatched(t *testing.T) {
	a, b, _ := threeMCPNodes(t)
	owner := a.client(t)
	owner.mustCall("facet_start", map[string]any{"app": "counter", "id": "mine"})
	seen(t, b.member, "mine")
	other := b.client(t)
	err := other.subscribe("facet://session/mine/widgets")
	if err == nil || !strings.Contains(err.Error(), "started by another client and not shared") {
		t.Fatalf("subscribing on b to a's client's own session: %v; want a refusal", err)
	}
}

// TestFacetListShowsTheClusterWithinEachConnectionsReach: facet_list on
// any node lists every node and, on each, the sessions the caller's
// connection reaches: host sessions and shared ones, never another
// connection's own; the context tree shows the cluster as every reader
// reaches it.
func TestFacetListShowsTheClusterWithinEachConnectionsReach(t *testing.T) {
	a, b, _ := threeMCPNodes(t)
	starter := a.client(t)
	starter.mustCall("facet_start", map[string]any{"app": "counter", "id": "mine"})
	starter.mustCall("facet_start", map[string]any{"app": "counter", "id": "ours", "shared": true})
	if _, err := a.srv.StartSession(t.Context(), "hosted", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.srv.StartSession(t.Context(), "local", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"mine", "ours", "hosted"} {
		seen(t, b.member, id)
	}
	onB := b.client(t)
	text, value := onB.mustCall("facet_list", nil)
	cluster, _ := value["cluster"].(map[string]any)
	nodes := map[string][]string{}
	for _, n := range cluster["nodes"].([]any) {
		n := n.(map[string]any)
		var ids []string
		for _, id := range n["sessions"].([]any) {
			ids = append(ids, id.(string))
		}
		nodes[n["name"].(string)] = ids
	}
	want := map[string][]string{"a": {"hosted", "ours"}, "b": {"local"}, "c": nil}
	for node, ids := range want {
		if got, ok := nodes[node]; !ok || !slices.Equal(got, ids) {
			t.Errorf("facet_list on b: node %s has %v (listed: %v), want %v", node, got, ok, ids)
		}
	}
	if cluster["node"] != "b" {
		t.Errorf("facet_list on b says this node is %v", cluster["node"])
	}
	if strings.Contains(text, "mine") || !strings.Contains(text, "ours\tcounter\ton node a") {
		t.Errorf("facet_list's text on b:\n%s", text)
	}

	// The owner's connection sees its own session in its node's list.
	_, value = starter.mustCall("facet_list", nil)
	for _, n := range value["cluster"].(map[string]any)["nodes"].([]any) {
		n := n.(map[string]any)
		if n["name"] == "a" && len(n["sessions"].([]any)) != 3 {
			t.Errorf("facet_list of the starter on a lists a's sessions %v, want hosted, mine, ours", n["sessions"])
		}
	}

	// The context tree: the cluster as every reader reaches it.
	ctxText, _ := onB.read("facet://session/local/context")
	for _, s := range []string{`"swarm"`, `"name":"a","sessions":["hosted","ours"]`, `"name":"b","this":true,"sessions":["local"]`} {
		if !strings.Contains(ctxText, s) {
			t.Errorf("the context tree of b's session lacks %s:\n%s", s, ctxText)
		}
	}
}

// TestTheDirectoryAndPresenceNameWhoActs: an MCP-started session's entry
// names the connection that started it and whether it shares it; a call
// forwarded from another node shows on the session's presence as the
// calling connection at its node, not as a connection of the owner's.
func TestTheDirectoryAndPresenceNameWhoActs(t *testing.T) {
	a, b, _ := threeMCPNodes(t)
	starter := a.client(t)
	starter.mustCall("facet_start", map[string]any{"app": "counter", "id": "ours", "shared": true})
	if _, err := a.srv.StartSession(t.Context(), "hosted", "counter", clustertest.Counter{}); err != nil {
		t.Fatal(err)
	}
	seen(t, b.member, "ours")
	seen(t, b.member, "hosted")
	ours, _ := b.Lookup("ours")
	hosted, _ := b.Lookup("hosted")
	if !strings.HasPrefix(ours.Owner, "mcp:") || !ours.Shared {
		t.Errorf("the entry of a shared facet_start session: %+v; want its starter's connection as owner, shared", ours)
	}
	if hosted.Owner != "host" || hosted.Shared {
		t.Errorf("the entry of a host session: %+v; want owner host", hosted)
	}

	onB := b.client(t)
	onB.mustCall("ours.inc.click", nil)
	sess, _ := a.reg.Get("ours")
	agents := sess.Snapshot().Presence.Agents
	i := slices.IndexFunc(agents, func(a string) bool {
		return strings.HasPrefix(a, "mcp:conn-") && strings.HasSuffix(a, "@b") // the key of its connection, never its id
	})
	if i < 0 {
		t.Fatalf("after a call from b, the session's agents are %q; want b's client's connection at b among them", agents)
	}
	want := agents[i]
	eventually(t, 5*time.Second, "the directory lists the agent from b", func() bool {
		e, _ := b.Lookup("ours")
		return slices.Contains(e.Agents, want)
	})

	// b's client goes: it leaves the session's presence on a too.
	if err := onB.c.Close(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "the agent from b leaves the presence once its connection ends", func() bool {
		return !slices.Contains(sess.Snapshot().Presence.Agents, want)
	})
}

// TestAForwardedCallActsAsNoConnectionOfTheOwner: a session that the
// owner node's stdio connection ("default") started and kept to itself is
// not reachable from another node, though an unidentified caller on the
// owner would be that connection: not from b's in-process client, nor from
// b's own "default" connection, which arrives on a as "default@b".
func TestAForwardedCallActsAsNoConnectionOfTheOwner(t *testing.T) {
	a, b, _ := threeMCPNodes(t)
	// An agent of the connection "default" (what a stdio client is, and
	// what a context with no client in it is taken for).
	agent, err := mcpclient.ConnectAs(context.Background(), a.srv, "robot")
	if err != nil {
		t.Fatal(err)
	}
	defer agent.Close()
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_start"
	req.Params.Arguments = map[string]any{"app": "counter", "id": "private"}
	if res, err := agent.CallTool(t.Context(), req); err != nil || res.IsError {
		t.Fatalf("facet_start as default: %v %+v", err, res)
	}
	seen(t, b.member, "private")
	text, _, isErr := b.client(t).call("private.inc.click", nil)
	if !isErr || !strings.Contains(text, "started by another client and not shared") {
		t.Fatalf("a call from b to default's own session on a answered %v: %s; want a refusal", isErr, text)
	}
	// The caller that would collide: b's own "default" connection (an
	// agent of it), forwarded to a, must act as "default@b", not as a's
	// "default".
	onB, err := mcpclient.ConnectAs(context.Background(), b.srv, "robot")
	if err != nil {
		t.Fatal(err)
	}
	defer onB.Close()
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"private.inc.click", nil},
		{"facet_act", map[string]any{"session": "private", "widget": "inc", "action": "click"}},
		{"facet_stop", map[string]any{"id": "private"}},
	} {
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = call.tool, call.args
		res, err := onB.CallTool(t.Context(), req)
		if err != nil {
			t.Fatalf("%s from b's default connection: %v", call.tool, err)
		}
		got := ""
		if len(res.Content) > 0 {
			if tc, ok := res.Content[0].(sdk.TextContent); ok {
				got = tc.Text
			}
		}
		if !res.IsError || !strings.Contains(got, "started by another client and not shared") {
			t.Fatalf("%s from b's default connection to a's default's own session answered %v: %s; want a refusal", call.tool, res.IsError, got)
		}
	}
	sess, running := a.reg.Get("private")
	if !running {
		t.Fatal("b's default connection stopped a's default's own session")
	}
	if n := sess.Snapshot().Model.(clustertest.Counter).N; n != 0 {
		t.Fatalf("the private session counted %d clicks from b", n)
	}
}

// TestStaticToolsReachAnotherNodesSession: the facet_* tools that take a
// session's id, and facet_act, act on another node's session as on a local
// one, under the same rules (a connection of another node may not stop
// it).
func TestStaticToolsReachAnotherNodesSession(t *testing.T) {
	a, b, _ := threeMCPNodes(t)
	onA := a.client(t)
	onA.mustCall("facet_start", map[string]any{"app": "counter", "id": "ours", "shared": true})
	seen(t, b.member, "ours")
	onB := b.client(t)
	onB.mustCall("facet_send_key", map[string]any{"id": "ours", "key": "enter"})
	onB.mustCall("facet_act", map[string]any{"session": "ours", "widget": "inc", "action": "click"})
	remote, _ := onB.mustCall("facet_screenshot", map[string]any{"id": "ours"})
	local, _ := onA.mustCall("facet_screenshot", map[string]any{"id": "ours"})
	if remote != local || !strings.Contains(remote, "count 2") {
		t.Fatalf("facet_screenshot of a's session on b:\n%s\non a:\n%s\nwant the same screen, after b's enter and facet_act click", remote, local)
	}
	text, _, isErr := onB.call("facet_stop", map[string]any{"id": "ours"})
	if !isErr || !strings.Contains(text, "only the client that started it can stop it") {
		t.Fatalf("facet_stop of a's client's shared session from b answered %v: %s", isErr, text)
	}
	if _, running := a.reg.Get("ours"); !running {
		t.Fatal("b stopped a's session")
	}
}
