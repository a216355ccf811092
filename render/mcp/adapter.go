package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/mark3labs/mcp-go/server"
)

// This file is the one adapter between Facet's call semantics (Answer,
// CallError, derive.Tool) and mcp-go's wire types: tool definitions, call
// requests and call results.

// sdkSink publishes registry changes to the mcp-go server: its static tools
// with one AddTools or DeleteTools call per change (the sessions' tools
// are served from the registry: sessiontools.go), and one
// notifications/tools/list_changed to each connection whose list a
// change changes (see listChanged).
type sdkSink struct{ s *Server }

func (k sdkSink) AddTools(tools []*derive.Tool) {
	defer func() {
		// mcp-go panics on a tool it cannot accept; one bad tool must not
		// take the server (and every session) down from a render.
		if p := recover(); p != nil {
			k.s.opts.Logger.Error("mcp: the SDK refused tools", "panic", p)
		}
	}()
	// A session's tools stay in the registry alone (sessiontools.go).
	var entries []server.ServerTool
	for _, t := range tools {
		if t.Session == "" {
			entries = append(entries, server.ServerTool{Tool: k.s.sdkTool(t), Handler: k.s.handlerFor(t.Name)})
		}
	}
	if len(entries) > 0 {
		k.s.sdk.AddTools(entries...)
	}
	var sessions []string
	for _, t := range tools {
		if !t.Derived || k.s.opts.ToolList != ToolListCompact {
			sessions = append(sessions, t.Session)
		}
	}
	k.s.fan.listChanged(sdk.MethodNotificationToolsListChanged, sessions)
}

func (k sdkSink) RemoveTools(names []string) {
	// A tool that is gone takes its breaker with it: a new session under
	// the same id starts closed, and the map does not grow without end.
	for _, n := range names {
		k.s.breakers.Reset(n)
	}
	adv := make([]string, 0, len(names))
	for _, n := range names {
		adv = append(adv, n)
		if k.s.opts.ToolNames == NamesSafe {
			adv = append(adv, toolname.SafeName(n))
		}
	}
	k.s.sdk.DeleteTools(adv...)
	var sessions []string
	for _, n := range names {
		if _, _, _, derived := toolname.SplitToolName(n); !derived || k.s.opts.ToolList != ToolListCompact {
			sessions = append(sessions, toolname.SessionOf(n))
		}
	}
	k.s.fan.listChanged(sdk.MethodNotificationToolsListChanged, sessions)
}

// sdkTool describes t for the wire. Tools are built by hand, not with
// sdk.NewTool, whose default hints would mark every tool destructive and
// open-world. Facet's own judgement sets the hints: readOnlyHint on what
// writes nothing, destructiveHint where it destroys. sensitive travels in
// _meta: the SDK's annotation struct has no field for it; so does a
// derived tool's widget and action (toolname.MetaWidget, MetaAction).
func (s *Server) sdkTool(t *derive.Tool) sdk.Tool {
	yes := true
	tool := sdk.Tool{
		Name:            s.names.advertised(t),
		Title:           t.Title,
		Description:     t.Description,
		RawInputSchema:  inputOf(t, s.opts.Schemas),
		RawOutputSchema: outputOf(t, s.opts.Schemas),
	}
	if t.ReadOnly {
		tool.Annotations.ReadOnlyHint = &yes
	}
	if t.Destructive {
		tool.Annotations.DestructiveHint = &yes
	}
	k := toolMetaKey{sensitive: t.Sensitive, derived: t.Derived}
	if t.Derived {
		k.widget, k.action = t.Widget, t.Action
	}
	tool.Meta = s.metas.of(k)
	return tool
}

// handlerFor is the SDK handler of the tool registered as name: the request
// in, Facet's call semantics, the answer out.
func (s *Server) handlerFor(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		if raw := req.Params.Arguments; raw != nil {
			if _, isObject := raw.(map[string]any); !isObject {
				return sdk.NewToolResultError(fmt.Sprintf("%s: arguments must be a JSON object of named arguments, not %s", name, jsonType(raw))), nil
			}
		}
		ctx = withRequestAuth(withInputResponses(ctx, req.Params.InputResponses))
		in := callInput{Args: req.GetArguments()}
		if s.opts.Schemas == SchemasStrict {
			// Strict schemas make every argument required and the
			// optional ones nullable: a null is an argument not given.
			in.Args = withoutNulls(in.Args)
		}
		if name == "facet_act" {
			in.Stale, in.StaleSession, _ = staleName(req)
			if req.Params.Meta != nil {
				in.Called, _ = req.Params.Meta.AdditionalFields[calledMetaKey].(string)
			}
		}
		a, err := s.callTool(ctx, name, in)
		if t, ok := s.reg.Lookup(name); ok && err == nil && s.opts.Schemas == SchemasStrict {
			// Strict mode: an answer carries every member its schema
			// names; one whose shape strict mode cannot say (a widget's
			// value, an app's model) is its text alone.
			out := outputOf(t, SchemasStrict)
			a.Value = withEveryMember(a.Value, out)
			if out == nil {
				a.Value = nil
			}
		}
		return toWire(a, err), nil
	}
}

// toWire puts a call's answer on the wire: its text blocks as text content,
// its value as structured content; a failed call as an error result whose
// text is the message (and whose structured content is a refusal's code).
// Every answer leaves here, so here invisible format and tag characters
// are escaped in all of it (see escapeInvisible).
func toWire(a Answer, err error) *sdk.CallToolResult {
	var input *inputRequired
	if errors.As(err, &input) {
		return input.result()
	}
	if err != nil {
		var ce *CallError
		if errors.As(err, &ce) && ce.Detail != nil {
			res := sdk.NewToolResultStructured(visibleValue(ce.Detail), escapeInvisible(ce.Message))
			res.IsError = true
			return res
		}
		return sdk.NewToolResultError(escapeInvisible(err.Error()))
	}
	res := &sdk.CallToolResult{Content: make([]sdk.Content, 0, len(a.Text))}
	for _, t := range a.Text {
		res.Content = append(res.Content, sdk.NewTextContent(escapeInvisible(t)))
	}
	switch v := a.Value.(type) {
	case nil:
	case json.RawMessage:
		// Already encoded (a read's value): escaped as bytes and sent as
		// they are, not decoded and encoded again.
		if out, _, err := visibleJSON(v); err == nil {
			res.RawStructuredContent = out
		} else {
			res.StructuredContent = visibleValue(v)
		}
	default:
		// Encoded here once, to escape it, and handed to the SDK so: it
		// sends the bytes instead of encoding the value again.
		res.StructuredContent, res.RawStructuredContent = visibleEncoded(v)
	}
	return res
}

// staleName returns the derived name (and its session) rewriteCall routed
// to facet_act because the session is not running. rewriteCall removes
// any marker a client sent, so only the server's own reaches here.
func staleName(req sdk.CallToolRequest) (name, session string, ok bool) {
	if req.Params.Meta == nil {
		return "", "", false
	}
	name, ok = req.Params.Meta.AdditionalFields[staleMetaKey].(string)
	session, _ = req.Params.Meta.AdditionalFields[staleSessionKey].(string)
	return name, session, ok
}
