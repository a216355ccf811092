package widgets

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Tree shows nested nodes, the children of expanded nodes indented below
// them with ▸ (collapsed) and ▾ (expanded) markers. Selected is the id of
// the selected node, marked with › in a column before the nodes (as in
// SelectList), so the selection shows in plain text too; only the visible
// nodes (those whose ancestors are all expanded) are drawn, in a window of
// Height lines (12 when 0) starting at Offset, moved only as far as keeps
// the selection in view: a click selects the node under the pointer and
// the window stays where it is.
//
// Up and Down move among the visible nodes, PgUp and PgDn by the visible
// height, Home and End to the first and last (TreeNodeSelected); Right expands,
// Left collapses (or, on a collapsed node, selects its parent), Enter
// toggles (TreeExpanded). TreeState applies both messages.
type Tree struct {
	ID       string
	Nodes    []TreeNode
	Expanded map[string]bool
	Selected string
	Height   int
	// Offset is the first visible node drawn, counting from 0 in display
	// order; Render moves it to keep Selected in view. TreeState keeps it,
	// so the window scrolls only when the selection leaves it. An app that
	// leaves it 0 gets a window that shows the selection on its last line
	// once it is past the first screen, and moves on a click.
	Offset  int
	Exclude bool
	// Keys overrides the keys it answers to; nil means DefaultTreeKeyMap().
	Keys  *TreeKeyMap
	Theme *Theme
}

// TreeNode is one node of a Tree. IDs must be unique within the tree.
type TreeNode struct {
	ID       string     `json:"id"`
	Label    string     `json:"label"`
	Children []TreeNode `json:"children,omitempty"`
}

// TreeExpanded asks the app to expand (Expanded true) or collapse node
// NodeID of tree ID.
type TreeExpanded struct {
	ID       string
	NodeID   string
	Expanded bool
}

// TreeNodeSelected reports that node NodeID of tree ID was selected.
type TreeNodeSelected struct {
	ID     string
	NodeID string
}

// DefaultTreeHeight is the number of lines a Tree draws when Height is 0.
const DefaultTreeHeight = 12

// TreeKeyMap holds the keys of a Tree.
type TreeKeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Expand   key.Binding
	Collapse key.Binding
	Toggle   key.Binding
	Home     key.Binding
	End      key.Binding
}

// DefaultTreeKeyMap returns the keys a focused Tree answers to.
func DefaultTreeKeyMap() TreeKeyMap {
	return TreeKeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Expand:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "expand")),
		Collapse: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "collapse")),
		Toggle:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "toggle")),
		Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first")),
		End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last")),
	}
}

// defaultTreeKeys is DefaultTreeKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultTreeKeys = DefaultTreeKeyMap()

// keys returns Keys, or DefaultTreeKeyMap() when it is nil.
func (t Tree) keys() TreeKeyMap {
	if t.Keys != nil {
		return *t.Keys
	}
	return defaultTreeKeys
}

// Children implements tea.Node.
func (Tree) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (t Tree) WidgetID() string { return t.ID }

// WidgetKind implements tea.Widget.
func (Tree) WidgetKind() string { return "tree" }

// CanFocus implements tea.Focusable: a tree with nodes can take focus.
func (t Tree) CanFocus() bool { return len(t.Nodes) > 0 }

// Excluded implements tea.Excludable.
func (t Tree) Excluded() bool { return t.Exclude }

// Describe implements tea.Describer: a tree showing Height lines at once,
// its visible nodes its parts (DescribeParts); a click on a node selects
// it, a click on its arrow expands or collapses it.
func (t Tree) Describe() tea.Description {
	height := t.Height
	if height <= 0 {
		height = DefaultTreeHeight
	}
	return tea.Description{Role: "tree", State: map[string]any{
		"selected": t.Selected,
		"visible":  len(t.visible()),
	}, Lines: height}
}

// DescribeShown implements tea.ShownDescriber: a Tree is never hidden.
func (t Tree) DescribeShown() bool { return true }

// DescribeParts implements tea.PartsDescriber: the visible nodes.
func (t Tree) DescribeParts() []tea.Part {
	lines := t.visible()
	nodes := make([]tea.Part, len(lines))
	args := make([]tea.Arg, len(lines))
	for i, l := range lines {
		n := l.node
		args[i] = tea.Arg{Name: "node_id", Value: n.ID}
		p := tea.Part{Role: "treeitem", ID: n.ID, Label: n.Label, Level: l.depth + 1,
			States: tea.States{Selected: n.ID == t.Selected}, Action: tea.Act{Name: "select_node", Args: args[i : i+1 : i+1]}}
		if len(n.Children) > 0 {
			p.States.Expandable, p.States.Expanded = true, t.Expanded[n.ID]
			p.Toggle = tea.Act{Name: "expand", Args: p.Action.Args}
			if p.States.Expanded {
				p.Toggle.Name = "collapse"
			}
		}
		nodes[i] = p
	}
	return nodes
}

// treeLine is one visible node.
type treeLine struct {
	node   *TreeNode
	parent string
	depth  int
}

// visible flattens the nodes whose ancestors are all expanded, in order.
func (t Tree) visible() []treeLine {
	var out []treeLine
	var walk func(nodes []TreeNode, parent string, depth int)
	walk = func(nodes []TreeNode, parent string, depth int) {
		for i := range nodes {
			n := &nodes[i]
			out = append(out, treeLine{node: n, parent: parent, depth: depth})
			if len(n.Children) > 0 && t.Expanded[n.ID] {
				walk(n.Children, n.ID, depth+1)
			}
		}
	}
	walk(t.Nodes, "", 0)
	return out
}

// cursor is the index of Selected among lines, or -1.
func (t Tree) cursor(lines []treeLine) int {
	for i, l := range lines {
		if l.node.ID == t.Selected {
			return i
		}
	}
	return -1
}

// lines is how many nodes are drawn when the widget gets height lines.
func (t Tree) lines(height int) int {
	h := t.Height
	if h <= 0 {
		h = DefaultTreeHeight
	}
	if height > 0 {
		h = min(h, height)
	}
	return h
}

// treeSelMark marks the selected node's line; other lines start with
// treeNoMark, so the nodes stay aligned. Each is treeMarkWidth cells.
const (
	treeSelMark   = "› "
	treeNoMark    = "  "
	treeMarkWidth = 2
)

// Render implements tea.Widget: the visible window of nodes, indented two
// cells per level after the selection column, the selected one marked › and
// highlighted (dimmed when unfocused).
func (t Tree) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	th := themeIn(t.Theme, ctx)
	lines := t.visible()
	cur := t.cursor(lines)
	h := t.lines(ctx.Height)
	start := followWindow(t.Offset, cur, h, len(lines))
	end := min(start+h, len(lines))
	selected, marker := th.SelectedDim, th.Muted
	if ctx.Focused {
		selected, marker = th.Selected, th.Accent
	}
	out := make([]string, 0, end-start)
	for i := start; i < end; i++ {
		l := lines[i]
		text := Pad(strings.Repeat("  ", l.depth)+treeMarker(*l.node, t.Expanded)+OneLine(l.node.Label), max(ctx.Width-treeMarkWidth, 0))
		if i == cur {
			out = append(out, Fit(marker.Render(treeSelMark)+selected.Render(text), ctx.Width))
			continue
		}
		out = append(out, Fit(treeNoMark+th.Normal.Render(text), ctx.Width))
	}
	if len(out) == 0 && h > 0 {
		out = append(out, Fit(th.Muted.Render("(empty)"), ctx.Width))
	}
	return strings.Join(out, "\n")
}

// treeMarker is "▾ " for an expanded node, "▸ " for a collapsed one and two
// spaces for a leaf.
func treeMarker(n TreeNode, expanded map[string]bool) string {
	switch {
	case len(n.Children) == 0:
		return "  "
	case expanded[n.ID]:
		return "▾ "
	}
	return "▸ "
}

// HandleKey implements tea.KeyHandler. Movement clamps to the visible nodes;
// PgUp and PgDn move by the visible height.
func (t Tree) HandleKey(k tea.Key) tea.Msg {
	km := t.keys()
	lines := t.visible()
	if len(lines) == 0 {
		return nil
	}
	cur := t.cursor(lines)
	sel := func(i int) tea.Msg {
		i = min(max(i, 0), len(lines)-1)
		return TreeNodeSelected{ID: t.ID, NodeID: lines[i].node.ID}
	}
	switch {
	case key.Matches(k, km.Up):
		if cur < 0 {
			return sel(0)
		}
		return sel(cur - 1)
	case key.Matches(k, km.Down):
		return sel(cur + 1)
	case key.Matches(k, km.PageUp):
		return sel(cur - t.lines(0))
	case key.Matches(k, km.PageDown):
		return sel(cur + t.lines(0))
	case key.Matches(k, km.Home):
		return sel(0)
	case key.Matches(k, km.End):
		return sel(len(lines) - 1)
	}
	if cur < 0 {
		return nil
	}
	l := lines[cur]
	open := t.Expanded[l.node.ID]
	parent := len(l.node.Children) > 0
	switch {
	case key.Matches(k, km.Expand):
		if !parent {
			return nil
		}
		if open {
			return TreeNodeSelected{ID: t.ID, NodeID: l.node.Children[0].ID}
		}
		return TreeExpanded{ID: t.ID, NodeID: l.node.ID, Expanded: true}
	case key.Matches(k, km.Collapse):
		if parent && open {
			return TreeExpanded{ID: t.ID, NodeID: l.node.ID, Expanded: false}
		}
		if l.parent != "" {
			return TreeNodeSelected{ID: t.ID, NodeID: l.parent}
		}
	case key.Matches(k, km.Toggle):
		if parent {
			return TreeExpanded{ID: t.ID, NodeID: l.node.ID, Expanded: !open}
		}
	}
	return nil
}

// HandleMouse implements tea.MouseHandler: a click on a node (or on the
// selection column before it) selects it, a click on its ▸/▾ marker toggles it; the wheel moves the selection.
func (t Tree) HandleMouse(m tea.Mouse) tea.Msg {
	switch m.Action {
	case tea.MouseWheelUp:
		return t.HandleKey(tea.Named(tea.KeyUp))
	case tea.MouseWheelDown:
		return t.HandleKey(tea.Named(tea.KeyDown))
	case tea.MousePress:
	default:
		return nil
	}
	if m.Button != tea.MouseLeft || m.Y < 0 {
		return nil
	}
	lines := t.visible()
	h := t.lines(m.Height)
	if m.Y >= h {
		return nil
	}
	i := followWindow(t.Offset, t.cursor(lines), h, len(lines)) + m.Y
	if i >= len(lines) {
		return nil
	}
	l := lines[i]
	if x := treeMarkWidth + 2*l.depth; len(l.node.Children) > 0 && m.X >= x && m.X < x+2 {
		return TreeExpanded{ID: t.ID, NodeID: l.node.ID, Expanded: !t.Expanded[l.node.ID]}
	}
	return TreeNodeSelected{ID: t.ID, NodeID: l.node.ID}
}

// ShortHelp lists the keys for the help line.
func (t Tree) ShortHelp() []key.Binding {
	km := t.keys()
	return []key.Binding{km.Up, km.Down, km.Expand, km.Collapse}
}

// Actions implements tea.ToolProvider.
func (t Tree) Actions() []tea.Action {
	return []tea.Action{
		write("expand", "Expand a node so its children show, as a user would with the right arrow.", parentArgsSpec.schema()),
		write("collapse", "Collapse a node so its children hide, as a user would with the left arrow.", parentArgsSpec.schema()),
		write("select_node", "Select a node by id, as a user would by moving to it or clicking it.", nodeArgsSpec.schema()),
		readAs(read("get_nodes", "Read the visible nodes in display order with their id, label, depth, whether they are expanded and whether they have children; the selected node also has \"selected\": true.", noArgsSpec.schema()), outNodes),
	}
}

// parentArgs are the arguments of expand and collapse.
type parentArgs struct {
	NodeID string `json:"node_id" jsonschema:"Id of a node that has children (see get_nodes)."`
}

// parentArgsSpec reads parentArgs once.
var parentArgsSpec = newArgSpec[parentArgs]()

// nodeArgs are the arguments of select_node.
type nodeArgs struct {
	NodeID string `json:"node_id" jsonschema:"Id of the node to select (see get_nodes)."`
}

// nodeArgsSpec reads nodeArgs once.
var nodeArgsSpec = newArgSpec[nodeArgs]()

// Invoke implements tea.ToolProvider.
func (t Tree) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch action {
	case "get_nodes":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		lines := t.visible()
		nodes := make([]map[string]any, len(lines))
		for i, l := range lines {
			nodes[i] = map[string]any{
				"id": l.node.ID, "label": l.node.Label, "depth": l.depth,
				"expanded": len(l.node.Children) > 0 && t.Expanded[l.node.ID], "has_children": len(l.node.Children) > 0,
			}
			if l.node.ID == t.Selected {
				nodes[i]["selected"] = true
			}
		}
		return tea.Read(map[string]any{"nodes": nodes}), nil
	case "expand", "collapse", "select_node":
		n, err := t.nodeArg(action, args, action != "select_node")
		if err != nil {
			return tea.Result{}, err
		}
		if action == "select_node" {
			return tea.Write(TreeNodeSelected{ID: t.ID, NodeID: n.ID}), nil
		}
		return tea.Write(TreeExpanded{ID: t.ID, NodeID: n.ID, Expanded: action == "expand"}), nil
	}
	return tea.Result{}, tea.UnknownActionError("tree", action, t.Actions())
}

// treeIDsShown caps how many ids an error message lists.
const treeIDsShown = 20

// nodeArg resolves the node_id argument anywhere in the tree; parents
// limits it to nodes with children. The error lists the valid ids; an
// argument the action does not take is refused first.
func (t Tree) nodeArg(action string, args map[string]any, parents bool) (TreeNode, error) {
	var valid []string
	var found *TreeNode
	in, err := nodeArgsSpec.bind(action, args)
	if err != nil && !isArg(err, "node_id") {
		return TreeNode{}, err
	}
	id := in.NodeID
	var walk func([]TreeNode)
	walk = func(nodes []TreeNode) {
		for i := range nodes {
			n := &nodes[i]
			if parents && len(n.Children) == 0 {
				walk(n.Children)
				continue
			}
			if n.ID == id && found == nil {
				found = n
			}
			valid = append(valid, n.ID)
			walk(n.Children)
		}
	}
	walk(t.Nodes)
	what := "node"
	if parents {
		what = "node with children"
	}
	list := strings.Join(valid, ", ")
	if len(valid) > treeIDsShown {
		list = strings.Join(valid[:treeIDsShown], ", ") + ", … (see get_nodes)"
	}
	switch {
	case len(valid) == 0:
		return TreeNode{}, argErr(action, "node_id", "the tree has no %s", what)
	case err != nil:
		return TreeNode{}, argErr(action, "node_id", "%s: the id of a %s, one of %s", ruleOf(err), what, list)
	case found == nil:
		return TreeNode{}, argErr(action, "node_id", "unknown %s %q: one of %s", what, id, list)
	}
	return *found, nil
}

// TreeState is a Tree's model. Update applies TreeExpanded and TreeNodeSelected
// for ID.
type TreeState struct {
	ID       string          `json:"id"`
	Nodes    []TreeNode      `json:"nodes"`
	Expanded map[string]bool `json:"expanded"`
	Selected string          `json:"selected"`
	Height   int             `json:"height"`
	Offset   int             `json:"offset"`
}

// View returns w, the Tree as the app configures it, showing the state:
// its ID is s.ID and its Nodes, Expanded, Selected, Height and Offset come from s.
func (s *TreeState) View(w Tree) Tree {
	w.ID = s.ID
	w.Nodes = s.Nodes
	w.Expanded = s.Expanded
	w.Selected = s.Selected
	w.Height = s.Height
	w.Offset = s.Offset
	return w
}

// Update applies TreeExpanded (when a node collapses over the selection,
// its selection moves to the node) and TreeNodeSelected (expanding the node's
// ancestors so it is visible), then moves Offset only as far as keeps the
// selection in a window of Height lines. It reports whether it used msg.
func (s *TreeState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case TreeExpanded:
		if !ownID(s.ID, m.ID) {
			return false
		}
		path := treePath(s.Nodes, m.NodeID)
		if path == nil {
			return false
		}
		if !m.Expanded && slices.Contains(treePath(s.Nodes, s.Selected), m.NodeID) {
			s.Selected = m.NodeID
		}
		s.setExpanded(m.Expanded, m.NodeID)
		s.follow()
		return true
	case TreeNodeSelected:
		if !ownID(s.ID, m.ID) {
			return false
		}
		path := treePath(s.Nodes, m.NodeID)
		if path == nil {
			return false
		}
		s.Selected = m.NodeID
		s.setExpanded(true, path[:len(path)-1]...)
		s.follow()
		return true
	}
	return false
}

// follow moves Offset so the selected node is in the window.
func (s *TreeState) follow() {
	t := s.View(Tree{})
	lines := t.visible()
	s.Offset = followWindow(s.Offset, t.cursor(lines), t.lines(0), len(lines))
}

// setExpanded records ids as expanded (or not) in a new map.
func (s *TreeState) setExpanded(open bool, ids ...string) {
	next := make(map[string]bool, len(s.Expanded)+len(ids))
	for k, v := range s.Expanded {
		if v {
			next[k] = true
		}
	}
	for _, id := range ids {
		if open {
			next[id] = true
		} else {
			delete(next, id)
		}
	}
	s.Expanded = next
}

// treePath returns the ids from a root down to node id, or nil if it is not
// in the tree.
func treePath(nodes []TreeNode, id string) []string {
	if id == "" {
		return nil
	}
	for _, n := range nodes {
		if n.ID == id {
			return []string{id}
		}
		if p := treePath(n.Children, id); p != nil {
			return append([]string{n.ID}, p...)
		}
	}
	return nil
}
