package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// AskTimeout bounds how long an Ask waits for the user's answer.
const AskTimeout = 60 * time.Second

// Error codes carried by refusals, in the result's structured content.
const (
	CodeAuthorizationRequired = "authorization_required"
	CodeSensitiveUnguarded    = "sensitive_tool_unguarded"
)

// authContext derives the caller's AuthContext from what the server knows:
// the transport it served the connection on and the session id it issued.
func authContext(ctx context.Context) AuthContext {
	ac := AuthContext{ConnectionID: "default", Transport: TransportUnknown}
	if t, ok := ctx.Value(transportKey{}).(string); ok {
		ac.Transport = t
	}
	if ac.Transport != TransportStdio {
		if cs := server.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
			ac.ConnectionID = cs.SessionID()
		}
	}
	return ac
}

// refusal is an error result with a machine-readable code.
func refusal(code, tool string, d Decision, text string) *sdk.CallToolResult {
	res := sdk.NewToolResultStructured(map[string]any{
		"error":    code,
		"tool":     tool,
		"decision": d.Kind.String(),
		"reason":   d.Reason,
	}, text)
	res.IsError = true
	return res
}

// authorizeCall decides a tool call. It returns nil when the call may run.
// A guarded (sensitive or destructive) tool never runs without an
// authorizer; a tool the registry cannot classify is refused.
func (s *Server) authorizeCall(ctx context.Context, name string, args map[string]any, t *Tool) *sdk.CallToolResult {
	if s.closed.Load() {
		d := Deny("the Facet server has stopped")
		return refusal(CodeAuthorizationRequired, name, d, fmt.Sprintf("%s: %s: %s", CodeAuthorizationRequired, name, d.Reason))
	}
	if t == nil {
		d := Deny("the tool registry cannot classify this tool")
		return refusal(CodeSensitiveUnguarded, name, d, fmt.Sprintf("%s: %s: %s", CodeSensitiveUnguarded, name, d.Reason))
	}
	if s.policy.Tools == nil {
		if t.Guarded() {
			d := Deny("this tool is sensitive and the server has no authorizer")
			return refusal(CodeSensitiveUnguarded, name, d, fmt.Sprintf("%s: %s is sensitive and no authorizer is configured; set an Authorizer or AllowedTools", CodeSensitiveUnguarded, name))
		}
		return nil
	}
	d := s.decide(s.policy.Tools, name, args, authContext(ctx))
	switch d.Kind {
	case DecisionAllow:
		return nil
	case DecisionAsk:
		ok, why := s.ask(ctx, name, d.Prompt)
		if ok {
			return nil
		}
		d = Decision{Kind: DecisionAsk, Prompt: d.Prompt, Reason: why}
	}
	return refusal(CodeAuthorizationRequired, name, d, fmt.Sprintf("%s: %s (%s): %s", CodeAuthorizationRequired, name, d.Kind, d.Reason))
}

// ask asks the user through MCP elicitation, if the client declared it.
func (s *Server) ask(ctx context.Context, tool, prompt string) (bool, string) {
	if !clientElicits(ctx) {
		return false, "approval required, and the client does not support elicitation"
	}
	ctx, cancel := context.WithTimeout(ctx, s.askTimeout)
	defer cancel()
	req := sdk.ElicitationRequest{}
	req.Params.Message = prompt
	req.Params.RequestedSchema = map[string]any{"type": "object", "properties": map[string]any{}}
	res, err := s.sdk.RequestElicitation(ctx, req)
	switch {
	case err != nil:
		return false, fmt.Sprintf("approval for %s was not given: %v", tool, err)
	case res.Action == sdk.ElicitationResponseActionAccept:
		return true, ""
	}
	return false, fmt.Sprintf("the user answered %s", res.Action)
}

// clientElicits reports whether the caller declared the elicitation
// capability: per request in the stateless protocol, per session before it.
func clientElicits(ctx context.Context) bool {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Elicitation != nil
	}
	info, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	return ok && info.GetClientCapabilities().Elicitation != nil
}

// filterList removes from a tools/list answer every tool the authorizer
// would not Allow with no arguments. mcp-go's own tool filter also runs at
// call time, where it would turn Ask into "tool not found"; the after-list
// hook filters the listing only.
func (s *Server) filterList(ctx context.Context, _ any, _ *sdk.ListToolsRequest, res *sdk.ListToolsResult) {
	if s.policy.Tools == nil || res == nil {
		return
	}
	ac := authContext(ctx)
	kept := res.Tools[:0]
	for _, tl := range res.Tools {
		name := tl.Name
		if t, ok := s.reg.Resolve(name); ok {
			name = t.Name
		}
		if s.decide(s.policy.Tools, name, nil, ac).Kind == DecisionAllow {
			kept = append(kept, tl)
		}
	}
	res.Tools = kept
}

// readMethods are the methods the read seam decides; tools/call is decided
// per tool, and the handshake (initialize, ping, notifications) is free.
var readMethods = []string{
	"tools/list", "resources/list", "resources/read", "resources/templates/list",
	"resources/subscribe", "resources/unsubscribe", "prompts/list", "prompts/get",
	"completion/complete", "logging/setLevel", "subscriptions/listen",
}

// gateRead runs before the SDK handles any request: a read method the read
// authorizer does not Allow fails with an error naming the method. Ask is
// refused without echoing its prompt.
func (s *Server) gateRead(ctx context.Context, _ any, message any) error {
	raw, ok := message.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(message)
		if err != nil {
			return nil
		}
		raw = b
	}
	var m struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(raw, &m) != nil || !slices.Contains(readMethods, m.Method) {
		return nil
	}
	var params map[string]any
	_ = json.Unmarshal(m.Params, &params)
	if err := s.authorizeRead(ctx, m.Method, params); err != nil {
		return err
	}
	switch m.Method {
	case "resources/subscribe":
		uri, _ := params["uri"].(string)
		if err := s.res.subscribable(uri); err != nil {
			return err
		}
		if session, _, _, ok := parseURI(s.res.resolve(uri)); ok {
			if sess, running := s.sessions.Get(session); running && sess.Snapshot().Presence.Blocked {
				return fmt.Errorf("resource %q: the person at session `%s` has detached agents; nothing is served until they allow agents again", uri, session)
			}
		}
		return nil
	case "resources/read":
		// An ambiguous app URI is not registered with the SDK, which
		// would answer "not found"; say instead which URIs to read.
		uri, _ := params["uri"].(string)
		return s.res.ambiguity(uri)
	case "subscriptions/listen":
		return s.res.listen(ctx, m.Params)
	}
	return nil
}

// authorizeRead applies the read authorizer to one method.
func (s *Server) authorizeRead(ctx context.Context, method string, params map[string]any) error {
	if s.policy.Reads == nil {
		return nil
	}
	d := s.decide(s.policy.Reads, method, params, authContext(ctx))
	switch d.Kind {
	case DecisionAllow:
		return nil
	case DecisionAsk:
		return fmt.Errorf("%s: %s (ask): approval is required and reads cannot ask", CodeAuthorizationRequired, method)
	}
	return fmt.Errorf("%s: %s (deny): %s", CodeAuthorizationRequired, method, d.Reason)
}

// checkBoot refuses to start while a sensitive static tool is registered
// and no authorizer is set.
func (s *Server) checkBoot() error {
	if s.policy.Tools != nil {
		return nil
	}
	var guarded []string
	for _, t := range s.reg.Tools("") {
		if !t.Derived && t.Guarded() {
			guarded = append(guarded, t.Name)
		}
	}
	if len(guarded) == 0 {
		return nil
	}
	return &ConfigError{Option: "Authorizer", Reason: fmt.Sprintf("sensitive tools %s are registered and no authorizer is set: set Authorizer, AllowedTools or Policy, or ReadOnly to leave them out", strings.Join(guarded, ", "))}
}

// NetworkReady reports whether the policy may be exposed on a network
// transport: the tool policy must be configured by the operator (a
// framework default never counts) and a read authorizer must be set.
func (s *Server) NetworkReady() error {
	if s.policy.Source != SourceConfigured {
		return &ConfigError{Option: "Authorizer", Reason: "a network transport needs a tool policy chosen by the operator: set Authorizer, AllowedTools (--allow-tools; empty is a valid choice) or Policy"}
	}
	if s.policy.Reads == nil || s.policy.ReadSource != SourceConfigured {
		return &ConfigError{Option: "ReadAuthorizer", Reason: "a network transport needs a read policy chosen by the operator (the production default list does not count): resources/read streams live model state; set ReadAuthorizer or AllowedReadMethods (--allow-read-methods)"}
	}
	return nil
}

// Policy returns the authorization the server resolved.
func (s *Server) Policy() Policy { return s.policy }
