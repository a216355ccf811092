package mcp

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"pgregory.net/rapid"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// updates collects notifications/resources/updated.
type updates struct {
	mu  sync.Mutex
	got []map[string]any
}

func (u *updates) add(n sdk.JSONRPCNotification) {
	if n.Method != methodUpdated {
		return
	}
	b, _ := json.Marshal(n.Params)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	u.mu.Lock()
	u.got = append(u.got, m)
	u.mu.Unlock()
}

func (u *updates) list() []map[string]any {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]map[string]any(nil), u.got...)
}

func (u *updates) waitFor(t *testing.T, n int) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for len(u.list()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("got %d update notifications, want %d", len(u.list()), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return u.list()
}

// waitUntil waits until the updates received satisfy done, and returns
// them.
func (u *updates) waitUntil(t *testing.T, what string, done func([]map[string]any) bool) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for got := u.list(); !done(got); got = u.list() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s; got %v", what, got)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return u.list()
}

// patchSays reports whether update u's patch holds want (JSON).
func patchSays(u map[string]any, want string) bool {
	meta, _ := u["_meta"].(map[string]any)
	b, _ := json.Marshal(meta["patch"])
	return strings.Contains(string(b), want)
}

func readResource(t *testing.T, c *client.Client, uri string) (string, float64) {
	t.Helper()
	res, err := c.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}})
	if err != nil {
		t.Fatalf("read %s: %v", uri, err)
	}
	tc := res.Contents[0].(sdk.TextResourceContents)
	v, _ := tc.Meta["version"].(float64)
	return tc.Text, v
}

func subscribe(t *testing.T, c *client.Client, uri string) {
	t.Helper()
	//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
	if err := c.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: uri}}); err != nil {
		t.Fatalf("subscribe %s: %v", uri, err)
	}
}

func TestResourcesReadSubscribeDiffUnsubscribe(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connectLegacy(t, srv)
	var up updates
	tc.c.OnNotification(up.add)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))

	list, err := tc.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range list.Resources {
		uris = append(uris, r.URI)
	}
	for _, want := range []string{WidgetsURI("demo"), ContextURI("demo"), ModelURI("demo", "count"), "counter://state/count"} {
		if !slices.Contains(uris, want) {
			t.Fatalf("resources/list lacks %s: %v", want, uris)
		}
	}

	body, v1 := readResource(t, tc.c, ModelURI("demo", "count"))
	if body != `{"count":0,"open":false}` || v1 < 1 {
		t.Fatalf("model read %s v%v", body, v1)
	}
	alias, _ := readResource(t, tc.c, "counter://state/count")
	if alias != body {
		t.Fatalf("alias reads %s", alias)
	}
	widgets, _ := readResource(t, tc.c, WidgetsURI("demo"))
	if !strings.Contains(widgets, `"kind":"button"`) || !strings.Contains(widgets, `"id":"inc"`) {
		t.Fatalf("widgets: %s", widgets)
	}

	subscribe(t, tc.c, ModelURI("demo", "count"))
	mustOK(t, tc.call("demo.inc.click", nil))
	got := up.waitFor(t, 1)
	meta := got[0]["_meta"].(map[string]any)
	if got[0]["uri"] != ModelURI("demo", "count") || meta["version"].(float64) != v1+1 {
		t.Fatalf("update %v", got[0])
	}
	patch, _ := json.Marshal(meta["patch"])
	doc, err := applyPatch([]byte(body), patch)
	if err != nil {
		t.Fatal(err)
	}
	now, v2 := readResource(t, tc.c, ModelURI("demo", "count"))
	if !jsonpatch.Equal(doc, []byte(now)) || v2 != v1+1 {
		t.Fatalf("patched %s, read %s (v%v)", doc, now, v2)
	}

	// An Update that leaves the projection as it was notifies nothing. A
	// change made after them is the barrier: the session's snapshots are
	// told in order, so a notification of theirs would come before the
	// change's.
	sess, _ := srv.Sessions().Get("demo")
	_, _ = sess.Dispatch(context.Background(), "no-op message")
	tc.call("demo.boom.click", nil) // a panic changes nothing either
	mustOK(t, tc.call("demo.open.click", nil))
	got = up.waitUntil(t, "the update of the open click", func(got []map[string]any) bool {
		return slices.ContainsFunc(got, func(u map[string]any) bool { return patchSays(u, `"open":true`) })
	})
	if len(got) != 2 || !patchSays(got[1], `"open":true`) {
		t.Fatalf("unchanged content was notified: %v, want the click's update and then the open click's", got)
	}

	// After unsubscribing, a change of the resource is told no more: a
	// later change of another resource subscribed to (the open click
	// closes, and the confirm button leaves the widgets) is the barrier.
	//lint:ignore SA1019 the stateful protocol's unsubscribe RPC is what this exercises
	if err := tc.c.Unsubscribe(context.Background(), sdk.UnsubscribeRequest{Params: sdk.UnsubscribeParams{URI: ModelURI("demo", "count")}}); err != nil {
		t.Fatal(err)
	}
	subscribe(t, tc.c, WidgetsURI("demo"))
	mustOK(t, tc.call("demo.inc.click", nil))
	mustOK(t, tc.call("demo.open.click", nil))
	got = up.waitUntil(t, "the widgets update of the confirm button leaving", func(got []map[string]any) bool {
		return slices.ContainsFunc(got, func(u map[string]any) bool {
			return u["uri"] == WidgetsURI("demo") && patchSays(u, `"op":"remove"`)
		})
	})
	for _, u := range got[2:] {
		if u["uri"] != WidgetsURI("demo") {
			t.Fatalf("notified of %v after unsubscribing from it", u["uri"])
		}
	}

	//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
	if err := tc.c.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: "facet://session/nope/widgets"}}); err == nil {
		t.Fatal("subscribing to a missing resource succeeded")
	}

	mustOK(t, tc.call("facet_stop", map[string]any{"id": "demo"}))
	list, _ = tc.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
	for _, r := range list.Resources {
		if strings.Contains(r.URI, "demo") || r.URI == "counter://state/count" {
			t.Fatalf("a stopped session left %s", r.URI)
		}
	}
	if _, err := tc.c.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: WidgetsURI("demo")}}); err == nil || !strings.Contains(err.Error(), "not running") {
		t.Fatalf("reading a stopped session: %v", err)
	}
}

func applyPatch(doc, patch []byte) ([]byte, error) {
	p, err := jsonpatch.DecodePatch(patch)
	if err != nil {
		return nil, err
	}
	return p.Apply(doc)
}

func TestContextAndWidgetsNeverCarryMaskedValues(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps()})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "lg"}))
	mustOK(t, tc.call("lg.email.type_into", map[string]any{"text": "ada@example.com"}))
	for _, uri := range []string{WidgetsURI("lg"), ContextURI("lg")} {
		body, _ := readResource(t, tc.c, uri)
		if strings.Contains(body, secret) {
			t.Fatalf("%s leaks the password: %s", uri, body)
		}
		if !strings.Contains(body, "ada@example.com") {
			t.Fatalf("%s lacks the email: %s", uri, body)
		}
	}
	ctxBody, _ := readResource(t, tc.c, ContextURI("lg"))
	var ctx map[string]any
	_ = json.Unmarshal([]byte(ctxBody), &ctx)
	for _, k := range []string{"session", "timestamp", "model", "widgets", "tools", "focus"} {
		if _, ok := ctx[k]; !ok {
			t.Fatalf("context lacks %s: %s", k, ctxBody)
		}
	}
	if _, ok := ctx["model"].(map[string]any)["Password"]; ok {
		t.Fatal("the context's model kept the password field")
	}
	agents, _ := ctx["agents"].(map[string]any)
	if attached, _ := agents["attached"].([]any); len(attached) != 1 {
		t.Fatalf("the agent that typed is not in the context: %v", ctx["agents"])
	}
}

func TestCompletionAndPrompt(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "alpha"}))
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "beta"}))
	req := sdk.CompleteRequest{}
	req.Params.Ref = sdk.ResourceReference{Type: "ref/resource", URI: templateWidgets}
	req.Params.Argument.Name, req.Params.Argument.Value = "id", "al"
	res, err := tc.c.Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Completion.Values) != 1 || res.Completion.Values[0] != "alpha" {
		t.Fatalf("session completion %v", res.Completion.Values)
	}
	req.Params.Ref = sdk.PromptReference{Type: "ref/prompt", Name: startPrompt}
	req.Params.Argument.Name, req.Params.Argument.Value = "app", "co"
	if res, err = tc.c.Complete(context.Background(), req); err != nil || len(res.Completion.Values) != 1 || res.Completion.Values[0] != "counter" {
		t.Fatalf("app completion %v %v", res, err)
	}
}

func TestCompletingAProjectionName(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	if _, err := srv.StartSession(context.Background(), "si", "signin", &signin{}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		template string
		arg      string
		value    string
		context  map[string]string
		want     []string
		err      []string // what the error says, when it is one
	}{
		{"the session's projections", templateModel, "name", "", map[string]string{"id": "demo"}, []string{"count"}, nil},
		{"by prefix", templateModel, "name", "co", map[string]string{"id": "demo"}, []string{"count"}, nil},
		{"only that session's", templateModel, "name", "", map[string]string{"id": "si"}, []string{"raw"}, nil},
		{"no match", templateModel, "name", "x", map[string]string{"id": "demo"}, []string{}, nil},
		{"no id yet: nothing to complete from", templateModel, "name", "", nil, []string{}, nil},
		{"a session that is not running", templateModel, "name", "", map[string]string{"id": "nope"}, nil, []string{`"nope"`, "not running"}},
		{"the widgets template has no name", templateWidgets, "name", "", map[string]string{"id": "demo"}, nil, []string{templateWidgets, `"name"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := sdk.CompleteRequest{}
			req.Params.Ref = sdk.ResourceReference{Type: "ref/resource", URI: c.template}
			req.Params.Argument.Name, req.Params.Argument.Value = c.arg, c.value
			req.Params.Context.Arguments = c.context
			res, err := tc.c.Complete(context.Background(), req)
			if c.err != nil {
				if err == nil {
					t.Fatalf("completed %v, want an error", res.Completion.Values)
				}
				for _, want := range c.err {
					if !strings.Contains(err.Error(), want) {
						t.Fatalf("error %q does not mention %s", err, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Completion.Values, c.want) {
				t.Fatalf("completed %q, want %q", res.Completion.Values, c.want)
			}
		})
	}
}

// TestPatchesReproduceTheContent is the property: applying each update's
// patch in order to the first read reproduces every later full read.
func TestPatchesReproduceTheContent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		docs := rapid.SliceOfN(rapid.MapOf(rapid.SampledFrom([]string{"a", "b", "c", "d"}),
			rapid.OneOf(rapid.Just[any](nil), rapid.Just[any](false), rapid.Just[any](0.0), rapid.Just[any]("x"),
				rapid.Just[any]([]any{1.0, "y"}), rapid.Just[any](map[string]any{"n": 1.0}))), 2, 8).Draw(rt, "docs")
		var prev []byte
		var current []byte
		for _, d := range docs {
			b, _ := json.Marshal(d)
			patch, err := derive.Diff(prev, b)
			if err != nil {
				rt.Fatal(err)
			}
			if prev == nil {
				current = b
			} else {
				if current, err = applyPatch(current, patch); err != nil {
					rt.Fatalf("apply %s: %v", patch, err)
				}
			}
			if !jsonpatch.Equal(current, b) {
				rt.Fatalf("patched %s, want %s (patch %s)", current, b, patch)
			}
			prev = b
		}
	})
}

// TestPatchesKeepAlikeValuesApart: a patch that adds a value equal in
// "falsiness" to one already there (null beside false, 0 or "") must add
// that value, not copy its neighbour. rapid found {"a":false} ->
// {"a":false,"b":null} patched by copying /a; these are its cases, kept
// by name rather than in a fail file.
func TestPatchesKeepAlikeValuesApart(t *testing.T) {
	tests := []struct{ from, to string }{
		{`{"a":false}`, `{"a":false,"b":null}`},
		{`{"a":null}`, `{"a":null,"b":false}`},
		{`{"a":0}`, `{"a":0,"b":null}`},
		{`{"a":""}`, `{"a":"","b":null}`},
		{`{"a":[]}`, `{"a":[],"b":{}}`},
		{`{"a":{"n":1}}`, `{"a":{"n":1},"b":{"n":1.0}}`},
	}
	for _, tc := range tests {
		t.Run(tc.to, func(t *testing.T) {
			patch, err := derive.Diff([]byte(tc.from), []byte(tc.to))
			if err != nil {
				t.Fatal(err)
			}
			got, err := applyPatch([]byte(tc.from), patch)
			if err != nil {
				t.Fatalf("apply %s: %v", patch, err)
			}
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.to), &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("patched %s, want %s (patch %s)", got, tc.to, patch)
			}
		})
	}
}

func TestModernClientsSubscribeWithListen(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	var up updates
	tc.c.OnNotification(up.add)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	stop, err := tc.c.ListenAsync(context.Background(), sdk.SubscriptionFilter{ResourceSubscriptions: []string{"counter://state/count"}}, func(error) {})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	deadline := time.Now().Add(2 * time.Second)
	for {
		srv.res.mu.Lock()
		n := len(srv.res.subs["counter://state/count"])
		srv.res.mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the listen subscription was not recorded")
		}
		time.Sleep(5 * time.Millisecond)
	}
	mustOK(t, tc.call("demo.inc.click", nil))
	got := up.waitFor(t, 1)
	if got[0]["uri"] != "counter://state/count" {
		t.Fatalf("update %v", got[0])
	}
}

func TestDiffReplacesTheRootWhenThatIsSmaller(t *testing.T) {
	from := []byte(`{"rows":[{"n":"a","s":"1"},{"n":"b","s":"2"},{"n":"c","s":"3"}]}`)
	to := []byte(`{"rows":[{"n":"c","s":"3"},{"n":"b","s":"2"},{"n":"a","s":"1"}]}`)
	patch, err := derive.Diff(from, to)
	if err != nil {
		t.Fatal(err)
	}
	if len(patch) > len(to)+64 {
		t.Fatalf("patch of %d bytes for a %d-byte document: %s", len(patch), len(to), patch)
	}
	got, err := applyPatch(from, patch)
	if err != nil {
		t.Fatal(err)
	}
	if !jsonpatch.Equal(got, to) {
		t.Fatalf("applied %s", got)
	}
}

// shifting declares a projection only while open, as a catalog does once a
// demo is open.
type shifting struct{ Open bool }

func (m *shifting) Init() tea.Cmd { return nil }
func (m *shifting) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	if _, ok := msg.(toggleMsg); ok {
		n.Open = !n.Open
	}
	return &n, nil
}
func (m *shifting) View() tea.Node { return tea.Text{Content: "x"} }
func (m *shifting) Projections() []tea.Projection {
	if !m.Open {
		return nil
	}
	return []tea.Projection{{URI: "demo://state/open", Name: "open", Value: func() any { return true }}}
}

func TestProjectionsFollowTheModel(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "sh", "shifting", &shifting{})
	if err != nil {
		t.Fatal(err)
	}
	listed := func() []string {
		list, err := tc.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var uris []string
		for _, r := range list.Resources {
			uris = append(uris, r.URI)
		}
		return uris
	}
	waitListed := func(uri string, want bool) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Second)
		for slices.Contains(listed(), uri) != want {
			if time.Now().After(deadline) {
				t.Fatalf("%s listed = %v, want %v: %v", uri, !want, want, listed())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitListed(ModelURI("sh", "open"), false)
	_, _ = sess.Dispatch(context.Background(), toggleMsg{})
	waitListed(ModelURI("sh", "open"), true)
	waitListed("demo://state/open", true)
	_, _ = sess.Dispatch(context.Background(), toggleMsg{})
	waitListed(ModelURI("sh", "open"), false)
	waitListed("demo://state/open", false)
}

// signin replaces its masked field once submitted; the model keeps the
// password.
type signin struct {
	Password string
	Done     bool
}

func (m *signin) Init() tea.Cmd { return nil }
func (m *signin) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	switch v := msg.(type) {
	case widgets.TextChanged:
		n.Password = v.Value
	case toggleMsg:
		n.Done = true
	}
	return &n, nil
}
func (m *signin) View() tea.Node {
	if m.Done {
		return widgets.Text{ID: "done", Content: "Signed in"}
	}
	return tea.Column{Items: []tea.Node{
		widgets.PasswordField{ID: "pw", Value: m.Password},
		widgets.Button{ID: "go", Label: "Sign in", OnClick: toggleMsg{}},
	}}
}
func (m *signin) Projections() []tea.Projection {
	return []tea.Projection{{Name: "raw", Value: func() any { return map[string]any{"p": m.Password} }}}
}

// TestAnAppURIIsAnAliasOnlyWhileOneSessionDeclaresIt: an app's own URI
// serves the one session that declares it; while two do it is neither
// listed nor readable, and its subscriber is told each time what it
// stands for changes. Each step's notifications are checked in order, so
// one that should not have been sent shows up as the next step's.
func TestAnAppURIIsAnAliasOnlyWhileOneSessionDeclaresIt(t *testing.T) {
	const alias = "counter://state/count"
	srv := newTestServer(t, Options{})
	tc := connectLegacy(t, srv)
	var up updates
	tc.c.OnNotification(up.add)
	listed := func() bool {
		list, err := tc.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(list.Resources, func(r sdk.Resource) bool { return r.URI == alias })
	}
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "a"}))
	readResource(t, tc.c, alias) // the baseline, so subscribing sends nothing
	subscribe(t, tc.c, alias)
	ambiguous := []string{"ambiguous", ModelURI("a", "count"), ModelURI("b", "count")}
	steps := []struct {
		name    string
		do      func()
		listed  bool
		body    string   // what reading the alias answers, or "" for an error
		errs    []string // what that error (and subscribing's) says
		notices []string // the _meta key of each update the step sends
	}{
		{"a alone holds it", nil, true, `{"count":0,"open":false}`, nil, nil},
		{"b declares it too: ambiguous", func() { mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "b"})) },
			false, "", ambiguous, []string{"ambiguous"}},
		{"changes while ambiguous are not sent", func() { mustOK(t, tc.call("b.inc.click", nil)); mustOK(t, tc.call("a.inc.click", nil)) },
			false, "", ambiguous, nil},
		{"a stops: it passes to b", func() { mustOK(t, tc.call("facet_stop", map[string]any{"id": "a"})) },
			true, `{"count":1,"open":false}`, nil, []string{"alias_of", "patch"}},
		{"b's changes reach the alias's subscriber", func() { mustOK(t, tc.call("b.inc.click", nil)) },
			true, `{"count":2,"open":false}`, nil, []string{"patch"}},
		{"b stops: nobody declares it", func() { mustOK(t, tc.call("facet_stop", map[string]any{"id": "b"})) },
			false, "", []string{alias}, []string{"removed"}},
	}
	seen := 0
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if st.do != nil {
				st.do()
			}
			if got := listed(); got != st.listed {
				t.Fatalf("%s listed = %v, want %v", alias, got, st.listed)
			}
			if st.body != "" {
				if body, _ := readResource(t, tc.c, alias); body != st.body {
					t.Fatalf("%s reads %s, want %s", alias, body, st.body)
				}
			} else {
				_, err := tc.c.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: alias}})
				//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
				serr := tc.c.Subscribe(context.Background(), sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: alias}})
				for _, e := range []error{err, serr} {
					if e == nil {
						t.Fatalf("reading or subscribing to %s succeeded", alias)
					}
					for _, want := range st.errs {
						if !strings.Contains(e.Error(), want) {
							t.Fatalf("error %q does not mention %q", e, want)
						}
					}
				}
			}
			got := up.waitFor(t, seen+len(st.notices))
			for i, key := range st.notices {
				n := got[seen+i]
				meta, _ := n["_meta"].(map[string]any)
				if _, ok := meta[key]; !ok || n["uri"] != alias {
					t.Fatalf("update %d = %v, want one for %s with %s in _meta; all: %v", seen+i, n, alias, key, got)
				}
				if key == "alias_of" && meta[key] != ModelURI("b", "count") {
					t.Fatalf("alias_of %v, want b's", meta[key])
				}
			}
			seen += len(st.notices)
		})
	}
	srv.res.mu.Lock()
	defer srv.res.mu.Unlock()
	if n := len(srv.res.subs[alias]); n != 0 {
		t.Fatalf("the removed alias kept %d subscribers", n)
	}
}

// TestARenderDeclaringTheSameProjectionsCostsNothing: most renders declare
// the projections the last one did, and syncing one then costs nothing
// beyond asking the model for them: no maps built to find that out, and
// nothing told the SDK.
func TestARenderDeclaringTheSameProjectionsCostsNothing(t *testing.T) {
	srv := newTestServer(t, Options{})
	sess := startedCounter(t, srv, "same")
	snap := sess.Snapshot()
	if len(projections(snap.Model)) == 0 {
		t.Fatal("the counter declares no projections: the test tests nothing")
	}
	asking := testing.AllocsPerRun(50, func() { _ = projections(snap.Model) })
	syncing := testing.AllocsPerRun(50, func() { srv.res.syncProjections(sess, snap) })
	if syncing > asking {
		t.Fatalf("syncing unchanged projections allocates %v times, asking the model for them %v", syncing, asking)
	}
}
