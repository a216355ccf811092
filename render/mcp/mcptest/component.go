package mcptest

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// Component is a widget as it is now in the session's view: what it says
// about itself, how it is drawn, what it offers and what its reads answer
// through the MCP client. A masked widget carries no value anywhere in it.
type Component struct {
	// ID and Kind are the widget's id and kind ("button", "table", ...).
	ID, Kind string
	// Label is the widget's own text: a Button's label, a Text's content,
	// a Modal's title, an input's label, the active tab.
	Label string
	// Role and State are what the widget describes (tea.Describer): for
	// instance a Table's sort_column or a Checkbox's checked.
	Role  string
	State map[string]any
	// Text is the widget drawn on its own at the screen's width, as plain
	// text.
	Text string
	// Focused reports whether the widget has the session's focus; Masked
	// whether its value is a secret; Excluded whether it derives no tools.
	Focused, Masked, Excluded bool
	// Actions are the actions the widget offers now, in its order.
	Actions []string
	// Reads holds the answer of each get_* action the widget offers, read
	// through the client (get_value, get_rows, get_selected, ...).
	Reads map[string]any
}

// Offers reports whether the widget offers action now.
func (c Component) Offers(action string) bool { return slices.Contains(c.Actions, action) }

// Value returns the answer of get_value ("" when the widget offers none).
func (c Component) Value() string {
	m, _ := c.Reads["get_value"].(map[string]any)
	v, _ := m["value"].(string)
	return v
}

// String describes the component on a few lines, for reports.
func (c Component) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s `%s`", c.Kind, c.ID)
	if c.Label != "" {
		fmt.Fprintf(&b, " %q", oneLine(c.Label))
	}
	var flags []string
	if c.Focused {
		flags = append(flags, "focused")
	}
	if c.Masked {
		flags = append(flags, "masked")
	}
	if c.Excluded {
		flags = append(flags, "excluded")
	}
	if len(flags) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(flags, ", "))
	}
	if len(c.State) > 0 {
		fmt.Fprintf(&b, "\n  state: %s", formatMap(c.State))
	}
	if len(c.Actions) == 0 {
		b.WriteString("\n  offers: nothing")
	} else {
		fmt.Fprintf(&b, "\n  offers: %s", strings.Join(c.Actions, ", "))
	}
	for _, k := range sortedKeys(c.Reads) {
		fmt.Fprintf(&b, "\n  %s: %s", k, truncate(fmt.Sprint(c.Reads[k]), 300))
	}
	if c.Text != "" {
		b.WriteString("\n  drawn:")
		for _, l := range strings.Split(c.Text, "\n") {
			b.WriteString("\n    " + strings.TrimRight(l, " "))
		}
	}
	return b.String()
}

// Component returns the widget id as it is now. Its reads go through the
// client; a read that fails leaves its entry out. ok is false when no
// widget has the id in the current view.
func (s *Session) Component(id string) (c Component, ok bool) {
	s.t.Helper()
	snap := s.sess.Snapshot()
	w, found := tea.FindWidget(snap.View, id)
	if !found {
		return Component{}, false
	}
	c = describe(w, snap)
	if !c.Excluded {
		for _, a := range c.Actions {
			if !strings.HasPrefix(a, "get_") {
				continue
			}
			res := s.call(mcp.ToolName(s.id, id, a), nil)
			var v any
			if res.IsError || res.Decode(&v) != nil {
				continue
			}
			if c.Reads == nil {
				c.Reads = map[string]any{}
			}
			c.Reads[a] = v
		}
	}
	return c, true
}

// describe builds a Component from the widget alone, without the client.
func describe(w tea.Widget, snap tea.Snapshot) Component {
	c := Component{ID: w.WidgetID(), Kind: w.WidgetKind(), Focused: snap.Focus == w.WidgetID(), Masked: tea.IsMasked(w)}
	if d, ok := w.(tea.Describer); ok {
		desc := safeDescribe(d)
		c.Label, c.Role, c.State = desc.Label, desc.Role, desc.State
	}
	if e, ok := w.(tea.Excludable); ok {
		c.Excluded = e.Excluded()
	}
	c.Actions = actionNames(w)
	width := snap.Size.Width
	if width <= 0 {
		width = mcp.DefaultWidth
	}
	c.Text = strings.TrimRight(ansi.Strip(safeRender(w, width, c.Focused)), "\n ")
	return c
}

func actionNames(w tea.Widget) []string {
	p, ok := w.(tea.ToolProvider)
	if !ok {
		return nil
	}
	var names []string
	func() {
		defer func() { _ = recover() }()
		for _, a := range p.Actions() {
			names = append(names, a.Name)
		}
	}()
	return names
}

func safeDescribe(d tea.Describer) (desc tea.Description) {
	defer func() {
		if v := recover(); v != nil {
			desc = tea.Description{State: map[string]any{"describe_panicked": fmt.Sprint(v)}}
		}
	}()
	return d.Describe()
}

func safeRender(w tea.Widget, width int, focused bool) (out string) {
	defer func() {
		if v := recover(); v != nil {
			out = fmt.Sprintf("(Render panicked: %v)", v)
		}
	}()
	return w.Render(tea.RenderContext{Width: width, Focused: focused})
}

func formatMap(m map[string]any) string {
	parts := make([]string, 0, len(m))
	for _, k := range sortedKeys(m) {
		v := m[k]
		if str, ok := v.(string); ok {
			v = fmt.Sprintf("%q", oneLine(str))
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	return strings.Join(parts, " ")
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
