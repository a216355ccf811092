package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/facetui/facet/render/mcp/derive"
	"github.com/facetui/facet/tea"
)

// resolveAct finds the derived tool a facet_act call names, or answers why
// there is none.
func (s *Server) resolveAct(ctx context.Context, args map[string]any) (*derive.Tool, map[string]any, error) {
	id, err := sessionArg(args, "session")
	if err != nil {
		return nil, nil, err
	}
	if sess, running := s.sessions.Get(id); running {
		if err := s.reachable(ctx, sess); err != nil {
			return nil, nil, err
		}
	}
	widget, err := stringArg(args, "widget")
	if err != nil {
		return nil, nil, callerError(fmt.Sprintf("%v: a widget id (%s)", err, tea.IDRule))
	}
	if err := tea.CheckID("widget", widget); err != nil {
		return nil, nil, callerError("widget: " + err.Error())
	}
	action, err := stringArg(args, "action")
	if err != nil {
		return nil, nil, callerError(fmt.Sprintf("%v: an action name (%s)", err, derive.ActionRule))
	}
	if !derive.ValidAction(action) {
		return nil, nil, callerError(fmt.Sprintf("action %q: an action name is %s", action, derive.ActionRule))
	}
	inner, isObject := args["args"].(map[string]any)
	if raw, present := args["args"]; present && raw != nil && !isObject {
		return nil, nil, callerError("args must be an object of the action's arguments")
	}
	name := derive.ToolName(id, widget, action)
	t, ok := s.reg.Lookup(name)
	if !ok || !t.Derived {
		if _, running := s.sessions.Get(id); !running {
			return nil, nil, staleSession(id, name)
		}
		return nil, nil, callerError(s.noTool(id, widget, action))
	}
	return t, inner, nil
}

// noTool explains why a running session has no tool for widget and action:
// the widget's own actions if it has any, else whether it is on screen.
func (s *Server) noTool(session, widget, action string) string {
	name := derive.ToolName(session, widget, action)
	var actions []string
	for _, t := range s.reg.Tools(session) {
		if t.Widget == widget {
			actions = append(actions, t.Action)
		}
	}
	discover := s.names.advertised(&derive.Tool{Name: session + ".discover_tools", Session: session})
	if len(actions) > 0 {
		return fmt.Sprintf("session `%s` has no tool `%s`: widget `%s` offers %s (a masked field offers no read of its value); call %s to search the session's tools",
			session, s.names.advertisedName(name), widget, strings.Join(actions, ", "), discover)
	}
	if sess, ok := s.sessions.Get(session); ok {
		view := sess.Snapshot().View
		if w, shown := tea.FindWidget(view, widget); shown {
			msg := fmt.Sprintf("session `%s` has no tool `%s`: widget `%s` is on screen but offers no actions", session, s.names.advertisedName(name), widget)
			if off, why := disabledBecause(w); off {
				msg = fmt.Sprintf("session `%s` has no tool `%s` now: widget `%s` is disabled", session, s.names.advertisedName(name), widget)
				if why != "" {
					msg += " (" + why + ")"
				}
			} else if dialog := openDialog(view); dialog != nil && dialog.WidgetID() != widget {
				msg += fmt.Sprintf(" while the %s `%s` is open: %s", dialog.WidgetKind(), dialog.WidgetID(), s.hints(session).answerDialog(dialog))
			}
			return msg
		}
	}
	return fmt.Sprintf("session `%s` has no tool `%s`: no widget `%s` has been on its screen (it may appear later, say on another tab); call %s to see the session's tools", session, s.names.advertisedName(name), widget, discover)
}
