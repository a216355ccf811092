package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Tabs is a strip of tab titles with the Active one highlighted and, so
// plain text shows it too, drawn between ‹ and › where the others have
// spaces: " Overview │‹Settings›│ About ". Left and
// Right (or a click on a title) select a tab (TabsSelected). When the titles
// do not fit they are shortened with an ellipsis, and when even that is not
// enough the strip scrolls so the active tab stays in view.
type Tabs struct {
	ID      string
	Tabs    []string
	Active  int
	Exclude bool
	// Panes are the ids of the widgets each tab shows, by tab index: an
	// agent learns where a widget is before its tab is selected. Optional,
	// and a tab without an entry says nothing.
	Panes [][]string
	// Keys overrides the keys it answers to; nil means DefaultTabsKeyMap().
	Keys  *TabsKeyMap
	Theme *Theme
}

// TabsSelected reports that tab Index (titled Label) of tabs ID was selected.
type TabsSelected struct {
	ID    string
	Index int
	Label string
}

// TabsKeyMap holds the keys of a Tabs.
type TabsKeyMap struct {
	Prev  key.Binding
	Next  key.Binding
	First key.Binding
	Last  key.Binding
}

// DefaultTabsKeyMap returns the keys a focused Tabs answers to.
func DefaultTabsKeyMap() TabsKeyMap {
	return TabsKeyMap{
		Prev:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "previous tab")),
		Next:  key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "next tab")),
		First: key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first tab")),
		Last:  key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last tab")),
	}
}

// defaultTabsKeys is DefaultTabsKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultTabsKeys = DefaultTabsKeyMap()

// keys returns Keys, or DefaultTabsKeyMap() when it is nil.
func (t Tabs) keys() TabsKeyMap {
	if t.Keys != nil {
		return *t.Keys
	}
	return defaultTabsKeys
}

// Children implements tea.Node.
func (Tabs) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (t Tabs) WidgetID() string { return t.ID }

// WidgetKind implements tea.Widget.
func (Tabs) WidgetKind() string { return "tabs" }

// CanFocus implements tea.Focusable: tabs with titles can take focus.
func (t Tabs) CanFocus() bool { return len(t.Tabs) > 0 }

// Excluded implements tea.Excludable.
func (t Tabs) Excluded() bool { return t.Exclude }

// Describe implements tea.Describer: a tablist named by its active tab,
// a click on a tab selecting it.
func (t Tabs) Describe() tea.Description {
	active := t.active()
	tabs := make([]tea.Part, len(t.Tabs))
	acts := newIndexActs(true, len(t.Tabs), "select_tab", "index")
	for i, title := range t.Tabs {
		tabs[i] = tea.Part{Role: "tab", Label: title, States: tea.States{Selected: i == active}, Action: acts.of(i)}
		if i < len(t.Panes) {
			tabs[i].Holds = t.Panes[i]
		}
	}
	return tea.Description{Label: t.label(active), Role: "tablist", State: map[string]any{
		"tabs": len(t.Tabs), "active_index": active,
	}, Parts: tabs}
}

// DescribeShown implements tea.ShownDescriber: a Tabs is never hidden.
func (t Tabs) DescribeShown() bool { return true }

// active is Active clamped to the tabs, or -1 when there are none.
func (t Tabs) active() int {
	if len(t.Tabs) == 0 {
		return -1
	}
	return min(max(t.Active, 0), len(t.Tabs)-1)
}

func (t Tabs) label(i int) string {
	if i < 0 || i >= len(t.Tabs) {
		return ""
	}
	return t.Tabs[i]
}

// tabCell is one drawn tab: its text (with its padding) and where it starts.
type tabCell struct {
	index int
	text  string
	x     int
}

// tabsSep separates tab titles.
const tabsSep = "│"

// tabsOpen and tabsClose stand around the active title in place of the
// spaces around the others, so the strip's layout does not change.
const (
	tabsOpen  = "‹"
	tabsClose = "›"
)

// tabsMinTitle is the narrowest a title is shortened to (with its ellipsis).
const tabsMinTitle = 3

// layout places the tabs in width cells: titles are shortened to a common
// cap until the strip fits; if it still does not, the strip starts at the
// first tab that keeps the active one in view. Cells may run past width;
// Render cuts the line.
func (t Tabs) layout(width int) []tabCell {
	titles := make([]string, len(t.Tabs))
	longest := 0
	for i, s := range t.Tabs {
		titles[i] = OneLine(s)
		longest = max(longest, Width(titles[i]))
	}
	// stripWidth is the width of tabs from..to (inclusive) with titles
	// capped at c cells.
	stripWidth := func(c, from, to int) int {
		n := 0
		for i := from; i <= to; i++ {
			if i > from {
				n += Width(tabsSep)
			}
			n += min(Width(titles[i]), c) + 2
		}
		return n
	}
	last := len(titles) - 1
	c := longest
	for c > tabsMinTitle && stripWidth(c, 0, last) > width {
		c--
	}
	from := 0
	for act := t.active(); from < act && stripWidth(c, from, act) > width; {
		from++
	}
	cells := make([]tabCell, 0, len(titles)-from)
	x := 0
	for i := from; i < len(titles); i++ {
		if i > from {
			x += Width(tabsSep)
		}
		text := " " + Fit(titles[i], c) + " "
		cells = append(cells, tabCell{index: i, text: text, x: x})
		x += Width(text)
	}
	return cells
}

// Render implements tea.Widget: one line of titles separated by │, the
// active one between ‹ and › and highlighted (dimmed when unfocused).
func (t Tabs) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	th := themeIn(t.Theme, ctx)
	act := t.active()
	active := th.SelectedDim
	if ctx.Focused {
		active = th.Selected
	}
	var b strings.Builder
	for i, c := range t.layout(ctx.Width) {
		if i > 0 {
			b.WriteString(th.Muted.Render(tabsSep))
		}
		if c.index == act {
			// c.text is " title ": one space each side.
			b.WriteString(active.Render(tabsOpen + c.text[1:len(c.text)-1] + tabsClose))
			continue
		}
		b.WriteString(th.Normal.Render(c.text))
	}
	return Fit(b.String(), ctx.Width)
}

// HandleKey implements tea.KeyHandler; movement stops at the first and last
// tab.
func (t Tabs) HandleKey(k tea.Key) tea.Msg {
	km := t.keys()
	if len(t.Tabs) == 0 {
		return nil
	}
	switch {
	case key.Matches(k, km.Prev):
		return t.selectTab(t.active() - 1)
	case key.Matches(k, km.Next):
		return t.selectTab(t.active() + 1)
	case key.Matches(k, km.First):
		return t.selectTab(0)
	case key.Matches(k, km.Last):
		return t.selectTab(len(t.Tabs) - 1)
	}
	return nil
}

func (t Tabs) selectTab(i int) tea.Msg {
	i = min(max(i, 0), len(t.Tabs)-1)
	return TabsSelected{ID: t.ID, Index: i, Label: t.Tabs[i]}
}

// HandleMouse implements tea.MouseHandler: a click on a title selects it.
// Without the rendered width in the event, the layout assumes 80 columns.
func (t Tabs) HandleMouse(m tea.Mouse) tea.Msg {
	if m.Action != tea.MousePress || m.Button != tea.MouseLeft || m.Y != 0 {
		return nil
	}
	width := m.Width
	if width <= 0 {
		width = assumedWidth
	}
	for _, c := range t.layout(width) {
		if m.X >= c.x && m.X < c.x+Width(c.text) && m.X < width {
			return t.selectTab(c.index)
		}
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (t Tabs) ShortHelp() []key.Binding { km := t.keys(); return []key.Binding{km.Prev, km.Next} }

// Actions implements tea.ToolProvider.
func (t Tabs) Actions() []tea.Action {
	return []tea.Action{
		write("select_tab", "Select the tab at index (0-based, in the order get_tabs lists them), as a user would by clicking it.",
			selectTabArgsSpec.schema()),
		readAs(read("get_tabs", "Read the tab titles in order and the index of the active tab.", noArgsSpec.schema()), outTabs),
	}
}

// selectTabArgs are the arguments of select_tab.
type selectTabArgs struct {
	Index int `json:"index" jsonschema:"Tab index, 0-based." minimum:"0"`
}

// selectTabArgsSpec reads selectTabArgs once.
var selectTabArgsSpec = newArgSpec[selectTabArgs]()

// Invoke implements tea.ToolProvider.
func (t Tabs) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch action {
	case "select_tab":
		in, err := selectTabArgsSpec.bind(action, args, within("index", 0, len(t.Tabs)-1))
		if err != nil {
			return tea.Result{}, err
		}
		return tea.Write(TabsSelected{ID: t.ID, Index: in.Index, Label: t.Tabs[in.Index]}), nil
	case "get_tabs":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		tabs := append([]string{}, t.Tabs...)
		return tea.Read(map[string]any{"tabs": tabs, "active_index": t.active()}), nil
	}
	return tea.Result{}, tea.UnknownActionError("tabs", action, t.Actions())
}

// TabsState is a Tabs' model. Update applies TabsSelected for ID.
type TabsState struct {
	ID     string   `json:"id"`
	Tabs   []string `json:"tabs"`
	Active int      `json:"active"`
}

// View returns w, the Tabs as the app configures it, showing the state:
// its ID is s.ID and its Tabs and Active come from s.
func (s *TabsState) View(w Tabs) Tabs {
	w.ID = s.ID
	w.Tabs = s.Tabs
	w.Active = s.Active
	return w
}

// Update applies TabsSelected (clamped to the tabs). It reports whether it
// used msg.
func (s *TabsState) Update(msg tea.Msg) bool {
	m, ok := msg.(TabsSelected)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Active = min(max(m.Index, 0), max(len(s.Tabs)-1, 0))
	return true
}
