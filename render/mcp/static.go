package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

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
// included); screenshot and list are not. facet_act is as sensitive as the
// derived tool it reaches, which authorization checks by that tool's name.
func (s *Server) staticTools() []*derive.Tool {
	obj := func(props map[string]any, required ...string) map[string]any {
		m := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			m["required"] = required
		}
		return m
	}
	tools := []*derive.Tool{
		{Name: "facet_start", Sensitive: true,
			Description: "Start a session of a Facet app. Answers the session id and the session's tools (<session>.<widget>.<action>).",
			InputSchema: obj(map[string]any{
				"app":    map[string]any{"type": "string", "description": "App to start; one of the startable apps.", "enum": s.opts.Startable},
				"id":     map[string]any{"type": "string", "description": "Session id: a lowercase letter and up to six lowercase letters or digits. Derived from the app when absent.", "pattern": "^[a-z][a-z0-9]{0,6}$"},
				"width":  map[string]any{"type": "integer", "description": "Screen width in columns.", "minimum": 10, "maximum": maxDimension, "default": DefaultWidth},
				"height": map[string]any{"type": "integer", "description": "Screen height in lines.", "minimum": 3, "maximum": maxDimension, "default": DefaultHeight},
			}, "app")},
		{Name: "facet_list", Description: "List running sessions: id, app, start time and number of tools.", InputSchema: obj(map[string]any{})},
		{Name: "facet_stop", Sensitive: true, Description: "Stop a session and remove its tools.",
			InputSchema: obj(map[string]any{"id": idProp("Session id.")}, "id")},
		{Name: "facet_send_key", Sensitive: true,
			Description: "Press a key in a session as a user would (Tab moves focus; other keys go to the focused widget). Answers the screen after the key.",
			InputSchema: obj(map[string]any{
				"id":      idProp("Session id."),
				"key":     map[string]any{"type": "string", "description": "One character, or a named key: " + strings.Join(tea.KeyNames(), ", ") + "."},
				"ctrl":    map[string]any{"type": "boolean"},
				"alt":     map[string]any{"type": "boolean"},
				"shift":   map[string]any{"type": "boolean"},
				"wait_ms": map[string]any{"type": "integer", "description": "Milliseconds to wait for commands to settle before the screenshot.", "minimum": 0, "maximum": maxWaitMS, "default": DefaultWaitMS},
			}, "id", "key")},
		{Name: "facet_get_model", Sensitive: true, Description: "The session's model as JSON (it may hold secrets).",
			InputSchema: obj(map[string]any{"id": idProp("Session id.")}, "id")},
		{Name: "facet_screenshot", Description: "The session's screen as text, exactly as the terminal draws it (masked inputs show their mask).",
			InputSchema: obj(map[string]any{"id": idProp("Session id.")}, "id")},
		{Name: "facet_act",
			Description: "Call a session's widget action by parts, for clients that cannot call tools they have not listed: the same checks and results as <session>.<widget>.<action>.",
			InputSchema: obj(map[string]any{
				"session": idProp("Session id."),
				"widget":  idProp("Widget id."),
				"action":  idProp("Action name, e.g. click, type_into, sort, get_rows."),
				"args":    map[string]any{"type": "object", "description": "The action's arguments."},
			}, "session", "widget", "action")},
	}
	if s.opts.ReadOnly {
		tools = slices.DeleteFunc(tools, func(t *derive.Tool) bool { return t.Guarded() })
	}
	return tools
}

// callStatic answers the facet_* tools.
func (s *Server) callStatic(ctx context.Context, name string, args map[string]any) (Answer, error) {
	switch name {
	case "facet_start":
		return s.toolStart(ctx, args)
	case "facet_list":
		return s.toolList(), nil
	case "facet_stop":
		sess, err := s.session(args, "id")
		if err != nil {
			return Answer{}, err
		}
		if !s.starts.has(sess) {
			// A person's terminal or SSH session, or one the embedding
			// program started: stopping it would end someone else's
			// work (a person's playground exited on an agent's stop).
			return Answer{}, callerError(fmt.Sprintf("session `%s` was not started with facet_start: it belongs to whoever started it (a person at a terminal or over SSH, or the program embedding Facet), so agents cannot stop it; facet_list says which sessions agents started", sess.ID))
		}
		if err := s.attachAgent(ctx, sess); err != nil {
			return Answer{}, err
		}
		if err := s.sessions.Stop(sess.ID); err != nil {
			return Answer{}, noSession(sess.ID)
		}
		return answer(map[string]any{"stopped": sess.ID}, "Session stopped: "+sess.ID), nil
	case "facet_send_key":
		return s.toolSendKey(ctx, args)
	case "facet_get_model":
		sess, err := s.session(args, "id")
		if err != nil {
			return Answer{}, err
		}
		if err := s.attachAgent(ctx, sess); err != nil {
			return Answer{}, err
		}
		b, err := json.Marshal(sess.Snapshot().Model)
		if err != nil {
			return Answer{}, callerError(fmt.Sprintf("the model of session `%s` cannot be encoded as JSON: %v", sess.ID, err))
		}
		var v any
		_ = json.Unmarshal(b, &v)
		if _, ok := v.(map[string]any); !ok {
			v = map[string]any{"model": v}
		}
		return answer(v, string(b)), nil
	case "facet_screenshot":
		sess, err := s.session(args, "id")
		if err != nil {
			return Answer{}, err
		}
		if err := s.attachAgent(ctx, sess); err != nil {
			return Answer{}, err
		}
		return screenResult(agentScreen(sess, s.starts.has(sess)), s.notes.since(authContext(ctx).ConnectionID, sess.ID, sess.Snapshot())), nil
	}
	if h := s.ext.handler(name); h != nil {
		return h(ctx, args)
	}
	return Answer{}, callerError(fmt.Sprintf("tool `%s` has no handler", name))
}

func (s *Server) toolStart(ctx context.Context, args map[string]any) (Answer, error) {
	app, err := stringArg(args, "app")
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("%v: the app to start; startable apps: %s", err, strings.Join(s.opts.Startable, ", ")))
	}
	// Refuse an unlisted name before any lookup.
	if !slices.Contains(s.opts.Startable, app) {
		return Answer{}, callerError(fmt.Sprintf("app %q is not startable here; startable apps: %s", app, strings.Join(s.opts.Startable, ", ")))
	}
	var entry App
	for _, a := range s.opts.Apps {
		if a.Name == app {
			entry = a
		}
	}
	width, err := intArg(args, "width", DefaultWidth, 10, maxDimension)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	height, err := intArg(args, "height", DefaultHeight, 3, maxDimension)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	id, _ := args["id"].(string)
	if raw, present := args["id"]; present && raw != nil {
		if _, ok := raw.(string); !ok {
			return Answer{}, callerError(fmt.Sprintf("id must be a string matching %s", StartIDRule))
		}
		if err := CheckStartID(id); err != nil {
			return Answer{}, callerError(err.Error())
		}
	} else {
		id, err = defaultStartID(app, func(c string) bool { _, ok := s.sessions.Get(c); return ok })
		if err != nil {
			return Answer{}, callerError(err.Error())
		}
	}
	if _, running := s.sessions.Get(id); running {
		// Before the limit: a start that cannot work anyway should say why.
		return Answer{}, callerError(fmt.Sprintf("facet_start: session %q is already running; pick another id, or facet_stop it first", id))
	}
	done, err := s.starts.reserve(s.sessions, s.opts.MaxSessions)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	var sess *tea.Session
	defer func() { done(sess) }()
	sess, err = s.StartSession(context.WithoutCancel(ctx), id, app, entry.New(), tea.WithSize(width, height))
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("facet_start: %v", err))
	}
	names := s.toolNames(ctx, sess.ID)
	a := answer(map[string]any{"id": sess.ID, "app": app, "tools": names},
		fmt.Sprintf("Session started: %s\nTools:\n  %s", sess.ID, strings.Join(names, "\n  ")))
	// The first screen too, which saves the call nearly every agent makes
	// next.
	a.Text = append(a.Text, "Screen:\n"+Screenshot(sess.Snapshot()))
	return a, nil
}

// toolNames lists a session's tools as they are advertised, leaving out
// those the caller's tools/list would not show (the authorizer does not
// Allow them), so an agent does not spend calls on refusals.
func (s *Server) toolNames(ctx context.Context, id string) []string {
	names := []string{}
	for _, t := range s.reg.Tools(id) {
		if !s.guard.listed(ctx, t.Name) {
			continue
		}
		names = append(names, s.names.advertised(t))
	}
	slices.Sort(names)
	return names
}

func (s *Server) toolList() Answer {
	type row struct {
		ID        string    `json:"id"`
		App       string    `json:"app"`
		StartedAt time.Time `json:"started_at"`
		// StartedBy is "agent" for a session started with facet_start
		// (agents may stop it), "host" for one a person or the embedding
		// program started (a terminal, an SSH connection), which agents
		// share but cannot stop.
		StartedBy string `json:"started_by"`
		Tools     int    `json:"tools"`
	}
	rows := []row{}
	var b strings.Builder
	for _, sess := range s.sessions.List() {
		n := len(s.reg.Tools(sess.ID))
		by := "host"
		if s.starts.has(sess) {
			by = "agent"
		}
		rows = append(rows, row{ID: sess.ID, App: sess.App, StartedAt: sess.StartedAt.UTC(), StartedBy: by, Tools: n})
		fmt.Fprintf(&b, "%s\t%s\tstarted %s by %s\t%d tools\n", sess.ID, sess.App, sess.StartedAt.UTC().Format(time.RFC3339), by, n)
	}
	if len(rows) == 0 {
		b.WriteString("No sessions are running. Start one with facet_start.")
	}
	return answer(map[string]any{"sessions": rows}, b.String())
}

func (s *Server) toolSendKey(ctx context.Context, args map[string]any) (Answer, error) {
	sess, err := s.session(args, "id")
	if err != nil {
		return Answer{}, err
	}
	name, ok := args["key"].(string)
	if !ok || name == "" {
		return Answer{}, callerError("key is required: one character or a named key (" + strings.Join(tea.KeyNames(), ", ") + ")")
	}
	k, err := tea.ParseKey(name)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	if err := s.attachAgent(ctx, sess); err != nil {
		return Answer{}, err
	}
	for _, mod := range []struct {
		name string
		dst  *bool
	}{{"ctrl", &k.Ctrl}, {"alt", &k.Alt}, {"shift", &k.Shift}} {
		if v, present := args[mod.name]; present && v != nil {
			b, ok := v.(bool)
			if !ok {
				return Answer{}, callerError(mod.name + " must be true or false")
			}
			*mod.dst = *mod.dst || b
		}
	}
	wait, err := intArg(args, "wait_ms", DefaultWaitMS, 0, maxWaitMS)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	tr, err := sess.Dispatch(ctx, tea.KeyInputMsg{Key: k, Agent: agentName(authContext(ctx).ConnectionID)})
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("key %s: %v", k, err))
	}
	if sy := s.syncer(sess.ID); sy != nil {
		_ = sy.Sync(tr.After)
	}
	if wait > 0 {
		select {
		case <-time.After(time.Duration(wait) * time.Millisecond):
		case <-ctx.Done():
		}
	}
	return screenResult(agentScreen(sess, s.starts.has(sess)), s.notes.since(authContext(ctx).ConnectionID, sess.ID, sess.Snapshot())), nil
}

// resolveAct finds the derived tool a facet_act call names, or answers why
// there is none.
func (s *Server) resolveAct(args map[string]any) (*derive.Tool, map[string]any, error) {
	id, err := sessionArg(args, "session")
	if err != nil {
		return nil, nil, err
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
		if _, shown := tea.FindWidget(sess.Snapshot().View, widget); shown {
			return fmt.Sprintf("session `%s` has no tool `%s`: widget `%s` is on screen but offers no actions", session, s.names.advertisedName(name), widget)
		}
	}
	return fmt.Sprintf("session `%s` has no tool `%s`: no widget `%s` has been on its screen (it may appear later, say on another tab); call %s to see the session's tools", session, s.names.advertisedName(name), widget, discover)
}

// discover answers <session>.discover_tools.
func (s *Server) discover(session string, args map[string]any) (Answer, error) {
	q, isString := args["query"].(string)
	if raw, present := args["query"]; present && raw != nil && !isString {
		return Answer{}, callerError(fmt.Sprintf("query must be a string (a keyword; empty lists every tool), not %s", jsonType(raw)))
	}
	q = strings.ToLower(q)
	type hit struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	hits := []hit{}
	for _, t := range s.reg.Tools(session) {
		name := s.names.advertised(t)
		if q == "" || strings.Contains(strings.ToLower(name), q) || strings.Contains(strings.ToLower(t.Description), q) {
			hits = append(hits, hit{Name: name, Description: t.Description})
		}
	}
	b, _ := json.Marshal(hits)
	return answer(map[string]any{"tools": hits}, string(b)), nil
}

// sessionArg returns the session id in args[key], refusing one that is
// missing, not a string or not a valid id (tea.IDRule), so no tool name or
// URI is ever built from a bad one.
func sessionArg(args map[string]any, key string) (string, error) {
	id, err := stringArg(args, key)
	if err != nil {
		return "", callerError(fmt.Sprintf("%v: a session id (see facet_list)", err))
	}
	if err := tea.CheckID("session", id); err != nil {
		return "", callerError(fmt.Sprintf("%s: %v", key, err))
	}
	return id, nil
}

// stringArg returns args[key], refusing it when it is absent, null or
// empty ("<key> is required") or not a string ("<key> must be a string,
// not <JSON type>").
func stringArg(args map[string]any, key string) (string, error) {
	raw, present := args[key]
	if !present || raw == nil {
		return "", fmt.Errorf("%s is required", key)
	}
	v, ok := raw.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a string, not %s", key, jsonType(raw))
	}
	if v == "" {
		return "", fmt.Errorf("%s is required", key)
	}
	return v, nil
}

// jsonType names the JSON type of a decoded argument.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func (s *Server) session(args map[string]any, key string) (*tea.Session, error) {
	id, err := sessionArg(args, key)
	if err != nil {
		return nil, err
	}
	sess, ok := s.sessions.Get(id)
	if !ok {
		return nil, noSession(id)
	}
	return sess, nil
}

func noSession(id string) error {
	return callerError(fmt.Sprintf("session `%s` is not running; call facet_list to see running sessions", id))
}

func intArg(args map[string]any, key string, def, min, max int) (int, error) {
	v, present := args[key]
	if !present || v == nil {
		return def, nil
	}
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		return 0, fmt.Errorf("%s must be an integer from %d to %d", key, min, max)
	}
	if int(f) < min || int(f) > max {
		return 0, fmt.Errorf("%s %d is out of range: valid %d to %d", key, int(f), min, max)
	}
	return int(f), nil
}
