package mcp

import (
	"encoding/json"
	"github.com/facetui/facet/render/mcp/internal/rpcmsg"
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
		name, args := callParams(params)
		return r.callLane(name, args), true
	case "resources/read":
		// An app's own URI (search://state/results) reads a session's
		// projection: it goes to that session's lane.
		if rest, ok := strings.CutPrefix(r.resolveURI(readURI(params)), "facet://session/"); ok {
			id, _, _ := strings.Cut(rest, "/")
			return id, true
		}
		return "", true
	}
	return "", false
}

// callParams reads a tools/call's tool name and the JSON of its
// arguments from its params, by their bytes when it can (rpcmsg).
func callParams(params []byte) (name string, args json.RawMessage) {
	var vals [2][]byte
	if rpcmsg.Members(params, []string{"name", "arguments"}, vals[:]) {
		if vals[0] == nil {
			return "", vals[1]
		}
		if name, ok := rpcmsg.String(vals[0]); ok {
			return name, vals[1]
		}
	}
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	_ = json.Unmarshal(params, &p)
	return p.Name, p.Arguments
}

// readURI reads a resources/read's URI from its params, by their bytes
// when it can (rpcmsg).
func readURI(params []byte) string {
	var vals [1][]byte
	if rpcmsg.Members(params, []string{"uri"}, vals[:]) {
		if vals[0] == nil {
			return ""
		}
		if uri, ok := rpcmsg.String(vals[0]); ok {
			return uri
		}
	}
	var p struct {
		URI string `json:"uri"`
	}
	_ = json.Unmarshal(params, &p)
	return p.URI
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
