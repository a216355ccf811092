package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestStartDerivesPerSessionToolsAndWritesReachUpdate(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	res := mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	if !strings.HasPrefix(text(res), "Session started: demo") {
		t.Fatalf("start answer: %q", text(res))
	}
	st := structured(t, res)
	if st["id"] != "demo" || st["app"] != "counter" {
		t.Fatalf("structured: %v", st)
	}
	tools := tc.tools()
	for _, want := range []string{"demo.inc.click", "demo.dec.click", "demo.open.click", "demo.discover_tools", "facet_start", "facet_act"} {
		if !slices.Contains(tools, want) {
			t.Fatalf("tools/list lacks %s: %v", want, tools)
		}
	}
	if slices.Contains(tools, "demo.reset.click") {
		t.Fatal("a disabled button must offer no tool")
	}
	res = mustOK(t, tc.call("demo.inc.click", nil))
	wr := structured(t, res)
	if wr["applied"] != true {
		t.Fatalf("write answer: %v", wr)
	}
	changed, _ := wr["changed"].([]any)
	var ids []string
	for _, c := range changed {
		ids = append(ids, c.(string))
	}
	if !slices.Contains(ids, "count") || !slices.Contains(ids, "reset") || slices.Contains(ids, "inc") {
		t.Fatalf("changed = %v, want count and reset (enabled now), not inc", ids)
	}
	sess, _ := srv.Sessions().Get("demo")
	if got := sess.Snapshot().Model.(*counter).Count; got != 1 {
		t.Fatalf("count = %d, want 1", got)
	}
	// The write brought the set up to date before answering: reset is
	// enabled now, so its tool exists.
	if !slices.Contains(tc.tools(), "demo.reset.click") {
		t.Fatal("reset's tool was not registered before the write answered")
	}
	model := structured(t, mustOK(t, tc.call("facet_get_model", map[string]any{"id": "demo"})))
	if count, _ := model["count"].(map[string]any); count["count"] != float64(1) {
		t.Fatalf("get_model: %v", model)
	}
}

func TestStickyToolSetNotifiesOncePerChange(t *testing.T) {
	synctest.Test(t, stickyToolSetNotifiesOncePerChange)
}

// stickyToolSetNotifiesOncePerChange is TestStickyToolSetNotifiesOncePerChange, in a synctest bubble: settle is synctest.Wait.
func stickyToolSetNotifiesOncePerChange(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	tc.settle()
	base := tc.notifications()

	mustOK(t, tc.call("demo.open.click", nil)) // confirm appears
	tc.settle()
	if got := tc.notifications() - base; got != 1 {
		t.Fatalf("opening the modal sent %d list_changed, want 1", got)
	}
	mustOK(t, tc.call("demo.confirm.click", nil)) // confirm leaves
	mustOK(t, tc.call("demo.open.click", nil))    // and comes back
	tc.settle()
	if got := tc.notifications() - base; got != 1 {
		t.Fatalf("after dismiss and reopen: %d list_changed in all, want 1", got)
	}
	if !slices.Contains(tc.tools(), "demo.confirm.click") {
		t.Fatal("the sticky set lost confirm's tool")
	}
}

func TestCallActsOnTheWidgetAsItIsNow(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	mustOK(t, tc.call("demo.open.click", nil))
	mustOK(t, tc.call("demo.confirm.click", nil)) // closes it again
	for i := 0; i < derive.BreakerThreshold+2; i++ {
		mustErr(t, tc.call("demo.confirm.click", nil), "widget `confirm` is not in the session's current view")
	}
	mustOK(t, tc.call("demo.inc.click", nil))
	mustOK(t, tc.call("demo.reset.click", nil)) // count back to 0: reset disabled
	mustErr(t, tc.call("demo.reset.click", nil), "widget `reset` is disabled")
}

func TestWidgetOfAnotherKindIsRefused(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	kindA := probe{id: "w", kind: "alpha", actions: []tea.Action{{Name: "poke", Description: "Poke."}}}
	app := &switcher{views: []tea.Node{kindA, probe{id: "w", kind: "beta", actions: kindA.actions}}}
	if _, err := srv.StartSession(context.Background(), "sw", "switcher", app); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("sw.w.poke", nil))
	sess, _ := srv.Sessions().Get("sw")
	if _, err := sess.Dispatch(context.Background(), nextView{}); err != nil {
		t.Fatal(err)
	}
	// The provider changed, so the tool is registered again (by the
	// session's synchronizer, following its renders) and then acts on the
	// beta widget.
	deadline := time.Now().Add(2 * time.Second)
	for tl, _ := srv.reg.Lookup("sw.w.poke"); tl.Kind != "beta"; tl, _ = srv.reg.Lookup("sw.w.poke") {
		if time.Now().After(deadline) {
			t.Fatal("the tool was not registered again for the new kind")
		}
		time.Sleep(5 * time.Millisecond)
	}
	res := mustOK(t, tc.call("sw.w.poke", nil))
	if text(res) != `action: poke` || structured(t, res)["action"] != "poke" {
		t.Fatalf("poke: %s", text(res))
	}
	if tl, _ := srv.reg.Lookup("sw.w.poke"); tl.Kind != "beta" {
		t.Fatalf("kind = %s after the switch, want beta", tl.Kind)
	}
}

func TestResolveWidgetSaysWhyThereIsNone(t *testing.T) {
	act := []tea.Action{{Name: "poke"}}
	tool := &derive.Tool{Widget: "w", Kind: "alpha", Action: "poke"}
	cases := []struct {
		name string
		view tea.Node
		want string
	}{
		{"gone", tea.Column{}, "widget `w` is not in the session's current view"},
		{"behind a dialog", widgets.Modal{ID: "ask", Title: "Sure?", Visible: true}, "widget `w` is not in the session's current view: modal `ask` is open; answer it first"},
		{"other kind", probe{id: "w", kind: "beta", actions: act}, "widget `w` is now a beta, not a alpha"},
		{"no longer offered", probe{id: "w", kind: "alpha"}, "widget `w` no longer offers `poke`"},
		{"first offering wins", tea.Column{Items: []tea.Node{probe{id: "w", kind: "alpha"}, probe{id: "w", kind: "alpha", actions: act}}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := resolveWidget(c.view, tool, refusalHints{})
			if c.want == "" {
				if err != nil || w == nil {
					t.Fatalf("resolve: %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}

type nextView struct{}

// switcher shows views[i] and moves on at nextView.
type switcher struct {
	views []tea.Node
	i     int
}

func (s *switcher) Init() tea.Cmd { return nil }
func (s *switcher) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *s
	if _, ok := msg.(nextView); ok && n.i < len(n.views)-1 {
		n.i++
	}
	return &n, nil
}
func (s *switcher) View() tea.Node { return s.views[s.i] }

func TestFaultsKeepTheModelAndTripTheBreaker(t *testing.T) {
	now := time.Unix(1000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv := newTestServer(t, Options{Now: clock})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	mustOK(t, tc.call("demo.inc.click", nil))

	mustErr(t, tc.call("demo.bad.click", nil), "keeps its last good model")
	for i := 0; i < derive.BreakerThreshold; i++ {
		mustErr(t, tc.call("demo.boom.click", nil), "panicked")
	}
	mustErr(t, tc.call("demo.boom.click", nil), "temporarily unavailable")
	sess, _ := srv.Sessions().Get("demo")
	if got := sess.Snapshot().Model.(*counter).Count; got != 1 {
		t.Fatalf("count = %d after faults, want the last good 1", got)
	}
	mustOK(t, tc.call("demo.inc.click", nil)) // other tools are unaffected

	mu.Lock()
	now = now.Add(derive.BreakerCooldown)
	mu.Unlock()
	mustErr(t, tc.call("demo.boom.click", nil), "panicked") // the one probe
	mustErr(t, tc.call("demo.boom.click", nil), "temporarily unavailable")

	srv.breakers.Reset("demo.boom.click")
	mustErr(t, tc.call("demo.boom.click", nil), "panicked")
}

func TestSlowUpdateAnswersThatTheMessageMayStillApply(t *testing.T) {
	srv := newTestServer(t, Options{CallTimeout: 100 * time.Millisecond})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	mustErr(t, tc.call("demo.slow.click", nil), "may still apply", "check the state before retrying")
	sess, _ := srv.Sessions().Get("demo")
	deadline := time.Now().Add(3 * time.Second)
	for sess.Snapshot().Model.(*counter).Count != 100 {
		if time.Now().After(deadline) {
			t.Fatal("the slow message never applied")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestSessionsHaveSeparateToolsAndStopRemovesOnlyItsOwn(t *testing.T) {
	synctest.Test(t, sessionsHaveSeparateToolsAndStopRemovesOnlyItsOwn)
}

// sessionsHaveSeparateToolsAndStopRemovesOnlyItsOwn is TestSessionsHaveSeparateToolsAndStopRemovesOnlyItsOwn, in a synctest bubble: settle is synctest.Wait.
func sessionsHaveSeparateToolsAndStopRemovesOnlyItsOwn(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "a1"}))
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "a2"}))
	mustOK(t, tc.call("a1.inc.click", nil))
	s2, _ := srv.Sessions().Get("a2")
	if s2.Snapshot().Model.(*counter).Count != 0 {
		t.Fatal("a1's tool changed a2")
	}
	tc.settle()
	before := tc.notifications()
	mustOK(t, tc.call("facet_stop", map[string]any{"id": "a1"}))
	tc.settle()
	if got := tc.notifications() - before; got != 1 {
		t.Fatalf("stopping a session sent %d list_changed, want 1", got)
	}
	tools := tc.tools()
	if slices.Contains(tools, "a1.inc.click") || slices.Contains(tools, "a1.discover_tools") {
		t.Fatal("a1's tools survived its stop")
	}
	if !slices.Contains(tools, "a2.inc.click") {
		t.Fatal("stopping a1 removed a2's tools")
	}
	mustErr(t, tc.call("a1.inc.click", nil), "session `a1` is not running", "facet_list")
}

func TestSessionThatDiesWithoutStopLosesItsTools(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	app := static{view: probe{id: "q", kind: "k", actions: []tea.Action{{Name: "quit"}}}}
	sess, err := srv.StartSession(context.Background(), "dies", "static", app)
	if err != nil {
		t.Fatal(err)
	}
	sess.Dispatch(context.Background(), tea.QuitMsg{})
	deadline := time.Now().Add(2 * time.Second)
	for slices.Contains(tc.tools(), "dies.q.quit") {
		if time.Now().After(deadline) {
			t.Fatal("a session that quit kept its tools")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestStaleAndUnknownNames(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustErr(t, tc.call("gone.inc.click", nil), "session `gone` is not running", "facet_list")
	// With arguments too: the caller never called facet_act, so facet_act's
	// argument rules must not answer.
	mustErr(t, tc.call("gone.results.sort", map[string]any{"column": "stars"}), "session `gone` is not running", "gone.results.sort")
	mustErr(t, tc.call("gone.discover_tools", map[string]any{"query": "x"}), "session `gone` is not running")
	if err := tc.callErr("no_such_tool", nil); err == nil {
		t.Fatal("an unknown name of no derived shape must be a protocol error")
	}
	if err := tc.callErr("facet.inc.click", nil); err == nil {
		t.Fatal("a reserved session id is not a stale session")
	}
}

func TestFacetStartRules(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"unlisted app", map[string]any{"app": "evil"}, "not startable"},
		{"unknown app", map[string]any{"app": "nope"}, "startable apps: counter"},
		{"uppercase id", map[string]any{"app": "counter", "id": "Demo"}, "^[a-z][a-z0-9]{0,6}$"},
		{"too long", map[string]any{"app": "counter", "id": "abcdefgh"}, "invalid session id"},
		{"underscore", map[string]any{"app": "counter", "id": "a_b"}, "invalid session id"},
		{"dot", map[string]any{"app": "counter", "id": "t.v2"}, "invalid session id"},
		{"a widget's kind of id, refused with the reason", map[string]any{"app": "counter", "session": "my-Demo_1"}, "because every tool of the session is named <id>_<widget>_<action>: it must fit clients' 64 characters"},
		{"not a string, refused with the reason", map[string]any{"app": "counter", "session": true}, "no _ or - and no capitals"},
		{"reserved facet", map[string]any{"app": "counter", "id": "facet"}, "reserved"},
		{"reserved agent", map[string]any{"app": "counter", "id": "agent"}, "reserved"},
		{"width", map[string]any{"app": "counter", "width": 5.0}, "width 5 is out of range"},
		{"session type", map[string]any{"app": "counter", "session": 3.0}, "session must be a string"},
		{"id type (session's old name)", map[string]any{"app": "counter", "id": 3.0}, "session must be a string"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustErr(t, tc.call("facet_start", c.args), c.want)
		})
	}
	if len(srv.Sessions().List()) != 0 {
		t.Fatal("a refused start left a session")
	}
	res := mustOK(t, tc.call("facet_start", map[string]any{"app": "counter"}))
	if structured(t, res)["id"] != "counter" {
		t.Fatalf("default id: %v", structured(t, res))
	}
	res = mustOK(t, tc.call("facet_start", map[string]any{"app": "counter"}))
	if structured(t, res)["id"] != "counte2" {
		t.Fatalf("second default id: %v", structured(t, res))
	}
	mustErr(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "counter"}), "already running")
}

func TestClientNameCollisionRefusesTheSecondSession(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "s"}))
	_, err := srv.StartSession(context.Background(), "S", "counter", &counter{})
	var nc *derive.NameCollisionError
	if !errors.As(err, &nc) {
		t.Fatalf("err = %v, want *NameCollisionError", err)
	}
	for _, n := range nc.Names {
		if !strings.HasPrefix(n, "S.") {
			t.Fatalf("the refusal names another session's tool %q", n)
		}
	}
	if !slices.Contains(nc.Names, "S.inc.click") {
		t.Fatalf("names = %v", nc.Names)
	}
	if _, running := srv.Sessions().Get("S"); running {
		t.Fatal("a session with refused tools kept running")
	}
	if !slices.Contains(tc.tools(), "s.inc.click") {
		t.Fatal("the first session lost its tool")
	}
}

func TestFacetActAndSafeNames(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	tools := tc.tools()
	if !slices.Contains(tools, "demo_inc_click") || slices.Contains(tools, "demo.inc.click") {
		t.Fatalf("safe names not advertised: %v", tools)
	}
	mustOK(t, tc.call("demo_inc_click", nil))
	mustOK(t, tc.call("demo.inc.click", nil)) // the dotted spelling works too
	mustOK(t, tc.call("facet_act", map[string]any{"session": "demo", "widget": "inc", "action": "click"}))
	sess, _ := srv.Sessions().Get("demo")
	if got := sess.Snapshot().Model.(*counter).Count; got != 3 {
		t.Fatalf("count = %d, want 3", got)
	}
	mustErr(t, tc.call("facet_act", map[string]any{"session": "demo", "widget": "nope", "action": "click"}), "has no tool `demo_nope_click`", "demo_discover_tools")
	mustErr(t, tc.call("facet_act", map[string]any{"session": "zz", "widget": "inc", "action": "click"}), "session `zz` is not running")
	mustErr(t, tc.call("facet_act", map[string]any{"session": "demo", "widget": "a.b", "action": "click"}), "widget id")
}

func TestDiscoverToolsSearchesOnlyItsSession(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "a"}))
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "b"}))
	res := mustOK(t, tc.call("a.discover_tools", map[string]any{"query": "INC"}))
	if !strings.Contains(text(res), "a.inc.click") || strings.Contains(text(res), "b.inc") {
		t.Fatalf("discover: %s", text(res))
	}
}

func TestConfigurationErrorsNameTheOption(t *testing.T) {
	cases := []struct {
		opts Options
		want string
	}{
		{Options{Apps: testApps(), Startable: []string{"counter", "ghost"}}, "option Startable: \"ghost\" is not a registered app"},
		{Options{Apps: testApps(), ToolNames: "kebab"}, "option ToolNames"},
		{Options{Apps: []App{{Name: "x"}}}, "option Apps"},
	}
	for _, c := range cases {
		_, err := New(c.opts)
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("New(%+v) = %v, want a ConfigError mentioning %q", c.opts.Startable, err, c.want)
		}
	}
}

func TestDefaultStartableLeavesRestrictedAppsOut(t *testing.T) {
	got := DefaultStartable(testApps())
	if len(got) != 1 || got[0] != "counter" {
		t.Fatalf("DefaultStartable = %v", got)
	}
}

func TestSendKeyAndScreenshot(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	// Focus starts on inc; Enter presses it.
	screen := text(mustOK(t, tc.call("facet_send_key", map[string]any{"id": "demo", "key": "enter", "wait_ms": 0.0})))
	if !strings.Contains(screen, "count: 1") || !strings.HasSuffix(screen, "focused: inc (button)") {
		t.Fatalf("screen after enter:\n%s", screen)
	}
	mustOK(t, tc.call("facet_send_key", map[string]any{"id": "demo", "key": "tab", "wait_ms": 0.0}))
	shot := mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "demo"}))
	if st := structured(t, shot); st["focused"] != "dec" || st["focused_kind"] != "button" || st["width"] != float64(DefaultWidth) {
		t.Fatalf("screenshot facts %v", st)
	}
	mustErr(t, tc.call("facet_send_key", map[string]any{"id": "demo", "key": "hyper"}), "unknown key", "page_up")
	mustErr(t, tc.call("facet_screenshot", map[string]any{"id": "nope"}), "session `nope` is not running")
}

func TestAgentsAreShownAndCanBeDetached(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	sess, _ := srv.Sessions().Get("demo")
	if len(sess.Snapshot().Presence.Agents) != 0 {
		t.Fatal("an agent is attached before acting")
	}
	mustOK(t, tc.call("demo.inc.click", nil))
	if agents := sess.Snapshot().Presence.Agents; len(agents) != 1 || !strings.HasPrefix(agents[0], "mcp:") {
		t.Fatalf("agents after a call: %v", agents)
	}
	if _, err := sess.Dispatch(context.Background(), tea.DetachAgentsMsg{}); err != nil {
		t.Fatal(err)
	}
	mustErr(t, tc.call("demo.inc.click", nil), "detached agents", "nothing was done")
	mustErr(t, tc.call("facet_send_key", map[string]any{"id": "demo", "key": "enter"}), "detached agents")
	if got := sess.Snapshot().Model.(*counter).Count; got != 1 {
		t.Fatalf("count = %d: a blocked call ran", got)
	}
	if _, err := sess.Dispatch(context.Background(), tea.AllowAgentsMsg{}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("demo.inc.click", nil))
}

func TestSafeNamesEverywhere(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "aa"}))
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "bb"}))
	for _, name := range tc.tools() {
		if strings.Contains(name, ".") {
			t.Fatalf("safe mode lists %q", name)
		}
	}
	mustOK(t, tc.call("aa_discover_tools", nil))
	body, _ := readResource(t, tc.c, ContextURI("bb"))
	if strings.Contains(body, "aa_") || !strings.Contains(body, "bb_inc_click") {
		t.Fatalf("bb's context lists another session's tools or lacks its own: %s", body)
	}
}

func TestStaleSafeNamesNameTheirSession(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe})
	tc := connect(t, srv)
	mustErr(t, tc.call("gone_inc_click", nil), "session `gone` is not running", "facet_list")
	mustErr(t, tc.call("gone_results_sort", map[string]any{"column": "stars"}), "session `gone` is not running")
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "aa"}))
	mustErr(t, tc.call("aa_nowidget_click", nil), "session `aa` has no tool `aa_nowidget_click`", "aa_discover_tools")
	if err := tc.callErr("facet_nothing", nil); err == nil {
		t.Fatal("a reserved prefix is not a stale session")
	}
}

func TestUnknownToolsOfARunningSessionSayWhatIsThere(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps()})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "lg"}))
	mustErr(t, tc.call("lg.password.get_value", nil), "widget `password` offers clear, submit, type_into", "masked field")
	mustErr(t, tc.call("lg.nope.click", nil), "no widget `nope` has been on its screen", "lg.discover_tools")
}

func TestStaticToolsRefuseUnknownArguments(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	mustErr(t, tc.call("facet_screenshot", map[string]any{"session": "demo", "widget": "inc"}), `unknown argument "widget"`, "arguments: outline, session, since")
	// The session's old name is still taken, but not beside a different session.
	mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "demo"}))
	mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "demo", "session": "demo"}))
	mustErr(t, tc.call("facet_screenshot", map[string]any{"id": "other", "session": "demo"}), `unknown argument "id"`)
	mustErr(t, tc.call("facet_act", map[string]any{"session": "demo", "widget": "inc", "action": "click", "index": 1.0}), `unknown argument "index"`, `in "args"`)
}

// TestStaticToolsRefuseBadArguments: a missing, mistyped or malformed
// argument of a static tool is refused with a message naming the argument
// and the rule it broke, never answered as if it were absent.
func TestStaticToolsRefuseBadArguments(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	cases := []struct {
		name string
		tool string
		args map[string]any
		want []string
	}{
		{"discover: a query that is not a string", "demo.discover_tools", map[string]any{"query": 3.0}, []string{"query", "string", "number"}},
		{"discover: an unknown argument", "demo.discover_tools", map[string]any{"q": "inc"}, []string{`unknown argument "q"`, "arguments: query"}},
		{"start: no app", "facet_start", map[string]any{}, []string{"app is required", "startable apps: counter"}},
		{"start: an app that is not a string", "facet_start", map[string]any{"app": 3.0}, []string{"app must be a string", "number", "startable apps: counter"}},
		{"act: a session id with a dot", "facet_act", map[string]any{"session": "demo.results", "widget": "inc", "action": "click"}, []string{"session", `"demo.results"`, tea.IDRule}},
		{"act: a session id that is not a string", "facet_act", map[string]any{"session": true, "widget": "inc", "action": "click"}, []string{"session must be a string", "boolean"}},
		{"act: no widget", "facet_act", map[string]any{"session": "demo", "action": "click"}, []string{"widget is required"}},
		{"act: a widget id with a dot", "facet_act", map[string]any{"session": "demo", "widget": "a.b", "action": "click"}, []string{"widget", `"a.b"`, tea.IDRule}},
		{"act: an action that is not a string", "facet_act", map[string]any{"session": "demo", "widget": "inc", "action": 1.0}, []string{"action must be a string", "number"}},
		{"stop: a session id with a slash", "facet_stop", map[string]any{"session": "de/mo"}, []string{"session", `"de/mo"`, tea.IDRule}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustErr(t, tc.call(c.tool, c.args), c.want...)
		})
	}
	schema, err := json.Marshal(tc.tool("demo.discover_tools").InputSchema)
	if err != nil {
		t.Fatal(err)
	}
	if raw := tc.tool("demo.discover_tools").RawInputSchema; raw != nil {
		schema = raw
	}
	// The schema stays portable (Gemini refuses additionalProperties);
	// other arguments are refused when called.
	if strings.Contains(string(schema), "additionalProperties") {
		t.Fatalf("discover_tools schema is not portable: %s", schema)
	}
	mustErr(t, tc.call("demo.discover_tools", map[string]any{"q": "x"}), `unknown argument "q"`)
}

func TestWritesSayWhatChangedAndWhichToolsArrived(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps()})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	res := mustOK(t, tc.call("demo.open.click", nil))
	wr := structured(t, res)
	added, _ := wr["tools_added"].([]any)
	if len(added) != 1 || added[0] != "demo.confirm.click" || !strings.Contains(text(res), "New tools: demo.confirm.click.") {
		t.Fatalf("tools_added %v, text %q", wr["tools_added"], text(res))
	}
	mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "lg"}))
	const typed = "short-pw"
	res = mustOK(t, tc.call("lg.password.type_into", map[string]any{"text": typed}))
	wr = structured(t, res)
	b, _ := json.Marshal(wr)
	if strings.Contains(string(b), typed) || strings.Contains(string(b), secret) {
		t.Fatalf("a write's answer carries the masked value: %s", b)
	}
	// A masked field looks the same whatever it holds, so its own write
	// never changes it (whether it did would say what it held).
	if ws, _ := wr["widgets"].(map[string]any); ws["password"] != nil || strings.Contains(text(res), "Changed: ") {
		t.Fatalf("widgets %v", wr["widgets"])
	}
	wr = structured(t, mustOK(t, tc.call("lg.email.type_into", map[string]any{"text": "ada@example.com"})))
	if _, ok := wr["tools_added"]; ok {
		t.Fatalf("a write that added no tools reports %v", wr["tools_added"])
	}
}
