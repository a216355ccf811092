package mcptest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/toolname"
)

// Component is a widget as a client sees it now: what the session's widget
// tree (facet://session/<id>/widgets, read with resources/read) says about
// it, the tools tools/list lists for it and what its reads answer. All of
// it comes through the MCP client. A masked widget carries no value
// anywhere in it. The screen is Screenshot's: the server draws no widget
// on its own.
type Component struct {
	// ID and Kind are the widget's id and kind ("button", "table", ...).
	ID, Kind string
	// Label is the widget's own text: a Button's label, a Text's content,
	// a Modal's title, an input's label, the active tab.
	Label string
	// Role and State are what the widget describes (tea.Describer): for
	// instance a Table's sort_column or a Checkbox's checked. State is
	// decoded from the resource's JSON: whole numbers are int, other
	// numbers float64, objects map[string]any and arrays []any.
	Role  string
	State map[string]any
	// Focused and Hovered report whether the widget has the session's
	// focus, or the mouse over it.
	Focused, Hovered bool
	// Masked reports whether the widget says its value is a secret (its
	// state has masked=true, as every masked input in widgets says).
	Masked bool
	// Actions are the actions of the tools tools/list lists for the
	// widget's id, in the order listed. A session's tools are sticky: a
	// tool stays listed after its widget stops offering the action (a
	// hidden Modal), and a call of it then fails; State says why
	// (visible=false). A disabled widget's tools are the exception: they
	// are not listed while it is disabled (disabled=true). A widget kept
	// out of derivation (Exclude) lists none.
	Actions []string
	// Reads holds the answer of each get_* action listed for the widget,
	// read through the client (get_value, get_rows, get_selected, ...).
	// A read the widget no longer offers fails and is left out.
	Reads map[string]any
}

// Offers reports whether a tool for action on the widget is listed. The
// listing is sticky (see Actions): a listed tool may no longer be offered,
// which AssertToolAvailable checks.
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
	if c.Hovered {
		flags = append(flags, "hovered")
	}
	if c.Masked {
		flags = append(flags, "masked")
	}
	if len(flags) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(flags, ", "))
	}
	if len(c.State) > 0 {
		fmt.Fprintf(&b, "\n  state: %s", formatMap(c.State))
	}
	if len(c.Actions) == 0 {
		b.WriteString("\n  tools listed: none")
	} else {
		fmt.Fprintf(&b, "\n  tools listed: %s", strings.Join(c.Actions, ", "))
	}
	for _, k := range slices.Sorted(maps.Keys(c.Reads)) {
		fmt.Fprintf(&b, "\n  %s: %s", k, truncate(fmt.Sprint(c.Reads[k]), 300))
	}
	return b.String()
}

// Component returns the widget id as a client sees it now, read through
// the client (see Component). A read that fails leaves its entry out. ok
// is false when no widget has the id in the current view, or when the
// widget tree cannot be read (the session has stopped, or the server's
// read policy refuses resources/read); a failure report says which.
func (s *Session) Component(id string) (c Component, ok bool) {
	s.t.Helper()
	c, err := s.component(id)
	return c, err == nil
}

// errNotInView is component's error for an id no widget in the view has.
var errNotInView = errors.New("not in the session's current view")

// component reads the widget id through the client, or says why it cannot.
func (s *Session) component(id string) (Component, error) {
	tree, err := s.widgetTree()
	if err != nil {
		return Component{}, err
	}
	n, found := findNode(tree.Widgets, id)
	if !found {
		return Component{}, errNotInView
	}
	c := Component{ID: n.ID, Kind: n.Kind, Label: n.Label, Role: n.Role, State: n.State,
		Focused: n.Focused, Hovered: n.Hovered}
	c.Masked, _ = n.State["masked"].(bool)
	if c.Actions, err = s.listedActions(id, tree); err != nil {
		return Component{}, err
	}
	for _, a := range c.Actions {
		if !strings.HasPrefix(a, "get_") {
			continue
		}
		res := s.call(toolname.ToolName(s.id, id, a), nil)
		var v any
		if res.IsError || res.Decode(&v) != nil {
			continue
		}
		if c.Reads == nil {
			c.Reads = map[string]any{}
		}
		c.Reads[a] = v
	}
	return c, nil
}

// listedActions returns the actions of the tools listed for widget id;
// tree is the view the id is looked for in (see widgetActions).
func (s *Session) listedActions(id string, tree widgetsResource) ([]string, error) {
	listed, err := s.listTools()
	if err != nil {
		return nil, err
	}
	return widgetActions(listed, s.id, id, widgetIDs(tree.Widgets)), nil
}

// widgetsResource is the content of facet://session/<id>/widgets.
type widgetsResource struct {
	Session string           `json:"session"`
	Focused string           `json:"focused"`
	Widgets []mcp.WidgetNode `json:"widgets"`
}

// widgetTree reads the session's widget tree with resources/read.
func (s *Session) widgetTree() (widgetsResource, error) {
	var tree widgetsResource
	if err := s.readResource(mcp.WidgetsURI(s.id), &tree); err != nil {
		return tree, err
	}
	normalize(tree.Widgets)
	return tree, nil
}

// readResource reads uri with resources/read and decodes its text content
// into v, numbers as json.Number.
func (s *Session) readResource(uri string, v any) error {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	req := sdk.ReadResourceRequest{}
	req.Params.URI = uri
	res, err := s.client.ReadResource(ctx, req)
	if err != nil {
		return fmt.Errorf("resources/read %s: %w", uri, err)
	}
	for _, rc := range res.Contents {
		text, ok := rc.(sdk.TextResourceContents)
		if !ok {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader([]byte(text.Text)))
		dec.UseNumber()
		if err := dec.Decode(v); err != nil {
			return fmt.Errorf("resources/read %s: decode: %w", uri, err)
		}
		return nil
	}
	return fmt.Errorf("resources/read %s: the answer has no text content", uri)
}

// findNode finds the first widget with id in view order, as a call
// resolves it.
func findNode(nodes []mcp.WidgetNode, id string) (mcp.WidgetNode, bool) {
	for _, n := range nodes {
		if n.ID == id {
			return n, true
		}
		if found, ok := findNode(n.Children, id); ok {
			return found, true
		}
	}
	return mcp.WidgetNode{}, false
}

// widgetIDs lists the ids of the widgets in nodes, in view order.
func widgetIDs(nodes []mcp.WidgetNode) []string {
	var ids []string
	for _, n := range nodes {
		if n.ID != "" {
			ids = append(ids, n.ID)
		}
		ids = append(ids, widgetIDs(n.Children)...)
	}
	return ids
}

// normalize turns the json.Numbers of every node's state into int (whole
// numbers) or float64, as a Describe that returned Go values reads.
func normalize(nodes []mcp.WidgetNode) {
	for i := range nodes {
		for k, v := range nodes[i].State {
			nodes[i].State[k] = plainNumbers(v)
		}
		normalize(nodes[i].Children)
	}
}

func plainNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil && int64(int(i)) == i {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = plainNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = plainNumbers(e)
		}
	}
	return v
}

func formatMap(m map[string]any) string {
	parts := make([]string, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		if str, ok := v.(string); ok {
			v = fmt.Sprintf("%q", oneLine(str))
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	return strings.Join(parts, " ")
}
