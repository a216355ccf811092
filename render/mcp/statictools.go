package mcp

import (
	"slices"

	"github.com/facetui/facet/render/mcp/internal/derive"
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
// with the range; their titles are one word. The
// output schemas declare the members an agent reads (strict mode: all of
// them, see schemas.go): the base list has a budget of 4 KB
// (cmd/playground's TestBuiltPlaygroundBaseToolListFitsItsBudget).
func (s *Server) staticTools() []*derive.Tool {
	obj := func(props map[string]any, required ...string) map[string]any {
		m := map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			m["required"] = required
		}
		return m
	}
	full := s.opts.Schemas == SchemasStrict
	str := map[string]any{"type": "string"}
	boolean := map[string]any{"type": "boolean"}
	session := func() map[string]any { return map[string]any{SessionArg: str} }
	with := func(props map[string]any) map[string]any {
		props[SessionArg] = str
		return props
	}
	tools := []*derive.Tool{
		{Name: "facet_start", Sensitive: true, Title: "Start",
			OutputSchema: startOutput(),
			Description:  "Start an app. Answers its tools and outline (screen: the screen).",
			InputSchema: obj(map[string]any{
				"app":      map[string]any{"type": "string", "enum": s.opts.Startable},
				SessionArg: str,
				"width":    map[string]any{"type": "integer"},
				"height":   map[string]any{"type": "integer"},
				"shared":   boolean,
				"screen":   boolean,
			}, "app")},
		{Name: "facet_list", Title: "List", ReadOnly: true,
			Description: "Sessions you can reach.", InputSchema: obj(map[string]any{}),
			OutputSchema: listOutput(full)},
		{Name: "facet_stop", Sensitive: true, Destructive: true, Title: "Stop",
			OutputSchema: obj(map[string]any{"stopped": str}),
			Description:  "Stop a session and its tools.",
			InputSchema:  obj(session(), SessionArg)},
		{Name: "facet_send_key", Sensitive: true, Title: "Key", OutputSchema: keyOutput(full),
			Description: "Press a key, after focusing widget if given.",
			InputSchema: obj(with(map[string]any{
				"key":     map[string]any{"type": "string", "description": "A character or a key name (enter, up, page_down, f1, ...)."},
				"widget":  str,
				"ctrl":    boolean,
				"alt":     boolean,
				"shift":   boolean,
				"wait_ms": map[string]any{"type": "integer"},
			}), SessionArg)},
		{Name: "facet_get_model", Sensitive: true, ReadOnly: true, Title: "Model", OutputSchema: openSchema,
			Description: "The model its app shares.",
			InputSchema: obj(session(), SessionArg)},
		{Name: "facet_screenshot", Title: "Screen", ReadOnly: true, OutputSchema: screenOutput(full),
			Description: "The screen; outline: per widget; since: what changed after that revision.",
			InputSchema: obj(with(map[string]any{"outline": boolean, "since": map[string]any{"type": "integer"}}), SessionArg)},
		{Name: "facet_act", Title: "Act", OutputSchema: openSchema,
			Description: "Call " + s.names.partsShape() + " by parts.",
			InputSchema: obj(with(map[string]any{
				"widget": str,
				"action": str,
				"args":   map[string]any{"type": "object", "properties": actArgs()},
			}), SessionArg, "widget", "action")},
	}
	if s.opts.Auth.ReadOnly {
		tools = slices.DeleteFunc(tools, func(t *derive.Tool) bool { return t.Guarded() })
	}
	return tools
}
