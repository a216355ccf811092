package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/facetui/facet/tea"
)

// A container that hides content (tabs) may say what each hidden pane
// holds (tea.Part's Holds): then an agent is told where a widget not
// shown yet is, and the call that shows it, before it ever saw it.

// pane is where a widget out of view is held: the part of a container in
// view whose action shows it.
type pane struct {
	// container is the widget id of the container (a tab bar), role and
	// label the part's (a tab and its title).
	container, role, label string
	// show is the action that shows the pane.
	show tea.Act
}

// hiddenPanes maps the id of each widget out of view that a container in
// view says one of its parts holds to that part, the first one saying so.
func hiddenPanes(view tea.Node) map[string]pane {
	if view == nil {
		return nil
	}
	inView := map[string]bool{}
	for _, w := range tea.Widgets(view) {
		inView[w.WidgetID()] = true
	}
	out := map[string]pane{}
	for _, w := range tea.Widgets(view) {
		d, ok := agentWidget(w).(tea.Describer)
		if !ok {
			continue
		}
		for _, p := range safeDescribe(d).Parts {
			if p.Action.IsZero() || p.States.Selected {
				continue
			}
			for _, id := range p.Holds {
				if _, seen := out[id]; !seen && !inView[id] {
					out[id] = pane{container: w.WidgetID(), role: p.Role, label: p.Label, show: p.Action}
				}
			}
		}
	}
	return out
}

// where says where a widget out of view is and the call that shows it:
// "`theme` is on tab "Settings" of `sections`: call x_sections_select_tab
// {"index":1} to show it". h spells the call as the session's tools are advertised.
func (p pane) where(widget string, h refusalHints) string {
	call := p.show.Name
	if h.spell != nil {
		call = h.spell(p.container, p.show.Name)
	}
	args, _ := json.Marshal(p.show.ArgMap())
	if len(p.show.Args) == 0 {
		args = []byte("{}")
	}
	role := p.role
	if role == "" {
		role = "part"
	}
	return fmt.Sprintf("`%s` is on %s %q of `%s`: call %s %s to show it", widget, role, p.label, p.container, call, args)
}

// holdsText is what a part's line in an outline says it holds, for a part
// not shown now: " (holds a, b)".
func holdsText(p tea.Part) string {
	if len(p.Holds) == 0 || p.States.Selected {
		return ""
	}
	return " (holds " + strings.Join(p.Holds, ", ") + ")"
}

// HeldWidget is a widget out of view whose id matches a discover_tools
// query, and how to show it.
type HeldWidget struct {
	Widget string `json:"widget"`
	// Call and Args are the call that shows it.
	Call string         `json:"call"`
	Args map[string]any `json:"args"`
	// Where says it in a sentence.
	Where string `json:"where"`
}

// heldMatching lists the widgets out of view in view's hidden panes whose
// id contains q (every one for ""), by id.
func heldMatching(view tea.Node, q string, h refusalHints) []HeldWidget {
	panes := hiddenPanes(view)
	var out []HeldWidget
	for _, id := range slices.Sorted(maps.Keys(panes)) {
		if !strings.Contains(strings.ToLower(id), q) {
			continue
		}
		p := panes[id]
		call := p.show.Name
		if h.spell != nil {
			call = h.spell(p.container, p.show.Name)
		}
		args := p.show.ArgMap()
		if args == nil {
			args = map[string]any{}
		}
		out = append(out, HeldWidget{Widget: id, Call: call, Args: args, Where: p.where(id, h)})
	}
	return out
}
