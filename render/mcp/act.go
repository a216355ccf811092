package mcp

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// actArgs is the properties of facet_act's args: every argument a built-in
// widget's action takes, with the type that action declares, read from the
// actions themselves so the two cannot disagree. Which action takes which
// is in the session's discover_tools; each action checks its own. (An
// object with no properties is refused by Gemini's declarations.)
func actArgs() map[string]any { return maps.Clone(builtinArgs()) }

var builtinArgs = sync.OnceValue(func() map[string]any {
	props := map[string]any{}
	for _, p := range builtinProviders() {
		for _, a := range p.Actions() {
			in, _ := a.InputSchema["properties"].(map[string]any)
			for name, raw := range in {
				if _, seen := props[name]; seen {
					continue
				}
				props[name] = typeOf(raw)
			}
		}
	}
	return props
})

// typeOf is the type of an argument's schema: its type, and its items'
// type for an array.
func typeOf(raw any) map[string]any {
	s, _ := raw.(map[string]any)
	out := map[string]any{"type": s["type"]}
	if items, ok := s["items"].(map[string]any); ok {
		out["items"] = map[string]any{"type": items["type"]}
	}
	return out
}

// builtinProviders are one of each built-in widget in a state that offers
// every action it can.
func builtinProviders() []tea.ToolProvider {
	item := []widgets.MenuItem{{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "quit", Label: "Quit"}}}}
	return []tea.ToolProvider{
		widgets.Button{ID: "b", OnClick: struct{}{}},
		widgets.Checkbox{ID: "c"},
		widgets.TextInput{ID: "t"},
		widgets.PasswordField{ID: "p"},
		widgets.TextArea{ID: "a"},
		widgets.SelectList{ID: "l", Options: []string{"a"}},
		widgets.Modal{ID: "m", Visible: true},
		widgets.Table{ID: "r", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: [][]string{{"v"}}},
		widgets.Tree{ID: "f", Nodes: []widgets.TreeNode{{ID: "n", Children: []widgets.TreeNode{{ID: "m"}}}}},
		widgets.Scrubber{ID: "s", Max: 1},
		widgets.Tabs{ID: "g", Tabs: []string{"a", "b"}},
		widgets.Viewport{ID: "v", Lines: []string{"a"}},
		widgets.Menu{ID: "u", Items: item},
		widgets.Text{ID: "x", Content: "a"},
		widgets.Bubble{ID: "e"},
	}
}

// resolveAct finds the derived tool a facet_act call names, or answers why
// there is none.
func (s *Server) resolveAct(ctx context.Context, args map[string]any) (*derive.Tool, map[string]any, error) {
	id, err := sessionArg(args, SessionArg)
	if err != nil {
		return nil, nil, err
	}
	if sess, running := s.sessions.Get(id); running {
		if err := s.starts.reachable(ctx, sess); err != nil {
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
		return nil, nil, callerError(fmt.Sprintf("%v: an action name (%s)", err, toolname.ActionRule))
	}
	if !toolname.ValidAction(action) {
		return nil, nil, callerError(fmt.Sprintf("action %q: an action name is %s", action, toolname.ActionRule))
	}
	inner, isObject := args["args"].(map[string]any)
	if raw, present := args["args"]; present && raw != nil && !isObject {
		return nil, nil, callerError("args must be an object of the action's arguments")
	}
	name := toolname.ToolName(id, widget, action)
	t, ok := s.reg.Lookup(name)
	if !ok || !t.Derived {
		if _, running := s.sessions.Get(id); !running {
			return nil, nil, staleSession(id, s.names.advertisedName(name))
		}
		return nil, nil, callerError(s.noTool(id, widget, action))
	}
	return t, inner, nil
}

// noTool explains why a running session has no tool for widget and action:
// the widget's own actions if it has any, else whether it is on screen.
func (s *Server) noTool(session, widget, action string) string {
	name := toolname.ToolName(session, widget, action)
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
	hint := ""
	if sess, ok := s.sessions.Get(session); ok {
		view := sess.Snapshot().View
		if p, held := hiddenPanes(view)[widget]; held {
			return fmt.Sprintf("session `%s` has no tool `%s` yet: %s", session, s.names.advertisedName(name), p.where(widget, s.hints(session)))
		}
		hint = suggest(quoteAll(nearest(widget, widgetIDs(view))), widgetIDs(view))
	}
	return fmt.Sprintf("session `%s` has no tool `%s`: no widget `%s` has been on its screen (it may appear later, say on another tab)%s Call %s to see the session's tools", session, s.names.advertisedName(name), widget, hint, discover)
}
