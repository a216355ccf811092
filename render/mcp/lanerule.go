package mcp

import (
	"encoding/json"
	"strings"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
)

// laneRule sorts a stdio client's requests into lanes (transport.Lanes):
// one per session.
type laneRule struct {
	reg   *derive.Registry
	names toolNamer
	// resolveURI maps an app's own resource URI to the facet:// one.
	resolveURI func(uri string) string
}

// laneOf is the server's lane rule: a tools/call goes to the session its
// tool acts on (by the tool's name, or by its id/session argument for the
// facet_* tools), a resources/read to the session in its URI; other calls
// share lane "". Other methods are not ordered.
func (r laneRule) laneOf(method string, params json.RawMessage) (string, bool) {
	switch method {
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		_ = json.Unmarshal(params, &p)
		return r.callLane(p.Name, p.Arguments), true
	case "resources/read":
		var p struct {
			URI string `json:"uri"`
		}
		_ = json.Unmarshal(params, &p)
		// An app's own URI (search://state/results) reads a session's
		// projection: it goes to that session's lane.
		if rest, ok := strings.CutPrefix(r.resolveURI(p.URI), "facet://session/"); ok {
			id, _, _ := strings.Cut(rest, "/")
			return id, true
		}
		return "", true
	}
	return "", false
}

// callLane is the session a call to tool name with args (its arguments'
// JSON) acts on, or "". Only the facet_* tools that name a session in an
// argument have their arguments decoded.
func (r laneRule) callLane(name string, rawArgs json.RawMessage) string {
	decode := func() map[string]any {
		var args map[string]any
		_ = json.Unmarshal(rawArgs, &args)
		return args
	}
	switch name {
	case "facet_act":
		id, _ := decode()["session"].(string)
		return id
	case "facet_send_key", "facet_screenshot", "facet_get_model", "facet_stop":
		return sessionNamed(decode())
	case "facet_start":
		args := decode()
		if id := sessionNamed(args); id != "" {
			return id
		}
		app, _ := args["app"].(string)
		return DefaultSessionID(app)
	}
	if t, ok := r.reg.Resolve(name); ok && t.Session != "" {
		return t.Session
	}
	if strings.Contains(name, ".") {
		return toolname.SessionOf(name)
	}
	if r.names.style == NamesSafe {
		return r.names.safeSession(name)
	}
	return ""
}
