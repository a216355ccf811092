package widgets_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/facetui/facet/widgets"

	"github.com/facetui/facet/tea"
)

// sampleTree is src (expanded) > main.go, lib > util.go; README.md.
func sampleTree(selected string) widgets.Tree {
	return widgets.Tree{ID: "files", Nodes: treeNodes(), Expanded: map[string]bool{"src": true}, Selected: selected}
}

func TestTreeActions(t *testing.T) {
	tr := sampleTree("main")
	want := []string{"expand", "collapse", "select_node", "get_nodes"}
	if got := actionNames(tr.Actions()); !reflect.DeepEqual(got, want) {
		t.Fatalf("Actions = %v, want %v", got, want)
	}
	checkAnnotations(t, tr.Actions(), "expand", "collapse", "select_node")
	if !reflect.DeepEqual(tr.Actions(), (widgets.Tree{ID: "x", Nodes: []widgets.TreeNode{{ID: "q", Label: "secret"}}}).Actions()) {
		t.Fatal("actions depend on the tree's content or id")
	}
}

// selectedNode marks a get_nodes entry as the selected node.
func selectedNode(n map[string]any) map[string]any {
	n["selected"] = true
	return n
}

func TestTreeInvoke(t *testing.T) {
	tr := sampleTree("main")
	invalid := tea.ErrInvalidArgument
	node := func(id, label string, depth int, expanded, children bool) map[string]any {
		return map[string]any{"id": id, "label": label, "depth": depth, "expanded": expanded, "has_children": children}
	}
	runInvoke(t, tr, []invokeCase{
		{name: "expand", action: "expand", args: map[string]any{"node_id": "lib"}, write: widgets.TreeExpanded{ID: "files", NodeID: "lib", Expanded: true}},
		{name: "collapse", action: "collapse", args: map[string]any{"node_id": "src"}, write: widgets.TreeExpanded{ID: "files", NodeID: "src", Expanded: false}},
		{name: "select_node visible", action: "select_node", args: map[string]any{"node_id": "readme"}, write: widgets.TreeNodeSelected{ID: "files", NodeID: "readme"}},
		{name: "select_node hidden", action: "select_node", args: map[string]any{"node_id": "util"}, write: widgets.TreeNodeSelected{ID: "files", NodeID: "util"}},
		{name: "get_nodes lists visible nodes only", action: "get_nodes", read: map[string]any{"nodes": []map[string]any{
			node("src", "src", 0, true, true),
			selectedNode(node("main", "main.go", 1, false, false)),
			node("lib", "lib", 1, false, true),
			node("readme", "README.md", 0, false, false),
		}}},

		{name: "expand unknown node", action: "expand", args: map[string]any{"node_id": "ghost"}, errIs: invalid,
			errHas: []string{`unknown node with children "ghost": one of src, lib`}},
		{name: "expand a leaf", action: "expand", args: map[string]any{"node_id": "main"}, errIs: invalid, errHas: []string{"one of src, lib"}},
		{name: "collapse missing id", action: "collapse", args: map[string]any{}, errIs: invalid, errHas: []string{"required", "one of src, lib"}},
		{name: "select_node unknown", action: "select_node", args: map[string]any{"node_id": "ghost"}, errIs: invalid,
			errHas: []string{"one of src, main, lib, util, readme"}},
		{name: "select_node wrong type", action: "select_node", args: map[string]any{"node_id": float64(3)}, errIs: invalid,
			errHas: []string{"must be a string", "one of src, main, lib, util, readme"}},
		{name: "select_node extra argument", action: "select_node", args: map[string]any{"node_id": "main", "x": 1}, errIs: invalid, errHas: []string{"takes: node_id"}},
		{name: "get_nodes takes no arguments", action: "get_nodes", args: map[string]any{"depth": float64(1)}, errIs: invalid},
		{name: "unknown action", action: "rename", errIs: tea.ErrUnknownAction, errHas: []string{"expand, collapse, select_node, get_nodes"}},
	})
}

func TestTreeInvokeListsAtMostTwentyIDs(t *testing.T) {
	nodes := make([]widgets.TreeNode, 30)
	for i := range nodes {
		nodes[i] = widgets.TreeNode{ID: "n" + strconv.Itoa(i), Label: "node"}
	}
	_, err := widgets.Tree{ID: "big", Nodes: nodes}.Invoke("select_node", map[string]any{"node_id": "zz"})
	if err == nil || !strings.Contains(err.Error(), "n19, … (see get_nodes)") || strings.Contains(err.Error(), "n20") {
		t.Fatalf("error = %v", err)
	}
	_, err = widgets.Tree{ID: "flat", Nodes: nodes}.Invoke("expand", map[string]any{"node_id": "n1"})
	if err == nil || !strings.Contains(err.Error(), "has no node with children") {
		t.Fatalf("expand in a flat tree: %v", err)
	}
}

func TestTreeHandleKey(t *testing.T) {
	sel := func(id string) tea.Msg { return widgets.TreeNodeSelected{ID: "files", NodeID: id} }
	exp := func(id string, open bool) tea.Msg {
		return widgets.TreeExpanded{ID: "files", NodeID: id, Expanded: open}
	}
	tests := []struct {
		name     string
		selected string
		keys     []keyCase
	}{
		{"on a leaf in the middle", "main", []keyCase{
			press("up", sel("src")), press("k", sel("src")), press("down", sel("lib")), press("j", sel("lib")),
			press("home", sel("src")), press("end", sel("readme")),
			press("right", nil), press("enter", nil), press("left", sel("src")), press("x", nil),
		}},
		{"on an expanded parent", "src", []keyCase{
			press("up", sel("src")), press("right", sel("main")), press("left", exp("src", false)), press("enter", exp("src", false)),
		}},
		{"on a collapsed parent", "lib", []keyCase{
			press("right", exp("lib", true)), press("l", exp("lib", true)), press("enter", exp("lib", true)), press("left", sel("src")), press("h", sel("src")),
		}},
		{"on the last node", "readme", []keyCase{press("down", sel("readme")), press("left", nil)}},
		{"with nothing selected", "", []keyCase{press("down", sel("src")), press("up", sel("src")), press("right", nil)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runKeys(t, sampleTree(tc.selected), tc.keys) })
	}
	runKeys(t, widgets.Tree{ID: "empty"}, []keyCase{press("down", nil)})
}

func TestTreePageKeysMoveByTheVisibleHeight(t *testing.T) {
	nodes := make([]widgets.TreeNode, 10)
	for i := range nodes {
		nodes[i] = widgets.TreeNode{ID: "n" + strconv.Itoa(i), Label: "node " + strconv.Itoa(i)}
	}
	sel := func(id string) tea.Msg { return widgets.TreeNodeSelected{ID: "long", NodeID: id} }
	tests := []struct {
		name     string
		height   int
		selected string
		keys     []keyCase
	}{
		{"a page of three from the top", 3, "n0", []keyCase{press("pgdown", sel("n3")), press("pgup", sel("n0"))}},
		{"a page of three from the middle", 3, "n5", []keyCase{press("pgdown", sel("n8")), press("pgup", sel("n2"))}},
		{"clamped at the ends", 3, "n8", []keyCase{press("pgdown", sel("n9"))}},
		{"clamped at the start", 4, "n1", []keyCase{press("pgup", sel("n0"))}},
		{"the default height pages past the end", 0, "n0", []keyCase{press("pgdown", sel("n9"))}},
		{"nothing selected", 3, "", []keyCase{press("pgdown", sel("n2")), press("pgup", sel("n0"))}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runKeys(t, widgets.Tree{ID: "long", Nodes: nodes, Height: tc.height, Selected: tc.selected}, tc.keys)
		})
	}
}

func TestTreeHandleMouse(t *testing.T) {
	tr := sampleTree("main")
	sel := func(id string) tea.Msg { return widgets.TreeNodeSelected{ID: "files", NodeID: id} }
	exp := func(id string, open bool) tea.Msg {
		return widgets.TreeExpanded{ID: "files", NodeID: id, Expanded: open}
	}
	runMouse(t, tr, []mouseCase{
		{"label of a parent selects it", click(6, 0, 30), sel("src")},
		{"selection column of a parent selects it", click(0, 0, 30), sel("src")},
		{"marker of an expanded parent collapses it", click(2, 0, 30), exp("src", false)},
		{"marker of a collapsed child expands it", click(5, 2, 30), exp("lib", true)},
		{"indent of a child selects it", click(2, 2, 30), sel("lib")},
		{"leaf", click(4, 1, 30), sel("main")},
		{"below the last node", click(2, 4, 30), nil},
		{"wheel down", tea.Mouse{Action: tea.MouseWheelDown}, sel("lib")},
		{"wheel up", tea.Mouse{Action: tea.MouseWheelUp}, sel("src")},
		{"right button", tea.Mouse{Y: 1, Action: tea.MousePress, Button: tea.MouseRight}, nil},
	})
	t.Run("the window follows the selection", func(t *testing.T) {
		nodes := make([]widgets.TreeNode, 40)
		for i := range nodes {
			nodes[i] = widgets.TreeNode{ID: "n" + strconv.Itoa(i), Label: "node"}
		}
		big := widgets.Tree{ID: "big", Nodes: nodes, Selected: "n30", Height: 5}
		m := click(3, 0, 20)
		runMouse(t, big, []mouseCase{{"first line", m, widgets.TreeNodeSelected{ID: "big", NodeID: "n26"}}})
		m.Height = 2
		runMouse(t, big, []mouseCase{{"first line of a shorter area", m, widgets.TreeNodeSelected{ID: "big", NodeID: "n29"}}})
	})
}

func TestTreeRender(t *testing.T) {
	tr := sampleTree("main")
	tr.Expanded["lib"] = true
	want := []string{
		"  ▾ src             ",
		"›     main.go       ",
		"    ▾ lib           ",
		"        util.go     ",
		"    README.md       ",
	}
	for _, focused := range []bool{true, false} {
		got := strings.Split(ansi.Strip(tr.Render(tea.RenderContext{Width: 20, Focused: focused})), "\n")
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Render (focused %v) =\n%s\nwant\n%s", focused, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestTreeMarksTheSelectedNodeInPlainText(t *testing.T) {
	for _, tc := range []struct {
		selected string
		line     int
	}{{"src", 0}, {"main", 1}, {"lib", 2}, {"readme", 3}} {
		tr := sampleTree(tc.selected)
		lines := strings.Split(ansi.Strip(tr.Render(tea.RenderContext{Width: 30})), "\n")
		for i, l := range lines {
			if marked := strings.HasPrefix(l, "›"); marked != (i == tc.line) {
				t.Errorf("selected %s: line %d %q marked=%v", tc.selected, i, l, marked)
			}
			if strings.HasPrefix(l, "▸") {
				t.Errorf("selected %s: line %d %q starts with the folder marker, which reads as the Table's selected row", tc.selected, i, l)
			}
		}
	}
}

func TestTreeRenderWindowAndWidths(t *testing.T) {
	nodes := make([]widgets.TreeNode, 100)
	for i := range nodes {
		nodes[i] = widgets.TreeNode{ID: "n" + strconv.Itoa(i), Label: "a long label for node " + strconv.Itoa(i) + " 日本語",
			Children: []widgets.TreeNode{{ID: "c" + strconv.Itoa(i), Label: "child\twith tab"}}}
	}
	tr := widgets.Tree{ID: "t", Nodes: nodes, Selected: "c50", Expanded: map[string]bool{"n50": true}}
	lines := strings.Split(ansi.Strip(tr.Render(tea.RenderContext{Width: 60})), "\n")
	if len(lines) != widgets.DefaultTreeHeight || !strings.Contains(lines[len(lines)-1], "child with tab") {
		t.Fatalf("default window does not end at the selection: %q", lines)
	}
	for _, w := range widths {
		for _, h := range []int{0, 1, 3} {
			checkFits(t, tr.Render(tea.RenderContext{Width: w, Height: h, Focused: w%2 == 0}), w, h)
		}
	}
	if out := (widgets.Tree{ID: "e"}).Render(tea.RenderContext{Width: 30}); !strings.Contains(out, "(empty)") {
		t.Fatalf("empty tree: %q", out)
	}
}

func TestTreeRenderFocusIsDistinct(t *testing.T) {
	tr := sampleTree("lib")
	if tr.Render(tea.RenderContext{Width: 30, Focused: true}) == tr.Render(tea.RenderContext{Width: 30}) {
		t.Fatal("focused and unfocused trees render the same")
	}
}

func TestTreeWidgetBasics(t *testing.T) {
	tr := sampleTree("main")
	if tr.WidgetKind() != "tree" || tr.WidgetID() != "files" || !tr.CanFocus() || tr.Excluded() || tr.Children() != nil {
		t.Fatal("tree widget basics")
	}
	if (widgets.Tree{ID: "e"}).CanFocus() {
		t.Fatal("an empty tree takes focus")
	}
	if d := tr.Describe(); d.Role != "tree" || d.State["selected"] != "main" || d.State["visible"] != 4 {
		t.Fatalf("Describe = %+v", d)
	}
	if len(tr.ShortHelp()) == 0 {
		t.Fatal("no help")
	}
}

func treeNodes() []widgets.TreeNode {
	return []widgets.TreeNode{
		{ID: "src", Label: "src", Children: []widgets.TreeNode{
			{ID: "main", Label: "main.go"},
			{ID: "lib", Label: "lib", Children: []widgets.TreeNode{{ID: "util", Label: "util.go"}}},
		}},
		{ID: "readme", Label: "README.md"},
	}
}

func TestTreeStateAppliesItsMessages(t *testing.T) {
	tests := []struct {
		name         string
		start        widgets.TreeState
		msg          tea.Msg
		used         bool
		selected     string
		wantExpanded []string
	}{
		{"expand", widgets.TreeState{ID: "t"}, widgets.TreeExpanded{ID: "t", NodeID: "src", Expanded: true}, true, "", []string{"src"}},
		{"collapse", widgets.TreeState{ID: "t", Expanded: map[string]bool{"src": true}}, widgets.TreeExpanded{ID: "t", NodeID: "src"}, true, "", nil},
		{"collapsing over the selection selects the collapsed node",
			widgets.TreeState{ID: "t", Expanded: map[string]bool{"src": true, "lib": true}, Selected: "util"},
			widgets.TreeExpanded{ID: "t", NodeID: "src"}, true, "src", []string{"lib"}},
		{"select a hidden node expands its ancestors", widgets.TreeState{ID: "t"}, widgets.TreeNodeSelected{ID: "t", NodeID: "util"}, true, "util", []string{"lib", "src"}},
		{"another tree's message", widgets.TreeState{ID: "t"}, widgets.TreeNodeSelected{ID: "other", NodeID: "main"}, false, "", nil},
		{"unknown node", widgets.TreeState{ID: "t"}, widgets.TreeExpanded{ID: "t", NodeID: "ghost", Expanded: true}, false, "", nil},
		{"not a tree message", widgets.TreeState{ID: "t"}, widgets.TableRowSelected{ID: "t"}, false, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.start
			s.Nodes = treeNodes()
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
