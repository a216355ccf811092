package widgets

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

// Helpers shared by the tests of the viewing widgets (Table, Tree, Scrubber,
// Tabs, Viewport). Their names start with vw so they never collide with the
// other widgets' test helpers in this package.

// vwWidths are the widths every Render test walks.
func vwWidths() []int {
	ws := make([]int, 0, 200)
	for w := 1; w <= 200; w++ {
		ws = append(ws, w)
	}
	return ws
}

// vwCheckFits fails when any line of out is wider than width or there are
// more than height lines (height > 0).
func vwCheckFits(t *testing.T, out string, width, height int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if w := Width(l); w > width {
			t.Fatalf("width %d: line %d is %d cells wide: %q", width, i, w, l)
		}
	}
	if height > 0 && len(lines) > height {
		t.Fatalf("height %d: rendered %d lines", height, len(lines))
	}
}

// vwActionNames lists the names of actions.
func vwActionNames(actions []tea.Action) []string {
	names := make([]string, len(actions))
	for i, a := range actions {
		names[i] = a.Name
	}
	return names
}

// vwCheckAnnotations fails unless exactly the writes are sensitive.
func vwCheckAnnotations(t *testing.T, actions []tea.Action, writes ...string) {
	t.Helper()
	for _, a := range actions {
		want := false
		for _, w := range writes {
			want = want || a.Name == w
		}
		if a.Sensitive() != want {
			t.Errorf("action %s: sensitive = %v, want %v", a.Name, a.Sensitive(), want)
		}
		if a.Description == "" || a.InputSchema["type"] != "object" {
			t.Errorf("action %s: missing description or object schema", a.Name)
		}
	}
}

// vwInvokeCase is one Invoke call and what it must give: a written message,
// a read value, or an error matching errIs whose text contains every
// string in errHas.
type vwInvokeCase struct {
	name   string
	action string
	args   map[string]any
	write  tea.Msg
	read   any
	errIs  error
	errHas []string
}

func vwRunInvoke(t *testing.T, p tea.ToolProvider, cases []vwInvokeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := p.Invoke(c.action, c.args)
			if c.errIs != nil {
				if !errors.Is(err, c.errIs) {
					t.Fatalf("Invoke(%s, %v) error = %v, want %v", c.action, c.args, err, c.errIs)
				}
				for _, s := range c.errHas {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %q", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("Invoke(%s, %v): %v", c.action, c.args, err)
			}
			if c.write != nil {
				if !res.IsWrite() || !reflect.DeepEqual(res.Msg(), c.write) {
					t.Fatalf("Invoke(%s) = write %v %#v, want write %#v", c.action, res.IsWrite(), res.Msg(), c.write)
				}
				return
			}
			if res.IsWrite() || !reflect.DeepEqual(res.Value(), c.read) {
				t.Fatalf("Invoke(%s) = %#v, want read %#v", c.action, res.Value(), c.read)
			}
		})
	}
}

// vwKeyCase is one key and the message it must give (nil for none).
type vwKeyCase struct {
	key  string
	want tea.Msg
}

func vwRunKeys(t *testing.T, h tea.KeyHandler, cases []vwKeyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			k, err := tea.ParseKey(c.key)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.HandleKey(k); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("HandleKey(%s) = %#v, want %#v", c.key, got, c.want)
			}
		})
	}
}

// vwMouseCase is one mouse event and the message it must give.
type vwMouseCase struct {
	name string
	m    tea.Mouse
	want tea.Msg
}

func vwRunMouse(t *testing.T, h tea.MouseHandler, cases []vwMouseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := h.HandleMouse(c.m); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("HandleMouse(%+v) = %#v, want %#v", c.m, got, c.want)
			}
		})
	}
}

func vwClick(x, y, width int) tea.Mouse {
	return tea.Mouse{X: x, Y: y, Action: tea.MousePress, Button: tea.MouseLeft, Width: width}
}

func TestTableStateAppliesOnlyItsOwnMessages(t *testing.T) {
	s := TableState{ID: "a", Columns: []TableColumn{{Key: "n"}}, Rows: [][]string{{"x"}, {"y"}, {"z"}}}
	if s.Update(RowSelected{ID: "b", Index: 2}) || s.Selected != 0 {
		t.Fatalf("applied another table's RowSelected: selected %d", s.Selected)
	}
	if s.Update(Sorted{ID: "b", Column: "n", Direction: SortDesc}) || s.Rows[0][0] != "x" {
		t.Fatal("applied another table's Sorted")
	}
	if s.Update(Seeked{ID: "a"}) {
		t.Fatal("used a message that is not a table's")
	}
	if !s.Update(RowSelected{ID: "a", Index: 2}) || s.Selected != 2 {
		t.Fatalf("did not apply its own RowSelected: selected %d", s.Selected)
	}
	anon := TableState{Columns: s.Columns, Rows: s.Rows}
	if anon.Update(RowSelected{Index: 1}) || anon.Selected != 0 {
		t.Fatal("a state without an id applied a message without one")
	}
}

func TestTableStateSelectionClampsAndScrolls(t *testing.T) {
	s := TableState{ID: "t", Columns: []TableColumn{{Key: "n"}}, Rows: make([][]string, 50), Height: 5}
	tests := []struct {
		index, selected, offset int
	}{
		{10, 10, 6},
		{8, 8, 6},
		{2, 2, 2},
		{-4, 0, 0},
		{99, 49, 45},
	}
	for _, tc := range tests {
		s.Update(RowSelected{ID: "t", Index: tc.index})
		if s.Selected != tc.selected || s.Offset != tc.offset {
			t.Errorf("RowSelected %d: selected %d offset %d, want %d %d", tc.index, s.Selected, s.Offset, tc.selected, tc.offset)
		}
	}
}

func TestTableStateSortsNumbersNumericallyTextCaseInsensitivelyStably(t *testing.T) {
	cols := []TableColumn{{Key: "name"}, {Key: "stars"}}
	rows := func() [][]string {
		return [][]string{{"bravo", "10"}, {"Alpha", "9"}, {"charlie", "100"}, {"alpha", "9"}, {"Delta", "n/a"}}
	}
	names := func(rs [][]string) string {
		var out []string
		for _, r := range rs {
			out = append(out, r[0])
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		name      string
		column    string
		direction string
		want      string
	}{
		{"text ascending keeps equal names in order", "name", SortAsc, "Alpha,alpha,bravo,charlie,Delta"},
		{"text descending keeps equal names in order", "name", SortDesc, "Delta,charlie,bravo,Alpha,alpha"},
		{"numbers ascending, 9 before 10 before 100", "stars", SortAsc, "Alpha,alpha,bravo,charlie,Delta"},
		{"numbers descending", "stars", SortDesc, "Delta,charlie,bravo,Alpha,alpha"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := TableState{ID: "t", Columns: cols, Rows: rows()}
			if !s.Update(Sorted{ID: "t", Column: tc.column, Direction: tc.direction}) {
				t.Fatal("Sorted not applied")
			}
			if got := names(s.Rows); got != tc.want {
				t.Fatalf("sorted %s: %s, want %s", tc.direction, got, tc.want)
			}
			if s.SortColumn != tc.column || s.SortDirection != tc.direction {
				t.Fatalf("sort recorded as %s %s", s.SortColumn, s.SortDirection)
			}
		})
	}
}

func TestTableStateSortKeepsTheSelectedRowAndLeavesOldRowsAlone(t *testing.T) {
	old := [][]string{{"c"}, {"a"}, {"b"}}
	s := TableState{ID: "t", Columns: []TableColumn{{Key: "k"}}, Rows: old, Selected: 0}
	s.Update(Sorted{ID: "t", Column: "k", Direction: SortAsc})
	if s.Rows[s.Selected][0] != "c" || s.Selected != 2 {
		t.Fatalf("selected row after sort: %d (%v), want 2 (c)", s.Selected, s.Rows[s.Selected])
	}
	if old[0][0] != "c" || old[1][0] != "a" {
		t.Fatalf("sort changed the slice an earlier view holds: %v", old)
	}
}

func TestTableStateRefusesUnknownColumnOrDirection(t *testing.T) {
	s := TableState{ID: "t", Columns: []TableColumn{{Key: "k"}}, Rows: [][]string{{"b"}, {"a"}}}
	for _, m := range []Sorted{{ID: "t", Column: "nope", Direction: SortAsc}, {ID: "t", Column: "k", Direction: "up"}} {
		if s.Update(m) || s.Rows[0][0] != "b" {
			t.Errorf("applied %+v", m)
		}
	}
}

func TestTableStateViewCarriesTheState(t *testing.T) {
	s := TableState{ID: "t", Columns: []TableColumn{{Key: "k"}}, Rows: [][]string{{"a"}}, Selected: 0, Offset: 0,
		Height: 7, SortColumn: "k", SortDirection: SortDesc}
	got := s.View("t")
	want := Table{ID: "t", Columns: s.Columns, Rows: s.Rows, Height: 7, SortColumn: "k", SortDirection: SortDesc}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("View = %+v, want %+v", got, want)
	}
}

func vwTreeNodes() []TreeNode {
	return []TreeNode{
		{ID: "src", Label: "src", Children: []TreeNode{
			{ID: "main", Label: "main.go"},
			{ID: "lib", Label: "lib", Children: []TreeNode{{ID: "util", Label: "util.go"}}},
		}},
		{ID: "readme", Label: "README.md"},
	}
}

func TestTreeStateAppliesItsMessages(t *testing.T) {
	tests := []struct {
		name         string
		start        TreeState
		msg          tea.Msg
		used         bool
		selected     string
		wantExpanded []string
	}{
		{"expand", TreeState{ID: "t"}, TreeExpanded{ID: "t", NodeID: "src", Expanded: true}, true, "", []string{"src"}},
		{"collapse", TreeState{ID: "t", Expanded: map[string]bool{"src": true}}, TreeExpanded{ID: "t", NodeID: "src"}, true, "", nil},
		{"collapsing over the selection selects the collapsed node",
			TreeState{ID: "t", Expanded: map[string]bool{"src": true, "lib": true}, Selected: "util"},
			TreeExpanded{ID: "t", NodeID: "src"}, true, "src", []string{"lib"}},
		{"select a hidden node expands its ancestors", TreeState{ID: "t"}, NodeSelected{ID: "t", NodeID: "util"}, true, "util", []string{"lib", "src"}},
		{"another tree's message", TreeState{ID: "t"}, NodeSelected{ID: "other", NodeID: "main"}, false, "", nil},
		{"unknown node", TreeState{ID: "t"}, TreeExpanded{ID: "t", NodeID: "ghost", Expanded: true}, false, "", nil},
		{"not a tree message", TreeState{ID: "t"}, RowSelected{ID: "t"}, false, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.start
			s.Nodes = vwTreeNodes()
			before := map[string]bool{}
			for k, v := range s.Expanded {
				before[k] = v
			}
			old := s.Expanded
			if got := s.Update(tc.msg); got != tc.used {
				t.Fatalf("Update used = %v, want %v", got, tc.used)
			}
			if s.Selected != tc.selected {
				t.Errorf("selected %q, want %q", s.Selected, tc.selected)
			}
			var open []string
			for _, id := range []string{"lib", "main", "readme", "src", "util"} {
				if s.Expanded[id] {
					open = append(open, id)
				}
			}
			if !reflect.DeepEqual(open, tc.wantExpanded) {
				t.Errorf("expanded %v, want %v", open, tc.wantExpanded)
			}
			if !reflect.DeepEqual(map[string]bool(old), before) && old != nil {
				t.Errorf("Update changed the map an earlier view holds: %v", old)
			}
		})
	}
}

func TestScrubberTabsViewportStatesApplyTheirMessages(t *testing.T) {
	sc := ScrubberState{ID: "p", Max: 100}
	tb := TabsState{ID: "tabs", Tabs: []string{"a", "b"}}
	vp := ViewportState{ID: "v", Lines: make([]string, 30), Height: 10}
	tests := []struct {
		name  string
		apply func() bool
		used  bool
		check func() bool
	}{
		{"seek", func() bool { return sc.Update(Seeked{ID: "p", Position: 40}) }, true, func() bool { return sc.Position == 40 }},
		{"seek clamps", func() bool { return sc.Update(Seeked{ID: "p", Position: 400}) }, true, func() bool { return sc.Position == 100 }},
		{"play", func() bool { return sc.Update(PlaybackChanged{ID: "p", Playing: true}) }, true, func() bool { return sc.Playing }},
		{"other scrubber", func() bool { return sc.Update(Seeked{ID: "q", Position: 1}) }, false, func() bool { return sc.Position == 100 }},
		{"tab", func() bool { return tb.Update(TabSelected{ID: "tabs", Index: 1, Label: "b"}) }, true, func() bool { return tb.Active == 1 }},
		{"other tabs", func() bool { return tb.Update(TabSelected{ID: "x", Index: 0}) }, false, func() bool { return tb.Active == 1 }},
		{"scroll", func() bool { return vp.Update(Scrolled{ID: "v", Top: 7}) }, true, func() bool { return vp.Top == 7 }},
		{"scroll clamps to the last page", func() bool { return vp.Update(Scrolled{ID: "v", Top: 29}) }, true, func() bool { return vp.Top == 20 }},
		{"other viewport", func() bool { return vp.Update(Scrolled{ID: "w", Top: 0}) }, false, func() bool { return vp.Top == 20 }},
	}
	for _, tc := range tests {
		if got := tc.apply(); got != tc.used || !tc.check() {
			t.Errorf("%s: used %v (want %v), state ok %v", tc.name, got, tc.used, tc.check())
		}
	}
	if v := sc.View("p"); v.ID != "p" || v.Position != 100 || !v.Playing {
		t.Errorf("ScrubberState.View = %+v", v)
	}
	if v := tb.View("tabs"); v.Active != 1 || len(v.Tabs) != 2 {
		t.Errorf("TabsState.View = %+v", v)
	}
	if v := vp.View("v"); v.Top != 20 || v.Height != 10 {
		t.Errorf("ViewportState.View = %+v", v)
	}
}

// vwRepoApp is a tiny app with one table driven by a TableState.
type vwRepoApp struct {
	table TableState
}

func (a vwRepoApp) Init() tea.Cmd { return nil }

func (a vwRepoApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	a.table.Update(msg)
	return a, nil
}

func (a vwRepoApp) View() tea.Node { return tea.Vertical(tea.Label("repos"), a.table.View("repos")) }

func TestTableStateEndToEndThroughTheRuntime(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	app := vwRepoApp{table: TableState{ID: "repos",
		Columns: []TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}, {Key: "language", Title: "Language"}},
		Rows: [][]string{
			{"facet", "120", "Go"},
			{"bubbletea", "28000", "Go"},
			{"ratatui", "9000", "Rust"},
			{"Textual", "26000", "Python"},
		}}}
	rt, err := tea.Start(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "repos"}); err != nil {
		t.Fatal(err)
	}
	table := func() Table {
		w, ok := tea.FindWidget(rt.Snapshot().View, "repos")
		if !ok {
			t.Fatal("table not in view")
		}
		return w.(Table)
	}
	column := func(key string) []string {
		res, err := table().Invoke("get_rows", map[string]any{"limit": float64(10)})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range res.Value().(map[string]any)["rows"].([]TableRow) {
			out = append(out, r.Cell(key))
		}
		return out
	}

	// A human: "s" sorts by the first column, ascending (the selected row,
	// facet, moves to 1 with it); down selects the next row.
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Char('s')}); err != nil {
		t.Fatal(err)
	}
	if got := column("name"); !reflect.DeepEqual(got, []string{"bubbletea", "facet", "ratatui", "Textual"}) {
		t.Fatalf("after s: %v", got)
	}
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Named(tea.KeyDown)}); err != nil {
		t.Fatal(err)
	}
	if got := table().Selected; got != 2 {
		t.Fatalf("after down: selected %d, want 2", got)
	}

	// An agent: sort by stars, descending, through the same Update.
	res, err := table().Invoke("sort", map[string]any{"column": "stars", "direction": "desc"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, res.Msg()); err != nil {
		t.Fatal(err)
	}
	if got := column("stars"); !reflect.DeepEqual(got, []string{"28000", "26000", "9000", "120"}) {
		t.Fatalf("after sort stars desc: %v", got)
	}
	if tb := table(); tb.SortColumn != "stars" || tb.SortDirection != SortDesc || tb.Rows[tb.Selected][0] != "ratatui" {
		t.Fatalf("view after sort: column %s %s, selected %v", tb.SortColumn, tb.SortDirection, tb.Rows[tb.Selected])
	}
	out := vwStrip(table().Render(tea.RenderContext{Width: 40, Focused: true}))
	if !strings.Contains(out, "Stars ▼") {
		t.Fatalf("header does not show the sort:\n%s", out)
	}
}
