package mcp

import (
	"fmt"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// counter is a small app: inc, dec, reset (disabled at 0), a confirm button
// that only shows while open, and buttons that panic, misbehave or stall.
type counter struct {
	Count int
	Open  bool
	Delay time.Duration
}

type (
	incMsg    struct{}
	decMsg    struct{}
	resetMsg  struct{}
	toggleMsg struct{}
	panicMsg  struct{}
	nilMsg    struct{}
	slowMsg   struct{}
)

func (c *counter) Init() tea.Cmd { return nil }

func (c *counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next := *c
	switch msg.(type) {
	case incMsg:
		next.Count++
	case decMsg:
		next.Count--
	case resetMsg:
		next.Count = 0
	case toggleMsg:
		next.Open = !next.Open
	case panicMsg:
		panic("boom")
	case nilMsg:
		return nil, nil
	case slowMsg:
		time.Sleep(c.Delay)
		next.Count += 100
	}
	return &next, nil
}

func (c *counter) View() tea.Node {
	items := []tea.Node{
		widgets.Button{ID: "inc", Label: "+", OnClick: incMsg{}},
		widgets.Button{ID: "dec", Label: "-", OnClick: decMsg{}},
		widgets.Button{ID: "reset", Label: "reset", OnClick: resetMsg{}, Disabled: c.Count == 0},
		widgets.Button{ID: "open", Label: "open", OnClick: toggleMsg{}},
		widgets.Button{ID: "boom", Label: "boom", OnClick: panicMsg{}},
		widgets.Button{ID: "bad", Label: "bad", OnClick: nilMsg{}},
		widgets.Button{ID: "slow", Label: "slow", OnClick: slowMsg{}},
		countText{id: "count", text: fmt.Sprint(c.Count)},
	}
	if c.Open {
		items = append(items, widgets.Button{ID: "confirm", Label: "confirm", OnClick: toggleMsg{}})
	}
	return tea.Column{Items: items}
}

// Projections implements tea.Projector.
func (c *counter) Projections() []tea.Projection {
	return []tea.Projection{{URI: "counter://state/count", Name: "count", Description: "The count.",
		Value: func() any { return map[string]any{"count": c.Count, "open": c.Open} }}}
}

// countText is a display widget with no tools.
type countText struct{ id, text string }

func (countText) Children() []tea.Node              { return nil }
func (t countText) WidgetID() string                { return t.id }
func (countText) WidgetKind() string                { return "text" }
func (t countText) Render(tea.RenderContext) string { return "count: " + t.text }

// probe is a ToolProvider with a configurable kind and actions, for
// derivation tests.
type probe struct {
	id, kind string
	actions  []tea.Action
	exclude  bool
}

func (probe) Children() []tea.Node              { return nil }
func (p probe) WidgetID() string                { return p.id }
func (p probe) WidgetKind() string              { return p.kind }
func (p probe) Render(tea.RenderContext) string { return p.id }
func (p probe) Actions() []tea.Action           { return p.actions }
func (p probe) Excluded() bool                  { return p.exclude }
func (p probe) Invoke(a string, _ map[string]any) (tea.Result, error) {
	return tea.Read(map[string]any{"action": a}), nil
}

// static is an app whose view is fixed.
type static struct{ view tea.Node }

func (s static) Init() tea.Cmd                       { return nil }
func (s static) Update(tea.Msg) (tea.Model, tea.Cmd) { return s, nil }
func (s static) View() tea.Node                      { return s.view }

func testApps() []App {
	return []App{
		{Name: "counter", Title: "Counter", New: func() tea.Model { return &counter{Delay: 300 * time.Millisecond} }},
		{Name: "evil", Title: "Restricted", New: func() tea.Model { return &counter{} }, Restricted: true},
	}
}
