package widgets

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Menu is a tree of items drawn as one column: each open submenu's items
// are indented beneath it. Up and Down (k, j) move the cursor among the
// items of the deepest open submenu (MenuMoved); Right (l) or Enter on an
// item with children opens it and Left (h) or Esc closes the deepest one (MenuOpened with
// the new path); Enter on an item without children selects it
// (MenuChosen). An agent selects any enabled item without children, at
// any depth, with select. Disabled items are skipped and cannot be chosen.
type Menu struct {
	ID    string
	Items []MenuItem
	// Open is the path of open submenus: item ids from the top level down.
	Open []string
	// Cursor is the id of the item under the cursor, in the deepest open
	// submenu.
	Cursor string
	// Height is the number of lines shown at once (DefaultListHeight when
	// 0); the window keeps the cursor in view.
	Height  int
	Exclude bool
	// Keys overrides the keys it answers to; nil means DefaultMenuKeyMap().
	Keys  *MenuKeyMap
	Theme *Theme
}

// MenuItem is one entry of a Menu: a leaf to select, or a submenu when it
// has Children.
type MenuItem struct {
	ID       string     `json:"id"`
	Label    string     `json:"label"`
	Children []MenuItem `json:"children,omitempty"`
	Disabled bool       `json:"disabled"`
}

// MenuMoved reports the cursor moving to another item.
type MenuMoved struct {
	ID     string
	ItemID string
}

// MenuOpened reports the new path of open submenus (shorter when one
// closed).
type MenuOpened struct {
	ID   string
	Path []string
}

// MenuChosen reports a leaf item chosen.
type MenuChosen struct {
	ID     string
	ItemID string
}

// MenuKeyMap holds the keys of a Menu.
type MenuKeyMap struct {
	Up     key.Binding
	Down   key.Binding
	Open   key.Binding
	Close  key.Binding
	Select key.Binding
}

// DefaultMenuKeyMap returns the keys a focused Menu answers to. Enter opens an item with
// children and selects one without.
func DefaultMenuKeyMap() MenuKeyMap {
	return MenuKeyMap{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Open:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "open")),
		Close:  key.NewBinding(key.WithKeys("left", "h", "esc"), key.WithHelp("←/h", "close")),
		Select: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "select")),
	}
}

// defaultMenuKeys is DefaultMenuKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultMenuKeys = DefaultMenuKeyMap()

// keys returns Keys, or DefaultMenuKeyMap() when it is nil.
func (m Menu) keys() MenuKeyMap {
	if m.Keys != nil {
		return *m.Keys
	}
	return defaultMenuKeys
}

// Children implements tea.Node.
func (Menu) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (m Menu) WidgetID() string { return m.ID }

// WidgetKind implements tea.Widget.
func (Menu) WidgetKind() string { return "menu" }

// CanFocus implements tea.Focusable: a menu with items takes focus.
func (m Menu) CanFocus() bool { return len(m.Items) > 0 }

// Excluded implements tea.Excludable.
func (m Menu) Excluded() bool { return m.Exclude }

// Describe implements tea.Describer: a menu of its top-level items, each
// open item's submenu its parts, the cursor's item focused. A click on an
// item with children opens it (or, open, closes it: see ClickPart); a
// click on any other enabled item chooses it.
func (m Menu) Describe() tea.Description {
	path, _ := m.level()
	return tea.Description{Role: "menu", State: map[string]any{"open": path, "cursor": m.Cursor}, Parts: m.describeItems(m.Items, 0)}
}

// DescribeShown implements tea.ShownDescriber: a Menu is never hidden.
func (m Menu) DescribeShown() bool { return true }

// describeItems describes the items at depth, under the open items of
// Open above it.
func (m Menu) describeItems(items []MenuItem, depth int) []tea.Part {
	above := m.Open[:min(depth, len(m.Open))]
	parts := make([]tea.Part, len(items))
	for i, it := range items {
		open := depth < len(m.Open) && m.Open[depth] == it.ID
		p := tea.Part{Role: "menuitem", ID: it.ID, Label: it.Label,
			States: tea.States{Focused: it.ID == m.Cursor, Disabled: it.Disabled, Expandable: len(it.Children) > 0, Expanded: open}}
		switch {
		case len(it.Children) == 0:
			p.Action = act(!it.Disabled, "select", "item_id", it.ID)
		case open:
			p.Action = act(!it.Disabled, "open", "path", append([]string{}, above...))
			p.Parts = m.describeItems(it.Children, depth+1)
		default:
			p.Action = act(!it.Disabled, "open", "path", append(append([]string{}, above...), it.ID))
		}
		parts[i] = p
	}
	return parts
}

// ClickPart implements tea.PartClicker: a click on an item with children
// stands for "open" with the whole path of submenus to leave open (its
// own, or, when it is open, the one above it), which the menu's open
// action, taking one item, cannot say.
func (m Menu) ClickPart(a tea.Act) (tea.Msg, bool, error) {
	if a.Name != "open" {
		return nil, false, nil
	}
	raw, ok := a.Arg("path"), true
	var list []string
	switch p := raw.(type) {
	case []string:
		list = p
	case []any:
		for _, x := range p {
			id, isString := x.(string)
			ok = ok && isString
			list = append(list, id)
		}
	default:
		ok = false
	}
	if !ok {
		return nil, true, argErr("open", "path", "must be a list of item ids")
	}
	items := m.Items
	path := make([]string, 0, len(list))
	for _, id := range list {
		i := slices.IndexFunc(items, func(it MenuItem) bool { return it.ID == id && !it.Disabled && len(it.Children) > 0 })
		if i < 0 {
			return nil, true, argErr("open", "path", "%q is not an enabled item with children at depth %d", id, len(path))
		}
		path = append(path, id)
		items = items[i].Children
	}
	return MenuOpened{ID: m.ID, Path: path}, true, nil
}

// level follows Open from the top and returns the part of it that names
// real, enabled submenus, and the items of the deepest one.
func (m Menu) level() (path []string, items []MenuItem) {
	items, path = m.Items, []string{}
	for _, id := range m.Open {
		i := menuIndex(items, id)
		if i < 0 || len(items[i].Children) == 0 || items[i].Disabled {
			break
		}
		path = append(path, id)
		items = items[i].Children
	}
	return path, items
}

// menuIndex is the index of the item id in items, or -1.
func menuIndex(items []MenuItem, id string) int {
	for i, it := range items {
		if it.ID == id {
			return i
		}
	}
	return -1
}

// menuRow is one drawn line of a Menu.
type menuRow struct {
	item   MenuItem
	depth  int
	parent []string // the open path leading to the item's submenu
	open   bool
}

// rows lists the drawn lines: the top level with each open submenu's items
// beneath it.
func (m Menu) rows() []menuRow {
	path, _ := m.level()
	var out []menuRow
	var walk func(items []MenuItem, depth int)
	walk = func(items []MenuItem, depth int) {
		for _, it := range items {
			open := depth < len(path) && path[depth] == it.ID
			out = append(out, menuRow{item: it, depth: depth, parent: path[:depth:depth], open: open})
			if open {
				walk(it.Children, depth+1)
			}
		}
	}
	walk(m.Items, 0)
	return out
}

// height is the number of lines shown at once.
func (m Menu) height() int {
	if m.Height > 0 {
		return m.Height
	}
	return DefaultListHeight
}

// windowHeight is the number of lines shown in avail lines (0: unbounded).
func (m Menu) windowHeight(avail int) int {
	if avail > 0 {
		return min(m.height(), avail)
	}
	return m.height()
}

// cursorRow is the drawn line of the cursor, or -1.
func (m Menu) cursorRow(rows []menuRow) int {
	path, _ := m.level()
	for i, r := range rows {
		if r.depth == len(path) && r.item.ID == m.Cursor {
			return i
		}
	}
	return -1
}

// Render implements tea.Widget: one line per item, submenus marked ▸ (▾
// when open) with their open items indented beneath, the cursor
// highlighted (dimmer when unfocused), disabled items greyed.
func (m Menu) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(m.Theme, ctx)
	if len(m.Items) == 0 {
		return t.Muted.Render(Fit("(empty menu)", ctx.Width))
	}
	cursorStyle := t.SelectedDim
	if ctx.Focused {
		cursorStyle = t.Selected
	}
	rows := m.rows()
	cur := m.cursorRow(rows)
	height := m.windowHeight(ctx.Height)
	top := followWindow(0, cur, height, len(rows))
	var out []string
	for i := top; i < min(top+height, len(rows)); i++ {
		r := rows[i]
		suffix := ""
		switch {
		case r.open:
			suffix = " ▾"
		case len(r.item.Children) > 0:
			suffix = " ▸"
		}
		indent := strings.Repeat("  ", r.depth)
		label := Fit(OneLine(r.item.Label), max(ctx.Width-Width(indent)-Width(suffix)-2, 1))
		text := Fit(indent+"  "+label+suffix, ctx.Width)
		style := t.Normal
		switch {
		case i == cur:
			text = Fit(indent+"› "+label+suffix, ctx.Width)
			style = cursorStyle
		case r.item.Disabled:
			style = t.Disabled
		case r.open:
			style = t.Accent
		}
		out = append(out, style.Render(text))
	}
	return strings.Join(out, "\n")
}

// HandleKey implements tea.KeyHandler.
func (m Menu) HandleKey(k tea.Key) tea.Msg {
	km := m.keys()
	path, items := m.level()
	cur := menuIndex(items, m.Cursor)
	switch {
	case key.Matches(k, km.Up):
		return m.move(items, cur, -1)
	case key.Matches(k, km.Down):
		return m.move(items, cur, 1)
	case key.Matches(k, km.Close):
		if len(path) == 0 {
			return nil
		}
		return MenuOpened{ID: m.ID, Path: append([]string{}, path[:len(path)-1]...)}
	case key.Matches(k, km.Open), key.Matches(k, km.Select):
		if cur < 0 || items[cur].Disabled {
			return nil
		}
		if it := items[cur]; len(it.Children) > 0 {
			return MenuOpened{ID: m.ID, Path: append(append([]string{}, path...), it.ID)}
		}
		if key.Matches(k, km.Select) {
			return MenuChosen{ID: m.ID, ItemID: items[cur].ID}
		}
	}
	return nil
}

// move steps the cursor from items[cur] to the next enabled item in dir,
// staying put at either end.
func (m Menu) move(items []MenuItem, cur, dir int) tea.Msg {
	start := cur
	if cur < 0 {
		start = -1
		if dir < 0 {
			start = len(items)
		}
	}
	for i := start + dir; i >= 0 && i < len(items); i += dir {
		if !items[i].Disabled {
			return MenuMoved{ID: m.ID, ItemID: items[i].ID}
		}
	}
	if cur >= 0 {
		return MenuMoved{ID: m.ID, ItemID: items[cur].ID}
	}
	return nil
}

// HandleMouse implements tea.MouseHandler: a left click on an item without
// children selects it; on one with children it opens it, or closes it when
// it is open.
func (m Menu) HandleMouse(ev tea.Mouse) tea.Msg {
	if ev.Action != tea.MousePress || ev.Button != tea.MouseLeft {
		return nil
	}
	rows := m.rows()
	height := m.windowHeight(ev.Height)
	top := followWindow(0, m.cursorRow(rows), height, len(rows))
	i := top + ev.Y
	if ev.Y < 0 || ev.Y >= height || i >= len(rows) || rows[i].item.Disabled {
		return nil
	}
	r := rows[i]
	switch {
	case r.open:
		return MenuOpened{ID: m.ID, Path: append([]string{}, r.parent...)}
	case len(r.item.Children) > 0:
		return MenuOpened{ID: m.ID, Path: append(append([]string{}, r.parent...), r.item.ID)}
	}
	return MenuChosen{ID: m.ID, ItemID: r.item.ID}
}

// ShortHelp lists the keys for the help line.
func (m Menu) ShortHelp() []key.Binding {
	km := m.keys()
	return []key.Binding{km.Up, km.Down, km.Open, km.Close, km.Select}
}

// Actions implements tea.ToolProvider.
func (m Menu) Actions() []tea.Action {
	return []tea.Action{
		write("select", "Choose a menu item that has no children, at any depth, by its item id (see get_items). Disabled items cannot be chosen.",
			menuSelectArgsSpec.schema()),
		write("open", "Open the submenu of an item that has children, as Enter or Right does on it (closing deeper ones).",
			menuOpenArgsSpec.schema()),
		write("move", "Move the highlight to an item, as Up and Down do.",
			menuMoveArgsSpec.schema()),
		readAs(read("get_items", "Read the menu's items as a tree: id, label, children and whether each is disabled.", noArgsSpec.schema()), outItems),
	}
}

// menuSelectArgs are the arguments of a Menu's select.
type menuSelectArgs struct {
	ItemID string `json:"item_id" jsonschema:"The id of the item to choose."`
}

// menuSelectArgsSpec reads menuSelectArgs once.
var menuSelectArgsSpec = newArgSpec[menuSelectArgs]()

// menuOpenArgs are the arguments of a Menu's open.
type menuOpenArgs struct {
	ItemID string `json:"item_id" jsonschema:"The id of an item with children."`
}

// menuOpenArgsSpec reads menuOpenArgs once.
var menuOpenArgsSpec = newArgSpec[menuOpenArgs]()

// menuMoveArgs are the arguments of a Menu's move; they are open's, with
// another description.
type menuMoveArgs struct {
	ItemID string `json:"item_id" jsonschema:"The id of an item."`
}

// menuMoveArgsSpec reads menuMoveArgs as open's arguments (the same
// fields), so both actions bind alike.
var menuMoveArgsSpec = argSpec[menuOpenArgs](newArgSpec[menuMoveArgs]())

// Invoke implements tea.ToolProvider.
func (m Menu) Invoke(action string, args map[string]any) (tea.Result, error) {
	if raw := args["item_id"]; raw == nil && (action == "select" || action == "open" || action == "move") {
		// A closed set: name it, rather than send the agent to get_items.
		return tea.Result{}, argErr(action, "item_id", "is required: one of %s", strings.Join(menuChoices(m.Items, action, nil), ", "))
	}
	switch action {
	case "select":
		in, err := menuSelectArgsSpec.bind(action, args)
		if err != nil {
			return tea.Result{}, err
		}
		id := in.ItemID
		leaves := menuLeaves(m.Items, nil)
		for _, l := range leaves {
			if l == id {
				return tea.Write(MenuChosen{ID: m.ID, ItemID: id}), nil
			}
		}
		valid := "none: the menu has no enabled item without children"
		if len(leaves) > 0 {
			valid = "one of " + strings.Join(leaves, ", ")
		}
		return tea.Result{}, argErr(action, "item_id", "%q is not an enabled item without children: valid %s", id, valid)
	case "open", "move":
		spec := menuOpenArgsSpec
		if action == "move" {
			spec = menuMoveArgsSpec
		}
		in, err := spec.bind(action, args)
		if err != nil {
			return tea.Result{}, err
		}
		id := in.ItemID
		path, it, ok := menuFind(m.Items, id, nil)
		switch {
		case !ok:
			return tea.Result{}, argErr(action, "item_id", "no item %q: see get_items", id)
		case it.Disabled:
			return tea.Result{}, argErr(action, "item_id", "item %q is disabled", id)
		case action == "move":
			return tea.Write(MenuMoved{ID: m.ID, ItemID: id}), nil
		case len(it.Children) == 0:
			return tea.Result{}, argErr(action, "item_id", "item %q has no submenu: choose it with select", id)
		}
		return tea.Write(MenuOpened{ID: m.ID, Path: append(path, id)}), nil
	case "get_items":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Read(map[string]any{"items": menuJSON(m.Items)}), nil
	}
	return tea.Result{}, tea.UnknownActionError(m.WidgetKind(), action, m.Actions())
}

// menuFind finds item id under items, with the ids of its parents.
func menuFind(items []MenuItem, id string, parents []string) ([]string, MenuItem, bool) {
	for _, it := range items {
		if it.ID == id {
			return append([]string{}, parents...), it, true
		}
		if p, found, ok := menuFind(it.Children, id, append(parents, it.ID)); ok {
			return p, found, true
		}
	}
	return nil, MenuItem{}, false
}

// menuLeaves lists the ids of the enabled items without children under
// enabled parents, in view order.
func menuLeaves(items []MenuItem, out []string) []string {
	for _, it := range items {
		switch {
		case it.Disabled:
		case len(it.Children) > 0:
			out = menuLeaves(it.Children, out)
		default:
			out = append(out, it.ID)
		}
	}
	return out
}

// menuChoices are the ids of the items action takes: the enabled items
// with a submenu for open, the enabled ones without for select, every
// enabled one for move.
func menuChoices(items []MenuItem, action string, out []string) []string {
	for _, it := range items {
		if it.Disabled {
			continue
		}
		parent := len(it.Children) > 0
		if action == "move" || parent == (action == "open") {
			out = append(out, it.ID)
		}
		out = menuChoices(it.Children, action, out)
	}
	return out
}

// menuJSON is the get_items shape of items.
func menuJSON(items []MenuItem) []map[string]any {
	out := make([]map[string]any, 0, len(items))
	for _, it := range items {
		out = append(out, map[string]any{
			"id": it.ID, "label": it.Label, "children": menuJSON(it.Children), "disabled": it.Disabled,
		})
	}
	return out
}

// MenuState is a Menu's items, open submenus and cursor. Update applies
// MenuMoved and MenuOpened for ID.
type MenuState struct {
	ID     string     `json:"id"`
	Items  []MenuItem `json:"items"`
	Open   []string   `json:"open"`
	Cursor string     `json:"cursor"`
	Height int        `json:"height"`
}

// View returns w, the Menu as the app configures it, showing the state:
// its ID is s.ID and its Items, Open, Cursor and Height come from s.
func (s *MenuState) View(w Menu) Menu {
	w.ID = s.ID
	w.Items = s.Items
	w.Open = s.Open
	w.Cursor = s.Cursor
	w.Height = s.Height
	return w
}

// Update applies MenuMoved (the cursor moves) and MenuOpened (the open path
// changes: closing puts the cursor back on the item that closed, opening
// puts it on the first enabled item of the opened submenu) and reports
// whether it used msg. Open is replaced, never changed in place.
func (s *MenuState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case MenuMoved:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Cursor = m.ItemID
		return true
	case MenuOpened:
		if !ownID(s.ID, m.ID) {
			return false
		}
		path := append([]string{}, m.Path...)
		switch {
		case len(path) < len(s.Open) && isPrefix(path, s.Open):
			s.Cursor = s.Open[len(path)]
		case len(path) > 0:
			if items := menuChildren(s.Items, path); len(items) > 0 {
				s.Cursor = items[0].ID
				for _, it := range items {
					if !it.Disabled {
						s.Cursor = it.ID
						break
					}
				}
			}
		}
		s.Open = path
		return true
	}
	return false
}

// isPrefix reports whether p is a prefix of s.
func isPrefix(p, s []string) bool {
	if len(p) > len(s) {
		return false
	}
	for i := range p {
		if p[i] != s[i] {
			return false
		}
	}
	return true
}

// menuChildren returns the items of the submenu at path, or nil when path
// names no submenu.
func menuChildren(items []MenuItem, path []string) []MenuItem {
	for _, id := range path {
		i := menuIndex(items, id)
		if i < 0 {
			return nil
		}
		items = items[i].Children
	}
	return items
}
