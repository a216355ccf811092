package mcp

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// resolveError is a caller's problem, not the app's: it never counts
// toward the circuit breaker.
type resolveError struct{ msg string }

func (e *resolveError) Error() string { return e.msg }

// refusalHints name the next call a refusal points to, in the spelling the
// session's tools are advertised in. The zero value names none.
type refusalHints struct {
	// toolsOf lists the advertised tools of a widget of the session.
	toolsOf func(widget string) []string
	// spell is the advertised name of the session's widget action.
	spell func(widget, action string) string
}

// hints are the refusal hints of session.
func (s *Server) hints(session string) refusalHints {
	return refusalHints{
		toolsOf: func(widget string) []string {
			var out []string
			for _, t := range s.reg.Tools(session) {
				if t.Derived && t.Widget == widget {
					out = append(out, s.names.advertised(t))
				}
			}
			return out
		},
		spell: func(widget, action string) string {
			return s.names.advertisedName(toolname.ToolName(session, widget, action))
		},
	}
}

// answerDialog says how to answer dialog: with its tools, when known.
func (h refusalHints) answerDialog(dialog tea.Widget) string {
	var tools []string
	if h.toolsOf != nil {
		tools = h.toolsOf(dialog.WidgetID())
	}
	if len(tools) == 0 {
		return fmt.Sprintf("answer it first (its tools act on `%s`)", dialog.WidgetID())
	}
	return "answer it first: call " + strings.Join(tools, " or ")
}

// openDialog is the first widget in view that holds focus until it is
// answered (an open Modal), or nil.
func openDialog(view tea.Node) tea.Widget {
	for _, w := range tea.Widgets(view) {
		if tea.TrapsFocus(w) {
			return w
		}
	}
	return nil
}

// disabledBecause reports whether w describes itself as disabled, and the
// reason it gives ("" when none).
func disabledBecause(w tea.Widget) (bool, string) {
	d, ok := w.(tea.Describer)
	if !ok {
		return false, ""
	}
	desc := safeDescribe(d)
	if desc.State["disabled"] != true {
		return false, ""
	}
	reason, _ := desc.State["disabled_reason"].(string)
	return true, reason
}

// resolveWidget finds the first widget with t's id, of t's kind, that offers
// t's action in view, or says precisely why there is none and what to call
// next: the widget is disabled (and the app's reason), a dialog is open
// (and its tools), or it is on another tab (and the call that shows it).
func resolveWidget(view tea.Node, t *derive.Tool, h refusalHints) (tea.Widget, error) {
	var sameKind, otherKind tea.Widget
	var found tea.Widget
	tea.Walk(view, func(n tea.Node, _ int) bool {
		if found != nil {
			return false
		}
		w, ok := n.(tea.Widget)
		if !ok || w.WidgetID() != t.Widget {
			return true
		}
		if w.WidgetKind() != t.Kind {
			if otherKind == nil {
				otherKind = w
			}
			return true
		}
		if sameKind == nil {
			sameKind = w
		}
		p, ok := n.(tea.ToolProvider)
		if !ok {
			return true
		}
		if tea.Offers(p, t.Action) {
			found = w
			return false
		}
		return true
	})
	if found != nil {
		return found, nil
	}
	// The rest explains why the widget is not found, which an open
	// dialog often is: a call that finds its widget does not look for one.
	dialog := openDialog(view)
	switch {
	case sameKind != nil:
		if off, why := disabledBecause(sameKind); off {
			msg := fmt.Sprintf("widget `%s` no longer offers `%s`: it is disabled", t.Widget, t.Action)
			if why != "" {
				msg += " (" + why + ")"
			}
			return nil, &resolveError{msg + "; nothing was done"}
		}
		if dialog != nil && dialog.WidgetID() != t.Widget {
			return nil, &resolveError{fmt.Sprintf("widget `%s` no longer offers `%s` while the %s `%s` is open: %s",
				t.Widget, t.Action, dialog.WidgetKind(), dialog.WidgetID(), h.answerDialog(dialog))}
		}
		return nil, &resolveError{fmt.Sprintf("widget `%s` no longer offers `%s` (it may be disabled or hidden)", t.Widget, t.Action)}
	case otherKind != nil:
		return nil, &resolveError{fmt.Sprintf("widget `%s` is now a %s, not a %s", t.Widget, otherKind.WidgetKind(), t.Kind)}
	}
	msg := fmt.Sprintf("widget `%s` is not in the session's current view", t.Widget)
	if dialog != nil {
		// A dialog replaced or covers the screen; say so, or the agent
		// goes looking for the widget elsewhere.
		return nil, &resolveError{msg + fmt.Sprintf(": %s `%s` is open; %s", dialog.WidgetKind(), dialog.WidgetID(), h.answerDialog(dialog))}
	}
	if p, held := hiddenPanes(view)[t.Widget]; held {
		return nil, &resolveError{msg + ": " + p.where(t.Widget, h)}
	}
	if where := lastSeen(view, t, h); where != "" {
		return nil, &resolveError{msg + ": " + where}
	}
	return nil, &resolveError{msg}
}

// lastSeen says where t's widget was when its tool was derived, when that
// was another tab than the one shown now, and the call that shows it.
func lastSeen(view tea.Node, t *derive.Tool, h refusalHints) string {
	if len(t.SeenOn) == 0 {
		return ""
	}
	now := map[string]int{}
	for _, tb := range derive.TabsOf(view) {
		now[tb.Tabs] = tb.Index
	}
	for _, then := range t.SeenOn {
		if cur, shown := now[then.Tabs]; shown && cur != then.Index {
			call := fmt.Sprintf("`%s` of `%s`", "select_tab", then.Tabs)
			if h.spell != nil {
				call = "`" + h.spell(then.Tabs, "select_tab") + "`"
			}
			return fmt.Sprintf("it was last seen on tab %s: call %s {\"index\": %d}", then.Label, call, then.Index)
		}
	}
	return ""
}
