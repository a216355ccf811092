package mcp

import (
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// This file is how masked widgets reach agents: as their Redacted form
// (tea.Redactor), which draws and describes the same whatever the value,
// so nothing an agent receives (a screenshot, the widgets and context
// resources, a write's answer, a patch) tells anything of a masked value,
// its length or where its cursor is. What an app draws elsewhere is not
// touched: an agent sees it as the person does.

// redactView returns view with every masked widget replaced by its form
// for agents (agentWidget), the containers that hold one rebuilt around
// it; a subtree without a masked widget is returned as it is.
func redactView(n tea.Node) tea.Node {
	if n == nil || !holdsMasked(n) {
		return n
	}
	switch x := n.(type) {
	case tea.Widget:
		return agentWidget(x)
	case tea.Column:
		x.Items = redactAll(x.Items)
		return x
	case tea.Row:
		x.Items = redactAll(x.Items)
		return x
	case tea.Box:
		x.Child = redactView(x.Child)
		return x
	}
	// Any other container is drawn as its children stacked (see
	// render/terminal's layout), which a Column is.
	return tea.Column{Items: redactAll(n.Children())}
}

func redactAll(items []tea.Node) []tea.Node {
	out := make([]tea.Node, len(items))
	for i, c := range items {
		out[i] = redactView(c)
	}
	return out
}

// holdsMasked reports whether n is or contains a masked widget.
func holdsMasked(n tea.Node) bool {
	found := false
	tea.Walk(n, func(c tea.Node, _ int) bool {
		if w, ok := c.(tea.Widget); ok && tea.IsMasked(w) {
			found = true
		}
		return !found
	})
	return found
}

// agentWidget is w as an agent sees it: w itself unless it is masked; a
// masked widget's Redacted form; and for a masked widget that has none (or
// whose Redacted panics or names another widget), a stand-in that draws
// its label and "[‹masked›]".
func agentWidget(w tea.Widget) tea.Widget {
	if !tea.IsMasked(w) {
		return w
	}
	if r, ok := w.(tea.Redactor); ok {
		if rw := safeRedacted(r); rw != nil && rw.WidgetID() == w.WidgetID() && rw.WidgetKind() == w.WidgetKind() {
			return rw
		}
	}
	st := maskedStandIn{id: w.WidgetID(), kind: w.WidgetKind()}
	if d, ok := w.(tea.Describer); ok {
		st.label = safeDescribe(d).Label
	}
	return st
}

func safeRedacted(r tea.Redactor) (w tea.Widget) {
	defer func() {
		if recover() != nil {
			w = nil
		}
	}()
	return r.Redacted()
}

// maskedStandIn stands for a masked widget that cannot redact itself.
type maskedStandIn struct{ id, kind, label string }

func (maskedStandIn) Children() []tea.Node { return nil }
func (s maskedStandIn) WidgetID() string   { return s.id }
func (s maskedStandIn) WidgetKind() string { return s.kind }
func (maskedStandIn) IsMasked() bool       { return true }
func (s maskedStandIn) Describe() tea.Description {
	return tea.Description{Label: s.label, State: map[string]any{"masked": true}}
}

func (s maskedStandIn) Render(ctx tea.RenderContext) string {
	label := widgets.OneLine(s.label)
	if label != "" {
		label += ": "
	}
	return widgets.Fit(label+"[‹"+widgets.MaskedPlaceholder+"›]", ctx.Width)
}
