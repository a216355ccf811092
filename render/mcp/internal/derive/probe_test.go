package derive

import "github.com/facetui/facet/tea"

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
