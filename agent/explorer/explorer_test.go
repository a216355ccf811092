package explorer_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/explorer"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// demoServer is explorerServer serving the playground's demos.
func demoServer(t testing.TB) (*mcp.Server, *agent.Manager) {
	t.Helper()
	var apps []mcp.App
	for _, a := range playground.Catalog() {
		apps = append(apps, mcp.App{Name: a.Name, New: a.New})
	}
	return explorerServer(t, mcp.Options{Apps: apps, Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}, MaxSessions: 64})
}

// explorerServer is an MCP server with opts and the explorer installed as
// an agent kind. Both close when the test ends.
func explorerServer(t testing.TB, opts mcp.Options) (*mcp.Server, *agent.Manager) {
	t.Helper()
	return mcphosttest.Serve(t, opts, agent.Options{Kinds: map[string]agent.Factory{explorer.Kind: explorer.New(explorer.Options{})}})
}

func explore(t *testing.T, srv *mcp.Server, m *agent.Manager, app func() tea.Model, name, session string, seed, steps int) agent.Info {
	t.Helper()
	ctx := context.Background()
	if _, err := srv.StartSession(ctx, session, name, app()); err != nil {
		t.Fatal(err)
	}
	id := "x" + session
	if _, err := m.Spawn(ctx, agent.Spec{Kind: explorer.Kind, ID: id, Session: session, Goal: fmt.Sprintf("seed=%d", seed),
		Budget: agent.Budget{Steps: steps, Time: time.Minute}}); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if _, err := m.Wait(wctx, id); err != nil {
		t.Fatal(err)
	}
	info, err := m.Status(id)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// TestTheExplorerFindsNoFaultInAnyDemo runs the explorer over every demo
// for a fixed seed and budget: the demos must hold up.
func TestTheExplorerFindsNoFaultInAnyDemo(t *testing.T) {
	srv, m := demoServer(t)
	for i, a := range playground.Catalog() {
		t.Run(a.Name, func(t *testing.T) {
			info := explore(t, srv, m, a.New, a.Name, fmt.Sprintf("d%d", i), 7, 120)
			if info.Status != agent.StatusDone {
				t.Fatalf("explorer ended %s: %s", info.Status, info.Error)
			}
			faults, _ := info.Detail["faults"].([]explorer.Fault)
			if len(faults) > 0 {
				t.Fatalf("the explorer found faults in %s: %+v", a.Name, faults)
			}
			cov, _ := info.Detail["coverage"].(map[string]any)
			if sessionTools(t, srv, info.Session) <= 1 {
				// A display-only demo (runtime): discover_tools is all it has.
				if cov["widgets"].(int) != 0 {
					t.Fatalf("coverage %v of a demo without widget tools", cov)
				}
				return
			}
			if cov["widgets_reached"].(int) == 0 || cov["actions_tried"].(int) == 0 {
				t.Fatalf("coverage %v: the explorer reached nothing", cov)
			}
			t.Logf("%s: %v/%v widgets reached, %v/%v actions tried in %d calls", a.Name, cov["widgets_reached"], cov["widgets"], cov["actions_tried"], cov["actions"], info.Steps)
		})
	}
}

// TestARunIsReproducibleFromItsSeed explores two fresh sessions of one app
// with the same seed: the calls and their arguments are the same.
func TestARunIsReproducibleFromItsSeed(t *testing.T) {
	srv, m := demoServer(t)
	calls := func(session string, seed int) []string {
		explore(t, srv, m, func() tea.Model { return playground.NewGallery() }, "gallery", session, seed, 40)
		j, err := m.Journal("x" + session)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range j.Entries {
			if e.Kind == agent.KindCall && e.Tool != "facet_list" {
				out = append(out, fmt.Sprintf("%s %v", strings.TrimPrefix(e.Tool, session+"_"), e.Args))
			}
		}
		return out
	}
	a, b, c := calls("s1", 3), calls("s2", 3), calls("s3", 4)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("the same seed gave different runs:\n%v\n%v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Fatalf("seeds 3 and 4 gave the same run: %v", a)
	}
}

func TestAGoalOtherThanASeedIsRefused(t *testing.T) {
	f := explorer.New(explorer.Options{})
	if _, err := f(agent.Spec{Goal: "find bugs"}); err == nil {
		t.Fatal("a goal that is not seed=N was accepted")
	}
	if _, err := f(agent.Spec{Goal: "seed=12"}); err != nil {
		t.Fatal(err)
	}
}

// faulty has a button whose Update returns nil and one that panics.
type faulty struct{ n int }

type (
	nilMsg   struct{}
	panicMsg struct{}
	okMsg    struct{}
)

func (f faulty) Init() tea.Cmd { return nil }
func (f faulty) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case nilMsg:
		return nil, nil
	case panicMsg:
		panic("boom")
	case okMsg:
		f.n++
	}
	return f, nil
}
func (f faulty) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.Button{ID: "ok", Label: "ok", OnClick: okMsg{}},
		widgets.Button{ID: "bad", Label: "bad", OnClick: nilMsg{}},
		widgets.Button{ID: "boom", Label: "boom", OnClick: panicMsg{}},
	}}
}

func TestTheExplorerRecordsEachKindOfFault(t *testing.T) {
	srv, m := demoServer(t)
	info := explore(t, srv, m, func() tea.Model { return faulty{} }, "faulty", "f1", 1, 60)
	faults, _ := info.Detail["faults"].([]explorer.Fault)
	kinds := map[string]string{}
	for _, f := range faults {
		kinds[f.Kind] = f.Tool
	}
	if kinds["panic"] != "f1_boom_click" || kinds["invalid_model"] != "f1_bad_click" {
		t.Fatalf("faults %+v: want a panic of boom and an invalid model of bad", faults)
	}
	// faulty is not a startable app, so no fresh session can replay it.
	if faults[0].Reproduced || faults[0].ShrinkNote == "" {
		t.Fatalf("first fault %+v: want a note saying why it was not shrunk", faults[0])
	}
}

func TestTheExplorerEndsWhenItsSessionStops(t *testing.T) {
	srv, m := demoServer(t)
	ctx := context.Background()
	if _, err := srv.StartSession(ctx, "gone", "counter", playground.NewCounter()); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Spawn(ctx, agent.Spec{Kind: explorer.Kind, ID: "xg", Session: "gone", Budget: agent.Budget{Steps: agent.MaxSteps, Time: time.Minute}}); err != nil {
		t.Fatal(err)
	}
	// Stop the session once the explorer is at work on it: it has taken
	// a step.
	for deadline := time.Now().Add(10 * time.Second); ; {
		info, err := m.Status("xg")
		if err != nil {
			t.Fatal(err)
		}
		if info.Steps > 0 {
			break
		}
		if info.Status != agent.StatusRunning || time.Now().After(deadline) {
			t.Fatalf("the explorer took no step: %+v", info)
		}
		runtime.Gosched()
	}
	if err := srv.Sessions().Stop("gone"); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	info, err := m.Wait(wctx, "xg")
	if err != nil {
		t.Fatalf("the explorer kept going after its session stopped: %v (%d steps)", err, info.Steps)
	}
	if info.Status != agent.StatusDone || info.Steps >= agent.MaxSteps {
		t.Fatalf("explorer %s after %d steps", info.Status, info.Steps)
	}
}

// fragile is a widget whose read breaks once it has been poked: its state
// becomes a value JSON cannot encode.
type fragile struct{ poked bool }

type pokeMsg struct{}

func (fragile) Children() []tea.Node            { return nil }
func (fragile) WidgetID() string                { return "vase" }
func (fragile) WidgetKind() string              { return "vase" }
func (fragile) Render(tea.RenderContext) string { return "vase" }
func (fragile) Actions() []tea.Action {
	empty := map[string]any{"type": "object", "properties": map[string]any{}}
	return []tea.Action{
		{Name: "poke", Description: "Poke it.", InputSchema: empty, Annotations: map[string]any{"sensitive": true}},
		{Name: "get_state", Description: "Read it.", InputSchema: empty},
	}
}
func (f fragile) Invoke(action string, _ map[string]any) (tea.Result, error) {
	if action == "poke" {
		return tea.Write(pokeMsg{}), nil
	}
	if f.poked {
		return tea.Read(map[string]any{"broken": func() {}}), nil
	}
	return tea.Read(map[string]any{"ok": true}), nil
}

// vaseApp holds a fragile widget or, with slow, a button that is slow
// to answer.
type vaseApp struct{ poked, slow bool }

type slowMsg struct{}

func (v vaseApp) Init() tea.Cmd { return nil }
func (v vaseApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case pokeMsg:
		v.poked = true
	case slowMsg:
		time.Sleep(300 * time.Millisecond)
	}
	return v, nil
}
func (v vaseApp) View() tea.Node {
	if v.slow {
		return widgets.Button{ID: "slow", Label: "slow", OnClick: slowMsg{}}
	}
	return fragile{poked: v.poked}
}

func TestTheExplorerFindsABrokenReadAfterAWriteAndATimeout(t *testing.T) {
	srv, m := explorerServer(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}, CallTimeout: 50 * time.Millisecond})
	kinds := func(info agent.Info) map[string]string {
		out := map[string]string{}
		for _, f := range info.Detail["faults"].([]explorer.Fault) {
			out[f.Kind] = f.Tool
		}
		return out
	}
	if got := kinds(explore(t, srv, m, func() tea.Model { return vaseApp{} }, "vase", "v1", 1, 30)); got["read_after_write"] != "v1_vase_get_state" {
		t.Fatalf("faults %v: want a broken read of vase after its poke", got)
	}
	if got := kinds(explore(t, srv, m, func() tea.Model { return vaseApp{slow: true} }, "vase", "v2", 1, 10)); got["timeout"] != "v2_slow_click" {
		t.Fatalf("faults %v: want a timeout of slow", got)
	}
}

// TestTheExplorerReplaysOnSessionsItsSpawnerOwns makes faulty startable:
// the explorer replays the panic on fresh sessions it starts with
// facet_start (owned by its spawner's connection), shrinks it to the one
// click, and stops every session it started.
func TestTheExplorerReplaysOnSessionsItsSpawnerOwns(t *testing.T) {
	srv, m := explorerServer(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}, Apps: []mcp.App{{Name: "faulty", New: func() tea.Model { return faulty{} }}}})
	info := explore(t, srv, m, func() tea.Model { return faulty{} }, "faulty", "f2", 1, 60)
	faults, _ := info.Detail["faults"].([]explorer.Fault)
	if len(faults) == 0 {
		t.Fatal("no fault found")
	}
	f := faults[0]
	if !f.Reproduced || f.ShrinkNote != "" || len(f.Shrunk) != 1 || f.Shrunk[0].Widget != f.Widget || f.Shrunk[0].Action != "click" {
		t.Fatalf("first fault %+v: want it reproduced on fresh sessions and shrunk to its one click", f)
	}
	j, err := m.Journal("xf2")
	if err != nil {
		t.Fatal(err)
	}
	started := 0
	for _, e := range j.Entries {
		if e.Kind == agent.KindCall && e.Tool == "facet_start" {
			if e.IsError {
				t.Fatalf("facet_start refused: %s", e.Answer)
			}
			started++
		}
	}
	if started == 0 {
		t.Fatal("the explorer started no fresh session")
	}
	if ids := srv.Sessions().List(); len(ids) != 1 || ids[0].ID != "f2" {
		var got []string
		for _, s := range ids {
			got = append(got, s.ID)
		}
		t.Fatalf("sessions after the run: %v, want only f2 (the replays stopped)", got)
	}
}

// sessionTools counts the tools of session in srv's tools/list for a new
// in-process client.
func sessionTools(t testing.TB, srv *mcp.Server, session string) int {
	t.Helper()
	c, err := mcpclient.Connect(context.Background(), srv, "tools-test")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	res, err := c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tl := range res.Tools {
		if strings.HasPrefix(tl.Name, session+".") || strings.HasPrefix(tl.Name, session+"_") {
			n++
		}
	}
	return n
}
