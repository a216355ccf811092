package mcp

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// recordingCluster is a cluster of one other node, "far", that runs the
// session "far": it keeps everything the server hands the directory and
// the forwarding, which other nodes (and whoever reads NATS) receive.
type recordingCluster struct {
	mu   sync.Mutex
	seen []string
}

func (c *recordingCluster) record(parts ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen = append(c.seen, fmt.Sprint(parts...))
}

func (c *recordingCluster) all() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.seen, "\n")
}

func (c *recordingCluster) Attach(*Local) {}
func (c *recordingCluster) Reserve(_ context.Context, id, app, owner string, shared bool) (func(*tea.Session), error) {
	c.record("reserve ", id, " ", app, " owner=", owner, " shared=", shared)
	return func(sess *tea.Session) {
		if sess == nil {
			c.record("release ", id)
			return
		}
		c.record("adopt ", sess.ID)
	}, nil
}
func (c *recordingCluster) Remote(id string) (string, bool) { return "far", id == "far" }
func (c *recordingCluster) Call(ctx context.Context, session, tool string, args map[string]any) (Answer, error) {
	c.record("forward ", CallerOf(ctx), " ", session, " ", tool, " ", args)
	return Answer{Text: []string{"done on far"}}, nil
}
func (c *recordingCluster) Read(ctx context.Context, session, uri string) (ResourceText, error) {
	c.record("read ", CallerOf(ctx), " ", session, " ", uri)
	return ResourceText{}, fmt.Errorf("no reads on far")
}
func (c *recordingCluster) Watch(watched map[string][]string) { c.record("watch ", watched) }
func (c *recordingCluster) Left(conn string)                  { c.record("left ", conn) }
func (c *recordingCluster) View() ClusterView {
	return ClusterView{Node: "near", Nodes: []string{"near", "far"}, Remote: []RemoteSession{
		{ID: "far", App: "counter", Node: "far", Owner: hostOwner, Started: time.Unix(0, 0)},
	}}
}

// recordingClient is an httpClient that keeps every status, header and
// body it receives.
type recordingClient struct {
	httpClient
	got bytes.Buffer
}

func (r *recordingClient) send(method, id, body string) string {
	r.t.Helper()
	code, sid, answer := r.httpClient.send(method, id, body)
	fmt.Fprintf(&r.got, "%d %s %s\n", code, sid, answer)
	return answer
}

func (r *recordingClient) request(id string, n int, method, params string) string {
	r.t.Helper()
	return r.send("POST", id, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, n, method, params))
}

func (r *recordingClient) call(id string, n int, tool, args string) string {
	r.t.Helper()
	return r.request(id, n, "tools/call", fmt.Sprintf(`{"name":%q,"arguments":%s}`, tool, args))
}

// TestNoClientSeesAnotherClientsTransportID: a client's Mcp-Session-Id is
// its only credential over HTTP (whoever sends it is that client), so it
// must never reach anyone else. Client A starts a shared and a private
// session, types a password, and acts on the host's session, on the
// shared one and on another node's; client B then goes through every
// surface it can read — lists, every resource, screenshots, the model,
// discovery, completions, a write's answer, refusals, and the
// notifications of the presence changes A caused — and none of it, nor
// the person's screen, the cluster directory, the forwarded calls or the
// server's log, holds A's id. A's presence still shows, by its key.
func TestNoClientSeesAnotherClientsTransportID(t *testing.T) {
	var logs bytes.Buffer
	var logMu sync.Mutex
	cluster := &recordingCluster{}
	srv := newTestServer(t, Options{
		Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}},
		Cluster: cluster,
		Logger:  slog.New(slog.NewTextHandler(lockedWriter{&logMu, &logs}, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	base := serveLoopbackHTTP(t, srv)
	if _, err := srv.StartSession(context.Background(), "live", "counter", testApps()[0].New()); err != nil {
		t.Fatal(err)
	}

	a := &recordingClient{httpClient: httpClient{t: t, url: base}}
	b := &recordingClient{httpClient: httpClient{t: t, url: base}}
	aid, bid := a.open(), b.open()
	if aid == "" || strings.Contains(aid, bid) || strings.Contains(bid, aid) {
		t.Fatalf("ids %q and %q", aid, bid)
	}

	// B follows the presence of the sessions A will act on.
	for _, uri := range []string{ContextURI("live"), WidgetsURI("live")} {
		b.request(bid, 3, "resources/subscribe", fmt.Sprintf(`{"uri":%q}`, uri))
	}

	// A: a shared session, a private one with a typed password, and acts
	// on the host's session and on another node's.
	for _, c := range []struct{ tool, args string }{
		{"facet_start", `{"app":"counter","id":"shared1","shared":true}`},
		{"shared1_inc_click", `{}`},
		{"facet_start", `{"app":"login","id":"priv"}`},
		{"priv_password_type_into", `{"text":"typed-by-a"}`},
		{"live_inc_click", `{}`},
		{"facet_send_key", `{"id":"live","key":"tab"}`},
		{"facet_screenshot", `{"id":"far"}`},
		{"facet_act", `{"session":"far","widget":"inc","action":"click"}`},
	} {
		if ans := a.call(aid, 2, c.tool, c.args); strings.Contains(ans, `"isError":true`) {
			t.Fatalf("A's %s: %s", c.tool, ans)
		}
	}

	// B reads everything it can.
	b.request(bid, 4, "tools/list", `{}`)
	listed := b.request(bid, 5, "resources/list", `{}`)
	b.request(bid, 6, "resources/templates/list", `{}`)
	uris := map[string]bool{}
	for _, s := range []string{"live", "shared1", "priv", "far"} {
		uris[ContextURI(s)], uris[WidgetsURI(s)], uris[ModelURI(s, "count")] = true, true, true
	}
	for _, part := range strings.Split(listed, `"uri":"`)[1:] {
		uris[part[:strings.IndexByte(part, '"')]] = true
	}
	for uri := range uris {
		b.request(bid, 7, "resources/read", fmt.Sprintf(`{"uri":%q}`, uri))
	}
	for _, c := range []struct{ tool, args string }{
		{"facet_list", `{}`},
		{"facet_screenshot", `{"id":"live"}`},
		{"facet_screenshot", `{"id":"shared1"}`},
		{"facet_get_model", `{"id":"live"}`},
		{"facet_get_model", `{"id":"shared1"}`},
		{"facet_get_model", `{"id":"priv"}`},
		{"facet_stop", `{"id":"priv"}`},
		{"shared1_discover_tools", `{}`},
		{"shared1_inc_click", `{}`},
		{"live_inc_click", `{}`},
		{"facet_act", `{"session":"shared1","widget":"inc","action":"click"}`},
		{"facet_send_key", `{"session":"live","widget":"dec"}`},
	} {
		b.call(bid, 8, c.tool, c.args)
	}
	b.request(bid, 9, "completion/complete", `{"ref":{"type":"ref/resource","uri":"facet://session/{id}/context"},"argument":{"name":"id","value":""}}`)
	b.request(bid, 10, "prompts/list", `{}`)
	b.request(bid, 11, "ping", `{}`)

	// A leaves; B hears of it, the far node is told.
	a.send("DELETE", aid, "")
	b.request(bid, 12, "ping", `{}`)
	b.call(bid, 13, "facet_list", `{}`)

	key := connectionKey(aid)
	var person strings.Builder
	for _, id := range []string{"live", "shared1"} {
		if sess, ok := srv.Sessions().Get(id); ok {
			snap := sess.Snapshot()
			fmt.Fprintf(&person, "%s\n%v\n", terminal.DrawSnapshot(snap, 100, 30), snap.Presence)
		}
	}
	logMu.Lock()
	logged := logs.String()
	logMu.Unlock()
	for _, s := range []struct{ surface, text string }{
		{"what client B received", b.got.String()},
		{"the person's screen and presence", person.String()},
		{"the cluster directory and forwarded calls", cluster.all()},
		{"the server's log", logged},
	} {
		if strings.Contains(s.text, aid) {
			t.Errorf("%s holds client A's transport id %s:\n%s", s.surface, aid, excerpt(s.text, aid))
		}
		if strings.Contains(s.text, strings.TrimPrefix(aid, "facet-")) {
			t.Errorf("%s holds the random part of client A's transport id", s.surface)
		}
	}
	// The test saw presence: A shows, by its key, where it acted.
	if !strings.Contains(b.got.String(), agentName(key)) {
		t.Errorf("client B was never shown A's presence %q: the test reached no presence surface", agentName(key))
	}
	if !strings.Contains(cluster.all(), key) {
		t.Errorf("the cluster never saw A's key %q: the test reached no forwarded call", key)
	}
}

// excerpt is the text around the first place s holds id.
func excerpt(s, id string) string {
	i := strings.Index(s, id)
	lo, hi := max(0, i-200), min(len(s), i+len(id)+200)
	return s[lo:hi]
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
