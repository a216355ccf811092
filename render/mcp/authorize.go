package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/facetui/facet/render/mcp/internal/rpcmsg"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/facetui/facet/identity"
	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/mark3labs/mcp-go/server"
)

// DefaultAskTimeout is Options.AskTimeout when it is 0: how long an Ask
// waits for its answer.
const DefaultAskTimeout = 60 * time.Second

// Error codes carried by refusals, in the result's structured content.
const (
	CodeAuthorizationRequired = "authorization_required"
	CodeSensitiveUnguarded    = "sensitive_tool_unguarded"
)

// authContext derives the caller's AuthContext from what the server knows:
// the transport it served the connection on and the key of the session id
// it issued (never the id itself: see connectionKey).
func authContext(ctx context.Context) AuthContext {
	if ac, ok := principalOf(ctx); ok {
		return ac // an agent's connection (ConnectAs)
	}
	if ac, ok := ctx.Value(requestAuthKey{}).(AuthContext); ok {
		return ac // worked out once for the request (withRequestAuth)
	}
	ac := AuthContext{ConnectionID: defaultConnection, Transport: TransportUnknown}
	t := transportOf(ctx)
	if t != nil {
		ac.Transport = t.name
	}
	if p, ok := identity.FromContext(ctx); ok {
		ac.Principal = p.Name
	}
	if ac.Principal != "" && ac.Transport == TransportHTTP {
		// A stateless (2026-07-28) request has no connection: its
		// principal's requests are one connection, for presence and notes.
		ac.ConnectionID = t.connectionKey(principalOwnerPrefix + ac.Principal)
	}
	if ac.Transport != TransportStdio {
		if cs := server.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
			ac.ConnectionID = t.connectionKey(cs.SessionID())
		}
	}
	return ac
}

// refusal is a refused call with a machine-readable code.
func refusal(code, tool string, d Decision, text string) *CallError {
	return &CallError{Kind: KindRefused, Message: text, Detail: map[string]any{
		"error":    code,
		"tool":     tool,
		"decision": d.Kind.String(),
		"reason":   d.Reason,
	}}
}

// guard is the server's authorization: the resolved policy, the
// sensitive-tool guard, and the switch Close turns to make every tool deny.
type guard struct {
	policy Policy
	closed atomic.Bool
	log    *slog.Logger
	// ask asks for approval of a call of tool on session ("" when the
	// call names none): whether it was given, and why not.
	// An error (an *inputRequired) asks the client for the answer.
	ask func(ctx context.Context, tool, session, prompt string) (bool, string, error)
	// spell is how clients see a registered tool name (toolNamer's
	// advertisedName), so a refusal names the tool as it is listed; nil
	// leaves names as registered.
	spell func(name string) string
}

// call decides a tool call. It returns nil when the call may run.
// A guarded (sensitive or destructive) tool never runs without an
// authorizer; a tool the registry cannot classify is refused.
func (g *guard) call(ctx context.Context, name string, args map[string]any, t *derive.Tool) error {
	shown := g.shown(name)
	if g.closed.Load() {
		d := Deny("the Facet server has stopped")
		return refusal(CodeAuthorizationRequired, shown, d, fmt.Sprintf("%s: %s: %s", CodeAuthorizationRequired, shown, d.Reason))
	}
	if t == nil {
		d := Deny("the tool registry cannot classify this tool")
		return refusal(CodeSensitiveUnguarded, shown, d, fmt.Sprintf("%s: %s: %s", CodeSensitiveUnguarded, shown, d.Reason))
	}
	if g.policy.Tools == nil {
		if t.Guarded() {
			d := Deny("this tool is sensitive and the server has no authorizer")
			return refusal(CodeSensitiveUnguarded, shown, d, fmt.Sprintf("%s: %s is sensitive and no authorizer is configured; set an Authorizer or AllowedTools", CodeSensitiveUnguarded, shown))
		}
		return nil
	}
	d := g.decide(g.policy.Tools, name, args, authContext(ctx))
	switch d.Kind {
	case DecisionAllow:
		return nil
	case DecisionAsk:
		session := t.Session
		if session == "" {
			session = sessionNamed(args)
		}
		ok, why, err := g.ask(ctx, name, session, d.Prompt)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		d = Decision{Kind: DecisionAsk, Prompt: d.Prompt, Reason: why}
	}
	return refusal(CodeAuthorizationRequired, shown, d, fmt.Sprintf("%s: %s (%s): %s", CodeAuthorizationRequired, shown, d.Kind, d.Reason))
}

// shown is name as clients see it.
func (g *guard) shown(name string) string {
	if g.spell == nil {
		return name
	}
	return g.spell(name)
}

// read applies the read authorizer to one method.
func (g *guard) read(ctx context.Context, method string, params map[string]any) error {
	if g.policy.Reads == nil {
		return nil
	}
	d := g.decide(g.policy.Reads, method, params, authContext(ctx))
	switch d.Kind {
	case DecisionAllow:
		return nil
	case DecisionAsk:
		return fmt.Errorf("%s: %s (ask): approval is required and reads cannot ask", CodeAuthorizationRequired, method)
	}
	return fmt.Errorf("%s: %s (deny): %s", CodeAuthorizationRequired, method, d.Reason)
}

// boot refuses to start while one of tools (the registered ones) is a
// sensitive static tool and no authorizer is set.
func (g *guard) boot(tools []*derive.Tool) error {
	if g.policy.Tools != nil {
		return nil
	}
	var guarded []string
	for _, t := range tools {
		if !t.Derived && t.Guarded() {
			guarded = append(guarded, t.Name)
		}
	}
	if len(guarded) == 0 {
		return nil
	}
	return &ConfigError{Option: "Auth.Authorizer", Reason: fmt.Sprintf("sensitive tools %s are registered and no authorizer is set: set Authorizer, AllowedTools or Policy, or ReadOnly to leave them out", strings.Join(guarded, ", "))}
}

// listed reports whether tools/list shows the tool registered as name to
// the caller: the authorizer would Allow it with no arguments. mcp-go's own
// tool filter also runs at call time, where it would turn Ask into "tool
// not found"; the server's after-list hook filters the listing only.
func (g *guard) listed(ctx context.Context, name string) bool {
	return g.policy.Tools == nil || g.decide(g.policy.Tools, name, nil, authContext(ctx)).Kind == DecisionAllow
}

// readMethods are the methods the read seam decides; tools/call is decided
// per tool, and the handshake (initialize, ping, notifications) is free.
var readMethods = []string{
	"tools/list", "resources/list", "resources/read", "resources/templates/list",
	"resources/subscribe", "resources/unsubscribe", "prompts/list", "prompts/get",
	"completion/complete", "logging/setLevel", "subscriptions/listen",
}

// gateRead runs before the SDK handles any request. It first refuses a
// request with keys that collide case-insensitively (see
// KeyCollisionError), so that every check below reads exactly the values
// mcp-go will serve. Then a read method the read authorizer does not Allow
// fails with an error naming the method. Ask is refused without echoing
// its prompt.
func (s *Server) gateRead(ctx context.Context, _ any, message any) error {
	req, err := readRequest(message)
	if err != nil || !slices.Contains(readMethods, req.method) {
		return err
	}
	if err := s.guard.read(ctx, req.method, req.params); err != nil {
		return err
	}
	switch req.method {
	case "resources/subscribe":
		uri, _ := req.params["uri"].(string)
		return s.gateSubscribe(ctx, uri)
	case "resources/read":
		// An ambiguous app URI is not registered with the SDK, which
		// would answer "not found"; say instead which URIs to read.
		uri, _ := req.params["uri"].(string)
		if err := s.res.ambiguity(uri); err != nil {
			return err
		}
		if session, _, _, ok := parseURI(s.res.resolve(uri)); ok && !s.starts.sees(ctx, session) {
			return fmt.Errorf("resource %q: %w", uri, notYours(session))
		}
		return nil
	case "subscriptions/listen":
		return s.res.listen(ctx, req.raw)
	}
	return nil
}

// request is a JSON-RPC request as a hook sees it: its method and params.
type request struct {
	method string
	raw    json.RawMessage
	// params are the params decoded, for a read method (readMethods)
	// only: the hooks decide nothing else by them, and a tool call's
	// arguments are the SDK's to decode.
	params map[string]any
}

// readRequest decodes the request a hook is handed, refusing one whose
// keys collide (see KeyCollisionError): that one comes with its method
// only. A message it cannot read has no method.
func readRequest(message any) (request, error) {
	raw, ok := message.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(message)
		if err != nil {
			return request{}, nil
		}
		raw = b
	}
	if err := sameKeys(raw); err != nil {
		// The method, as mcp-go reads it, says whose the refusal is (the
		// mounted gate refuses only subscriptions).
		m, _ := rpcmsg.Read(raw)
		return request{method: m.Method}, err
	}
	m, ok := rpcmsg.Read(raw)
	if !ok {
		return request{}, nil
	}
	req := request{method: m.Method, raw: m.Params}
	if slices.Contains(readMethods, m.Method) {
		_ = json.Unmarshal(m.Params, &req.params)
	}
	return req, nil
}

// gateSubscribe answers why the caller on ctx may not subscribe to uri, or
// nil: it must name a resource of a running session the caller reaches,
// within the connection's subscription limit, and not while the person at
// the session has detached agents.
func (s *Server) gateSubscribe(ctx context.Context, uri string) error {
	if err := s.res.subscribable(ctx, uri); err != nil {
		return err
	}
	if err := s.res.subscriptionRoom(ctx, uri); err != nil {
		return err
	}
	if session, _, _, ok := parseURI(s.res.resolve(uri)); ok {
		if !s.starts.sees(ctx, session) {
			return fmt.Errorf("resource %q: %w", uri, notYours(session))
		}
		if sess, running := s.sessions.Get(session); running && sess.Snapshot().Presence.Blocked {
			return fmt.Errorf("resource %q: the person at session `%s` has detached agents; nothing is served until they allow agents again", uri, session)
		}
	}
	return nil
}

// NetworkReady reports whether the policy may be exposed on a network
// transport: an authorizer must be set and configured by the operator (a
// framework default never counts; PolicySource alone is not an
// authorizer) and a read authorizer must be set.
func (s *Server) NetworkReady() error {
	if s.guard.policy.Tools == nil {
		return &ConfigError{Option: "Auth.Authorizer", Reason: "a network transport needs an authorizer and there is none (Unguarded): set Authorizer, AllowedTools (--allow-tools; empty is a valid choice) or Policy"}
	}
	if s.guard.policy.Source != SourceConfigured {
		return &ConfigError{Option: "Auth.Authorizer", Reason: "a network transport needs a tool policy chosen by the operator: set Authorizer, AllowedTools (--allow-tools; empty is a valid choice) or Policy"}
	}
	if s.guard.policy.Reads == nil || s.guard.policy.ReadSource != SourceConfigured {
		return &ConfigError{Option: "Auth.ReadAuthorizer", Reason: "a network transport needs a read policy chosen by the operator (the production default list does not count): resources/read streams live model state; set ReadAuthorizer or AllowedReadMethods (--allow-read-methods)"}
	}
	return nil
}
