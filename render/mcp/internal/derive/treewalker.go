package derive

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// Derived is one action of one widget found in a view, before cleaning.
type Derived struct {
	Name   string
	Widget string
	Kind   string
	Action tea.Action
	// SeenOn are the tab bars of the view it was found in, as they were.
	SeenOn []TabSeen
}

// TabSeen is a tab bar as a view showed it: which tab was active. A widget
// found in that view was on that tab (if the tab bar switches its page).
type TabSeen struct {
	Tabs  string // the Tabs widget's id
	Index int
	Label string
}

// Warning is something derivation skipped, and why.
type Warning struct {
	Widget string
	Action string
	Reason string
}

func (w Warning) String() string {
	if w.Action == "" {
		return fmt.Sprintf("widget %q: %s", w.Widget, w.Reason)
	}
	return fmt.Sprintf("widget %q action %q: %s", w.Widget, w.Action, w.Reason)
}

// Tools is the tree walker (the seed's TreeWalker): it derives the tools of
// view for session, one per action of every ToolProvider widget, named
// <session>.<widget>.<action>, in view order. It skips excluded widgets,
// widget ids outside tea.IDRule and action names outside ActionRule (with a
// warning each). When widgets share an id, the first one offering an action
// defines its tool. An invalid session id derives nothing.
func Tools(session string, view tea.Node) ([]Derived, []Warning) {
	if !tea.ValidID(session) {
		return nil, []Warning{{Reason: fmt.Sprintf("session id %q breaks the id rule (%s): no tools derived", session, tea.IDRule)}}
	}
	var out []Derived
	var warns []Warning
	seen := map[string]bool{}
	ids := map[string]int{}
	tea.Walk(view, func(n tea.Node, _ int) bool {
		w, ok := n.(tea.Widget)
		if !ok {
			return true
		}
		if ids[w.WidgetID()]++; ids[w.WidgetID()] == 2 {
			warns = append(warns, Warning{Widget: w.WidgetID(), Reason: duplicateIDReason})
		}
		p, ok := n.(tea.ToolProvider)
		if !ok {
			return true
		}
		if ex, ok := n.(tea.Excludable); ok && ex.Excluded() {
			return true
		}
		id := w.WidgetID()
		if !tea.ValidID(id) {
			warns = append(warns, Warning{Widget: id, Reason: invalidIDReason})
			return true
		}
		ds, ws := widgetTools(session, id, w.WidgetKind(), p)
		warns = append(warns, ws...)
		for _, d := range ds {
			if seen[d.Name] {
				continue
			}
			seen[d.Name] = true
			out = append(out, d)
		}
		return true
	})
	if tabs := TabsOf(view); tabs != nil {
		for i := range out {
			out[i].SeenOn = tabs
		}
	}
	return out, warns
}

// Reasons of the warnings derivation gives about a widget.
const (
	duplicateIDReason = "more than one widget has this id: keys, clicks and tools reach the first one in view order"
	invalidIDReason   = "id breaks the rule " + tea.IDRule + ": no tools derived"
)

// widgetTools derives the tools of one widget, id of kind, in the order of
// its actions (an action named twice, twice), with a warning for each
// action whose name breaks ActionRule.
func widgetTools(session, id, kind string, p tea.ToolProvider) ([]Derived, []Warning) {
	return toolsOf(session, id, kind, p.Actions())
}

// toolsOf is widgetTools with the widget's actions at hand.
func toolsOf(session, id, kind string, acts []tea.Action) ([]Derived, []Warning) {
	var warns []Warning
	out := make([]Derived, 0, len(acts))
	for _, a := range acts {
		if !toolname.ValidAction(a.Name) {
			warns = append(warns, Warning{Widget: id, Action: a.Name, Reason: "action name must be " + toolname.ActionRule})
			continue
		}
		out = append(out, Derived{Name: toolname.ToolName(session, id, a.Name), Widget: id, Kind: kind, Action: a})
	}
	return out, warns
}

// TabsOf lists the tab bars in view (widgets of kind "tabs" that describe
// their active_index) with their active tab.
func TabsOf(view tea.Node) []TabSeen {
	var out []TabSeen
	tea.Walk(view, func(n tea.Node, _ int) bool {
		w, ok := n.(tea.Widget)
		if !ok || w.WidgetKind() != "tabs" {
			return true
		}
		d, ok := n.(tea.Describer)
		if !ok {
			return true
		}
		desc := d.Describe()
		if i, ok := desc.State["active_index"].(int); ok && i >= 0 {
			out = append(out, TabSeen{Tabs: w.WidgetID(), Index: i, Label: desc.Label})
		}
		return true
	})
	return out
}

// build cleans a derived action into a registry Tool. Only "sensitive" and
// "destructiveHint" survive, and only when true: every other annotation is
// the provider's own claim, and clients act on claims such as readOnlyHint.
// Facet marks read-only what writes nothing: every write is annotated
// sensitive.
func build(session string, d Derived) (Tool, error) {
	sp, err := buildSpec(d.Action)
	if err != nil {
		return Tool{}, err
	}
	return buildShared(session, d, sp), nil
}

// buildShared is build with the cleaned spec at hand, shared or not.
func buildShared(session string, d Derived, sp *sharedSpec) Tool {
	return Tool{
		Name:         d.Name,
		Title:        d.Widget + ": " + strings.ReplaceAll(d.Action.Name, "_", " "),
		Description:  sp.description,
		InputSchema:  sp.input,
		OutputSchema: sp.output,
		Sensitive:    sp.sensitive,
		Destructive:  sp.destructive,
		ReadOnly:     !sp.sensitive && !sp.destructive,
		SeenOn:       d.SeenOn,
		Derived:      true,
		Session:      session,
		Widget:       d.Widget,
		Kind:         d.Kind,
		Action:       d.Action.Name,
		js:           &sp.js,

		rawDescription: d.Action.Description,
		rawInput:       d.Action.InputSchema,
		rawAnnotations: d.Action.Annotations,
	}
}
