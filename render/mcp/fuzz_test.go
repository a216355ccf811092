package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

var startIDOracle = regexp.MustCompile(`^[a-z][a-z0-9]{0,6}$`)

func FuzzCheckStartID(f *testing.F) {
	for _, seed := range []string{
		"", "a", "demo", "demo2", "abcdefg", "abcdefgh", "facet", "agent", "Facet", "facet2",
		"agents", "1demo", "de-mo", "de_mo", "demo\n", "é", "a\x00", "\u212a",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, id string) {
		want := startIDOracle.MatchString(id) && id != "facet" && id != "agent"
		err := CheckStartID(id)
		if (err == nil) != want {
			t.Fatalf("CheckStartID(%q) = %v, want accepted=%v", id, err, want)
		}
		if err != nil && !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Fatalf("CheckStartID(%q): error %q does not quote the id", id, err)
		}
	})
}

// fuzzApp holds one widget of every kind whose tools take arguments, wired
// to the state helpers, and two buttons that fault: boom panics in Update,
// bad returns a nil model.
type fuzzApp struct {
	Table  widgets.TableState
	List   widgets.SelectListState
	Scrub  widgets.ScrubberState
	Tree   widgets.TreeState
	Name   widgets.TextInputState
	Tabs   widgets.TabsState
	Port   widgets.ViewportState
	Writes int
}

type (
	fuzzPanic struct{}
	fuzzNil   struct{}
)

// fuzzMaxText bounds the text field: appends from millions of inputs would
// otherwise make every later call slower.
const fuzzMaxText = 1 << 12

func newFuzzApp() *fuzzApp {
	lines := make([]string, 30)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %d", i)
	}
	return &fuzzApp{
		Table: widgets.TableState{ID: "table", Height: 3,
			Columns: []widgets.TableColumn{{Key: "name"}, {Key: "size"}},
			Rows:    [][]string{{"b", "10"}, {"a", "9"}, {"c", "x"}, {"d", ""}}},
		List:  widgets.SelectListState{ID: "list", Options: []string{"one", "two", "three"}},
		Scrub: widgets.ScrubberState{ID: "scrub", Min: 10, Max: 100, Position: 10},
		Tree: widgets.TreeState{ID: "tree", Nodes: []widgets.TreeNode{
			{ID: "a", Label: "A", Children: []widgets.TreeNode{{ID: "a1", Label: "A1"},
				{ID: "a2", Label: "A2", Children: []widgets.TreeNode{{ID: "a2x", Label: "A2x"}}}}},
			{ID: "b", Label: "B"}}},
		Name: widgets.TextInputState{ID: "name"},
		Tabs: widgets.TabsState{ID: "tabs", Tabs: []string{"Home", "Files", "Help"}},
		Port: widgets.ViewportState{ID: "view", Lines: lines, Height: 5},
	}
}

func (a *fuzzApp) Init() tea.Cmd { return nil }

func (a *fuzzApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *a
	switch msg.(type) {
	case fuzzPanic:
		panic("fuzz boom")
	case fuzzNil:
		return nil, nil
	}
	if n.Table.Update(msg) || n.List.Update(msg) || n.Scrub.Update(msg) || n.Tree.Update(msg) ||
		n.Name.Update(msg) || n.Tabs.Update(msg) || n.Port.Update(msg) {
		n.Writes++
	}
	if len(n.Name.Value) > fuzzMaxText {
		n.Name.Value = ""
	}
	return &n, nil
}

func (a *fuzzApp) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		a.Table.View(widgets.Table{}), a.List.View(widgets.SelectList{}), a.Scrub.View(widgets.Scrubber{}), a.Tree.View(widgets.Tree{}),
		a.Name.View(widgets.TextInput{}), a.Tabs.View(widgets.Tabs{}), a.Port.View(widgets.Viewport{}),
		widgets.Button{ID: "boom", Label: "boom", OnClick: fuzzPanic{}},
		widgets.Button{ID: "bad", Label: "bad", OnClick: fuzzNil{}},
	}}
}

// check reports a broken invariant of a model the session holds.
func (a *fuzzApp) check() error {
	switch {
	case a.Table.Selected < 0 || a.Table.Selected >= len(a.Table.Rows):
		return fmt.Errorf("table selection %d of %d rows", a.Table.Selected, len(a.Table.Rows))
	case a.List.Selected < -1 || a.List.Selected >= len(a.List.Options):
		return fmt.Errorf("list selection %d", a.List.Selected)
	case a.Scrub.Position < a.Scrub.Min || a.Scrub.Position > a.Scrub.Max:
		return fmt.Errorf("scrubber at %d", a.Scrub.Position)
	case a.Tabs.Active < 0 || a.Tabs.Active >= len(a.Tabs.Tabs):
		return fmt.Errorf("active tab %d", a.Tabs.Active)
	case a.Port.Top < 0 || a.Port.Top > len(a.Port.Lines)-a.Port.Height:
		return fmt.Errorf("viewport top %d", a.Port.Top)
	case len(a.Name.Value) > fuzzMaxText:
		return fmt.Errorf("text of %d bytes", len(a.Name.Value))
	}
	return nil
}

// fuzzTools are the tools the fuzzer calls: facet_act (with the fuzz object
// as its whole arguments) and derived tools (with it as their arguments).
// Every one of them is registered for as long as session fz runs.
var fuzzTools = []string{
	"facet_act",
	"fz.table.select_row", "fz.table.sort", "fz.table.get_rows",
	"fz.list.select", "fz.list.get_selected",
	"fz.scrub.seek", "fz.scrub.play", "fz.scrub.get_position",
	"fz.tree.select_node", "fz.tree.expand", "fz.tree.collapse", "fz.tree.get_nodes",
	"fz.name.type_into", "fz.name.clear", "fz.name.get_value",
	"fz.tabs.select_tab", "fz.tabs.get_tabs",
	"fz.view.scroll_to", "fz.view.get_visible_range",
	"fz.boom.click", "fz.bad.click",
}

func FuzzToolCallArguments(f *testing.F) {
	// One server, one client and one session for every input.
	srv, err := New(Options{ToolNames: NamesDotted, Apps: append(testApps(), App{Name: "fuzz", New: func() tea.Model { return newFuzzApp() }})})
	if err != nil {
		f.Fatalf("New: %v", err)
	}
	f.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	c, err := client.NewInProcessClient(srv.sdk)
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { c.Close() })
	initReq := sdk.InitializeRequest{}
	initReq.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	initReq.Params.ClientInfo = sdk.Implementation{Name: "facet-fuzz", Version: "1"}
	if _, err := c.Initialize(ctx, initReq); err != nil {
		f.Fatal(err)
	}
	callTool := func(name string, args map[string]any) (*sdk.CallToolResult, error) {
		req := sdk.CallToolRequest{}
		req.Params.Name = name
		req.Params.Arguments = args
		return c.CallTool(ctx, req)
	}
	if res, err := callTool("facet_start", map[string]any{"app": "fuzz", "id": "fz"}); err != nil || res.IsError {
		f.Fatalf("facet_start: %v %v", err, res)
	}
	listed, err := c.ListTools(ctx, sdk.ListToolsRequest{})
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range fuzzTools {
		if !slices.ContainsFunc(listed.Tools, func(t sdk.Tool) bool { return t.Name == name }) {
			f.Fatalf("tool %s is not listed", name)
		}
	}

	tool := func(name string) uint8 { return uint8(slices.Index(fuzzTools, name)) }
	for _, seed := range []struct {
		tool string
		args string
	}{
		{"facet_act", `{"session":"fz","widget":"table","action":"select_row","args":{"index":2}}`},
		{"facet_act", `{"session":"fz","widget":"table","action":"sort","args":{"column":"size","direction":"desc"}}`},
		{"facet_act", `{"session":"fz","widget":"boom","action":"click"}`},
		{"facet_act", `{"session":"fz","widget":"bad","action":"click","args":{}}`},
		{"facet_act", `{"session":"fz","widget":"tabs","action":"select_tab","args":[1]}`},
		{"facet_act", `{"session":"fz","widget":"nope","action":"click"}`},
		{"facet_act", `{"session":"gone","widget":"table","action":"get_rows"}`},
		{"facet_act", `{"session":"fz","widget":"a.b","action":"Click"}`},
		{"facet_act", `{"session":7,"widget":null,"action":{}}`},
		{"facet_act", `{}`},
		{"fz.table.select_row", `{"index":3}`},
		{"fz.table.select_row", `{"index":4}`},
		{"fz.table.select_row", `{"index":-1}`},
		{"fz.table.select_row", `{"index":1.5}`},
		{"fz.table.select_row", `{"index":1e300}`},
		{"fz.table.select_row", `{"index":"1"}`},
		{"fz.table.select_row", `{"index":null}`},
		{"fz.table.select_row", `{"index":0,"extra":true}`},
		{"fz.table.sort", `{"column":"name","direction":"asc"}`},
		{"fz.table.sort", `{"column":"nope","direction":"up"}`},
		{"fz.table.get_rows", `{"offset":1,"limit":2}`},
		{"fz.table.get_rows", `{"offset":4,"limit":1000}`},
		{"fz.table.get_rows", `{"offset":5,"limit":0}`},
		{"fz.list.select", `{"index":2}`},
		{"fz.list.get_selected", `{"x":1}`},
		{"fz.scrub.seek", `{"position":100}`},
		{"fz.scrub.seek", `{"position":9}`},
		{"fz.scrub.play", `{}`},
		{"fz.tree.select_node", `{"node_id":"a2x"}`},
		{"fz.tree.expand", `{"node_id":"a1"}`},
		{"fz.tree.collapse", `{"node_id":"a"}`},
		{"fz.tree.get_nodes", `{}`},
		{"fz.name.type_into", `{"text":"hello\u202e","append":true}`},
		{"fz.name.type_into", `{"text":5,"append":"yes"}`},
		{"fz.name.clear", `{}`},
		{"fz.name.get_value", `{}`},
		{"fz.tabs.select_tab", `{"index":2}`},
		{"fz.tabs.get_tabs", `{}`},
		{"fz.view.scroll_to", `{"row":29}`},
		{"fz.view.scroll_to", `{"row":-0}`},
		{"fz.view.get_visible_range", `{}`},
		{"fz.boom.click", `{}`},
		{"fz.bad.click", `{}`},
	} {
		f.Add(tool(seed.tool), []byte(seed.args))
	}

	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		var args map[string]any
		if err := json.Unmarshal(data, &args); err != nil {
			return // not an object
		}
		name := fuzzTools[int(which)%len(fuzzTools)]
		sess, ok := srv.Sessions().Get("fz")
		if !ok {
			t.Fatal("session fz is gone before the call")
		}
		before := sess.Snapshot().Model

		res, err := callTool(name, args)
		if foldedTwice(args) {
			// Keys that differ only in case would be read as one
			// (encoding/json matches them so): the request is refused,
			// saying so, and nothing runs.
			if err == nil || !strings.Contains(err.Error(), "differ only in case") {
				t.Fatalf("%s %s: keys that differ only in case: %v, %v; want the request refused", name, data, res, err)
			}
			if after := sess.Snapshot().Model; !reflect.DeepEqual(after, before) {
				t.Fatalf("%s %s: a refused request changed the model", name, data)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s %s: protocol error for a known tool: %v", name, data, err)
		}
		if res == nil || len(res.Content) == 0 {
			t.Fatalf("%s %s: empty answer", name, data)
		}

		after, ok := srv.Sessions().Get("fz")
		if !ok || after != sess {
			t.Fatalf("%s %s: the call ended session fz", name, data)
		}
		select {
		case <-sess.Done():
			t.Fatalf("%s %s: the call stopped session fz", name, data)
		default:
		}
		model, ok := sess.Snapshot().Model.(*fuzzApp)
		if !ok || model == nil {
			t.Fatalf("%s %s: the session holds %T, not the last good model", name, data, sess.Snapshot().Model)
		}
		if err := model.check(); err != nil {
			t.Fatalf("%s %s: the session's model is broken: %v", name, data, err)
		}
		var write WriteResult
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &write)
		switch {
		case res.IsError || !write.Applied:
			// A refusal, a fault or a read: the model is untouched.
			if model != before {
				t.Fatalf("%s %s answered %q, yet the model changed", name, data, text(res))
			}
		case model.Writes != before.(*fuzzApp).Writes+1:
			// Every write of these widgets is a message its state applies.
			t.Fatalf("%s %s: applied, but %d messages reached the state", name, data, model.Writes-before.(*fuzzApp).Writes)
		}
	})
}

// foldedTwice reports whether two of args' keys differ only in case.
func foldedTwice(args map[string]any) bool {
	var keys []string
	for k := range args {
		for _, o := range keys {
			if strings.EqualFold(k, o) {
				return true
			}
		}
		keys = append(keys, k)
	}
	return false
}
