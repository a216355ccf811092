package mcp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/facetui/facet/render/mcp/derive"
	"github.com/facetui/facet/tea"
)

// Defaults for facet_start and facet_send_key.
const (
	DefaultWidth  = 120
	DefaultHeight = 40
	DefaultWaitMS = 50
	maxWaitMS     = 5000
	maxDimension  = 1000
)

// SessionArg is the argument that names the session in every facet_*
// tool (the session to start, for facet_start).
const SessionArg = "session"

// DeprecatedSessionArg is SessionArg's old name in every facet_* tool but
// facet_act. It is still accepted, and will be refused in a later release.
const DeprecatedSessionArg = "id"

// sessionTools are the static tools that name a session in SessionArg and
// accept DeprecatedSessionArg for it.
var sessionTools = map[string]bool{
	"facet_start": true, "facet_stop": true, "facet_send_key": true,
	"facet_get_model": true, "facet_screenshot": true, AppViewTool: true,
}

// keyNames lists the named keys facet_send_key takes (tea.KeyNames), the
// function keys as one range.
func keyNames() string {
	var names []string
	fkeys := 0
	for _, n := range tea.KeyNames() {
		if len(n) > 1 && n[0] == 'f' && strings.Trim(n[1:], "0123456789") == "" {
			fkeys++
			continue
		}
		names = append(names, n)
	}
	if fkeys > 0 {
		names = append(names, fmt.Sprintf("f1-f%d", fkeys))
	}
	return strings.Join(names, ", ")
}

// partsShape is how the style spells a derived tool's name, by its parts'
// argument names (shape's, without the brackets JSON escapes).
func (n toolNamer) partsShape() string {
	if n.style == NamesDotted {
		return "session.widget.action"
	}
	return "session_widget_action"
}

// staticTools declares the facet_* tools. start, send_key, stop and
// get_model are sensitive (get_model returns the whole model, secrets
// included, for a model that exposes itself); screenshot and list are not.
// facet_act is as sensitive as the derived tool it reaches, which
// authorization checks by that tool's name.
//
// Their definitions are in every tools/list, so they say what a client
// needs to call them right (names, types, enums, defaults) and nothing a
// name or another field already says; a value out of range is refused
// with the range. The answers read as text (the screen, the session list)
// declare no properties: the base list has a budget of 4 KB
// (cmd/playground's TestBuiltPlaygroundBaseToolListFitsItsBudget).
func (s *Server) staticTools() []*derive.Tool {
	obj := func(props map[string]any, required ...string) map[string]any {
		m := map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			m["required"] = required
		}
		return m
	}
	str := map[string]any{"type": "string"}
	boolean := map[string]any{"type": "boolean"}
	session := func() map[string]any { return map[string]any{SessionArg: str} }
	object := map[string]any{"type": "object"}
	with := func(props map[string]any) map[string]any {
		props[SessionArg] = str
		return props
	}
	tools := []*derive.Tool{
		{Name: "facet_start", Sensitive: true, Title: "Start",
			OutputSchema: obj(map[string]any{"id": str, "app": str, "tools": map[string]any{"type": "array", "items": str}}),
			Description:  "Start a session of an app. Answers its id, tools and outline (screen: the screen instead).",
			InputSchema: obj(map[string]any{
				"app":      map[string]any{"type": "string", "enum": s.opts.Startable},
				SessionArg: map[string]any{"type": "string", "pattern": "^[a-z][a-z0-9]{0,6}$"},
				"width":    map[string]any{"type": "integer", "default": DefaultWidth},
				"height":   map[string]any{"type": "integer", "default": DefaultHeight},
				"shared":   map[string]any{"type": "boolean", "description": "Others may act on it."},
				"screen":   boolean,
			}, "app")},
		{Name: "facet_list", Title: "Sessions", ReadOnly: true,
			Description: "List the sessions you can reach.", InputSchema: obj(map[string]any{}),
			OutputSchema: object},
		{Name: "facet_stop", Sensitive: true, Destructive: true, Title: "Stop",
			OutputSchema: obj(map[string]any{"stopped": str}),
			Description:  "Stop a session and remove its tools.",
			InputSchema:  obj(session(), SessionArg)},
		{Name: "facet_send_key", Sensitive: true, Title: "Press a key", OutputSchema: object,
			Description: "Press a key as a user would (tab moves focus, other keys go to the focused widget), after focusing widget if given. Answers the screen.",
			InputSchema: obj(with(map[string]any{
				"key":     map[string]any{"type": "string", "description": "A character or " + keyNames() + "."},
				"widget":  str,
				"ctrl":    boolean,
				"alt":     boolean,
				"shift":   boolean,
				"wait_ms": map[string]any{"type": "integer", "default": DefaultWaitMS},
			}), SessionArg)},
		{Name: "facet_get_model", Sensitive: true, ReadOnly: true, Title: "Model", OutputSchema: derive.ReadSchema(),
			Description: "The session's model as its app shares it: projections, or all of it.",
			InputSchema: obj(session(), SessionArg)},
		{Name: "facet_screenshot", Title: "Screenshot", ReadOnly: true, OutputSchema: object,
			Description: "The session's screen as text, or with outline one line per widget; since: what changed after that revision.",
			InputSchema: obj(with(map[string]any{"outline": boolean, "since": map[string]any{"type": "integer"}}), SessionArg)},
		{Name: "facet_act", Title: "Act", OutputSchema: derive.ReadSchema(),
			Description: "Call " + s.names.partsShape() + " by parts. A session's discover_tools lists actions and their args.",
			InputSchema: obj(with(map[string]any{
				"widget": str,
				"action": str,
				"args":   map[string]any{"type": "object", "properties": actArgs()},
			}), SessionArg, "widget", "action")},
	}
	if s.opts.ReadOnly {
		tools = slices.DeleteFunc(tools, func(t *derive.Tool) bool { return t.Guarded() })
	}
	return tools
}
