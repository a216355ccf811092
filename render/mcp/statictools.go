package mcp

import (
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

func idProp(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }

// staticTools declares the facet_* tools. start, send_key, stop and
// get_model are sensitive (get_model returns the whole model, secrets
// included, for a model that exposes itself); screenshot and list are not. facet_act is as sensitive as the
// derived tool it reaches, which authorization checks by that tool's name.
func (s *Server) staticTools() []*derive.Tool {
	obj := func(props map[string]any, required ...string) map[string]any {
		m := map[string]any{"type": "object", "properties": props}
		if len(required) > 0 {
			m["required"] = required
		}
		return m
	}
	str := map[string]any{"type": "string"}
	integer := map[string]any{"type": "integer"}
	screen := obj(map[string]any{
		"focused": str, "focused_kind": str, "width": integer, "height": integer,
		"notifications": map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
	}, "focused", "focused_kind", "width", "height")
	tools := []*derive.Tool{
		{Name: "facet_start", Sensitive: true, Title: "Start an app",
			OutputSchema: obj(map[string]any{"id": str, "app": str, "tools": map[string]any{"type": "array", "items": str}}, "id", "app", "tools"),
			Description:  "Start a session of a Facet app. Answers the session id and the session's tools (" + s.names.shape() + ").",
			InputSchema: obj(map[string]any{
				"app":    map[string]any{"type": "string", "description": "App to start; one of the startable apps.", "enum": s.opts.Startable},
				"id":     map[string]any{"type": "string", "description": "Session id: a lowercase letter and up to six lowercase letters or digits. Derived from the app when absent.", "pattern": "^[a-z][a-z0-9]{0,6}$"},
				"width":  map[string]any{"type": "integer", "description": "Screen width in columns.", "minimum": 10, "maximum": maxDimension, "default": DefaultWidth},
				"height": map[string]any{"type": "integer", "description": "Screen height in lines.", "minimum": 3, "maximum": maxDimension, "default": DefaultHeight},
				"shared": map[string]any{"type": "boolean", "description": "Let other client connections see and act on the session too (only this connection can stop it). Default false: the session is this connection's alone.", "default": false},
			}, "app")},
		{Name: "facet_list", Title: "List sessions", ReadOnly: true,
			Description: "List the running sessions this connection can reach: id, app, start time, who started it and number of tools.", InputSchema: obj(map[string]any{}),
			OutputSchema: obj(map[string]any{"sessions": map[string]any{"type": "array", "items": obj(map[string]any{
				"id": str, "app": str, "started_at": str, "started_by": str, "tools": integer,
			}, "id", "app", "started_at", "started_by", "tools")}}, "sessions")},
		{Name: "facet_stop", Sensitive: true, Destructive: true, Title: "Stop a session",
			OutputSchema: obj(map[string]any{"stopped": str}, "stopped"),
			Description:  "Stop a session and remove its tools.",
			InputSchema:  obj(map[string]any{"id": idProp("Session id.")}, "id")},
		{Name: "facet_send_key", Sensitive: true, Title: "Press a key", OutputSchema: screen,
			Description: "Press a key in a session as a user would (Tab moves focus; other keys go to the focused widget). Answers the screen after the key.",
			InputSchema: obj(map[string]any{
				"id":      idProp("Session id."),
				"key":     map[string]any{"type": "string", "description": "One character, or a named key: " + strings.Join(tea.KeyNames(), ", ") + "."},
				"ctrl":    map[string]any{"type": "boolean"},
				"alt":     map[string]any{"type": "boolean"},
				"shift":   map[string]any{"type": "boolean"},
				"wait_ms": map[string]any{"type": "integer", "description": "Milliseconds to wait for commands to settle before the screenshot.", "minimum": 0, "maximum": maxWaitMS, "default": DefaultWaitMS},
			}, "id", "key")},
		{Name: "facet_focus", Sensitive: true, Title: "Move focus", OutputSchema: screen,
			Description: "Move focus to a widget, as Tab or a click would (keys sent with facet_send_key then reach it). Answers the screen.",
			InputSchema: obj(map[string]any{"id": idProp("Session id."), "widget": idProp("Widget id.")}, "id", "widget")},
		{Name: "facet_get_model", Sensitive: true, ReadOnly: true, Title: "Read the model", OutputSchema: derive.ReadSchema(),
			Description: "The session's model as its app shares it: the app's model projections by name (the context resource's \"model\"), or the whole model as JSON when the app exposes it (it may then hold secrets). An app that does neither answers an error naming what to read instead.",
			InputSchema: obj(map[string]any{"id": idProp("Session id.")}, "id")},
		{Name: "facet_screenshot", Title: "Screenshot", ReadOnly: true, OutputSchema: screen,
			Description: "The session's screen as text, exactly as the terminal draws it, except that a masked input is drawn as [‹masked›] whatever it holds.",
			InputSchema: obj(map[string]any{"id": idProp("Session id.")}, "id")},
		{Name: "facet_act", Title: "Call a widget action by parts", OutputSchema: derive.ReadSchema(),
			Description: "Call a session's widget action by parts, for clients that cannot call tools they have not listed: the same checks and results as " + s.names.shape() + ".",
			InputSchema: obj(map[string]any{
				"session": idProp("Session id."),
				"widget":  idProp("Widget id."),
				"action":  idProp("Action name, e.g. click, type_into, sort, get_rows."),
				"args":    map[string]any{"type": "object", "description": "The action's arguments.", "properties": actArgs()},
			}, "session", "widget", "action")},
	}
	if s.opts.ReadOnly {
		tools = slices.DeleteFunc(tools, func(t *derive.Tool) bool { return t.Guarded() })
	}
	return tools
}

// actArgs names the arguments widget actions take, for facet_act's args:
// an object with no properties is refused by Gemini's declarations, and
// naming them tells a model what an action can take. Each action checks
// its own.
func actArgs() map[string]any {
	str := func(d string) map[string]any { return map[string]any{"type": "string", "description": d} }
	integer := func(d string) map[string]any { return map[string]any{"type": "integer", "description": d} }
	return map[string]any{
		"text":      str("Text, for type_into."),
		"index":     integer("A 0-based index, for select, select_row, select_tab and choose."),
		"column":    str("A column, for sort."),
		"direction": map[string]any{"type": "string", "enum": []string{"asc", "desc"}, "description": "For sort."},
		"node_id":   str("A tree node, for expand, collapse and select_node."),
		"item_id":   str("A menu item, for select."),
		"position":  map[string]any{"type": "number", "description": "For seek."},
		"row":       integer("A row, for scroll_to."),
		"offset":    integer("The first item or line to read."),
		"limit":     integer("How many items or lines to read."),
	}
}
