package mcp

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/facetui/facet/render/mcp/toolname"
)

// DecisionKind is what an authorizer decided.
type DecisionKind int

// Decisions.
const (
	DecisionAllow DecisionKind = iota
	DecisionAsk
	DecisionDeny
)

func (k DecisionKind) String() string {
	switch k {
	case DecisionAllow:
		return "allow"
	case DecisionAsk:
		return "ask"
	}
	return "deny"
}

// Decision is an authorizer's answer: Allow, Ask(prompt) or Deny(reason).
type Decision struct {
	Kind   DecisionKind
	Prompt string
	Reason string
}

// Allow lets the call run.
func Allow() Decision { return Decision{Kind: DecisionAllow} }

// Ask runs the call only if the user approves prompt (MCP elicitation, when
// the client declared it); otherwise it denies.
func Ask(prompt string) Decision { return Decision{Kind: DecisionAsk, Prompt: prompt} }

// Deny refuses the call for reason.
func Deny(reason string) Decision { return Decision{Kind: DecisionDeny, Reason: reason} }

// Transports an AuthContext can declare.
const (
	TransportStdio   = "stdio"
	TransportSSE     = "sse"
	TransportHTTP    = "http"
	TransportUnknown = "unknown"
)

// AuthContext holds only facts the server derived itself: nothing a client
// asserts goes in it. ConnectionID is "default" for stdio; over HTTP it is
// a key of the server-issued session id ("conn-" and 16 hex digits), which
// names a connection, not a person. The session id itself is the client's
// credential and appears nowhere: not here, not in presence, ownership,
// answers, resources, the cluster directory or logs.
type AuthContext struct {
	ConnectionID string
	Transport    string
	// Agent names the agent acting for the connection (Server.ConnectAs),
	// or is "" for the client itself.
	Agent string
	// Principal is who the connection authenticated as (a bearer token's
	// name, or an OAuth token's subject at its issuer: see package
	// identity), or "" for an anonymous one (stdio, or HTTP without
	// HTTPOptions.Authenticator).
	Principal string
}

// Owner is the key the caller's sessions are owned under: its principal
// when it authenticated, so that every connection of one principal (and
// a reconnect) reaches the same sessions; otherwise its connection.
func (ac AuthContext) Owner() string {
	if ac.Principal != "" {
		return principalOwnerPrefix + ac.Principal
	}
	return ac.ConnectionID
}

// principalOwnerPrefix starts the owner key of an authenticated
// principal; no connection key starts with it.
const principalOwnerPrefix = "principal:"

// Authorizer decides whether a tool call may run. tool is the registered
// name (for facet_act, the derived tool it reaches); args are the call's
// arguments (nil when filtering tools/list).
type Authorizer func(tool string, args map[string]any, ctx AuthContext) Decision

// ReadAuthorizer decides whether a read method (tools/list, resources/read,
// prompts/get, completion/complete, logging/setLevel, resources/subscribe,
// ...) may run; the method name stands where an Authorizer has the tool.
type ReadAuthorizer func(method string, params map[string]any, ctx AuthContext) Decision

// AllowAll allows every call. It is the development default, named so it is
// visible where it is chosen.
func AllowAll() Authorizer {
	return func(string, map[string]any, AuthContext) Decision { return Allow() }
}

// AllowTools allows the named tools and denies the rest. An empty list
// denies everything: nothing runs until it is named. A name may be a
// pattern (see MatchName) and may use either spelling of a session's
// tools: "live_*" and "live.*" allow every tool of session live, "*" every
// tool. Options refuses a malformed pattern at startup; here one matches
// nothing.
func AllowTools(names ...string) Authorizer {
	set := slices.Clone(names)
	return func(tool string, _ map[string]any, _ AuthContext) Decision {
		safe := tool
		if strings.Contains(tool, ".") {
			safe = toolname.SafeName(tool)
		}
		if slices.ContainsFunc(set, func(p string) bool { return MatchName(p, tool) || MatchName(p, safe) }) {
			return Allow()
		}
		return Deny("it is not in the allowed tools")
	}
}

// AllowReadMethods allows the named read methods (each a method or a
// pattern, see MatchName: "resources/*", "*").
func AllowReadMethods(methods ...string) ReadAuthorizer {
	set := slices.Clone(methods)
	return func(method string, _ map[string]any, _ AuthContext) Decision {
		if slices.ContainsFunc(set, func(p string) bool { return MatchName(p, method) }) {
			return Allow()
		}
		return Deny(fmt.Sprintf("method %s is not in the allowed read methods", method))
	}
}

// MatchName reports whether name matches pattern: "*" matches anything;
// otherwise pattern is a path.Match pattern ("*" any run of characters but
// "/", "?" one character, "[a-z]" a class), so "demo.*" matches every tool
// of session demo and "resources/*" every resources method. A name without
// pattern characters matches only itself.
func MatchName(pattern, name string) bool {
	if pattern == "*" {
		return true
	}
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}

// checkNames refuses an allow-list entry that is empty or a malformed
// pattern, and, when known is given, one that matches none of known.
func checkNames(option string, names, known []string) error {
	for _, n := range names {
		switch {
		case strings.TrimSpace(n) == "":
			return &ConfigError{Option: option, Reason: "an entry is empty"}
		case strings.TrimSpace(n) != n:
			return &ConfigError{Option: option, Reason: fmt.Sprintf("%q has spaces around it", n)}
		}
		if _, err := path.Match(n, ""); err != nil {
			return &ConfigError{Option: option, Reason: fmt.Sprintf("%q is not a valid pattern (%v): use exact names, or * for any run of characters, ? for one, [a-z] for a class", n, err)}
		}
		if known != nil && !slices.ContainsFunc(known, func(k string) bool { return MatchName(n, k) }) {
			return &ConfigError{Option: option, Reason: fmt.Sprintf("%q matches no read method (read methods: %s)", n, strings.Join(known, ", "))}
		}
	}
	return nil
}

// DefaultReadMethods are the read methods production allows when nothing is
// configured: the listing methods, which reveal only names the server
// advertises anyway. resources/read and subscriptions stream live state;
// prompts/get returns content; completion/complete enumerates.
var DefaultReadMethods = []string{"tools/list", "resources/list", "prompts/list"}

// Policy sources.
const (
	SourceConfigured = "configured"
	SourceDefault    = "default"
)

// Policy is the authorization a server resolved from its Options.
type Policy struct {
	Tools Authorizer
	Reads ReadAuthorizer
	// Source is SourceConfigured when the operator named an authorizer, a
	// policy or an allowed-tools list (even empty), and SourceDefault for a
	// framework fallback. Read-method lists do not count.
	Source string
	// ReadSource is SourceConfigured when the operator named a read
	// authorizer or read-method list, and SourceDefault otherwise (the
	// production default list included).
	ReadSource string
	// Description says in words what was resolved, for logs.
	Description string
}

// NamedPolicies are the policies AuthOptions.Policy may name.
var namedPolicies = map[string]func() Authorizer{
	"allow-all": AllowAll,
	"deny-all":  func() Authorizer { return AllowTools() },
}

// resolvePolicy applies the defaults: configuration binds in every
// environment; unconfigured means allow-all outside production and a
// deny-by-default allowlist in production.
func (o *AuthOptions) resolvePolicy() (Policy, error) {
	var p Policy
	var parts []Authorizer
	var desc []string
	if o.Policy != "" {
		mk, ok := namedPolicies[o.Policy]
		if !ok {
			return p, &ConfigError{Option: "Auth.Policy", Reason: fmt.Sprintf("%q is not a policy (policies: allow-all, deny-all)", o.Policy)}
		}
		parts = append(parts, mk())
		desc = append(desc, "policy "+o.Policy)
	}
	if o.Authorizer != nil {
		parts = append(parts, o.Authorizer)
		desc = append(desc, "a configured authorizer")
	}
	if err := checkNames("Auth.AllowedTools", o.AllowedTools, nil); err != nil {
		return p, err
	}
	if err := checkNames("Auth.AllowedReadMethods", o.AllowedReadMethods, readMethods); err != nil {
		return p, err
	}
	if o.AllowedTools != nil {
		parts = append(parts, AllowTools(o.AllowedTools...))
		desc = append(desc, fmt.Sprintf("allowed tools [%s]", strings.Join(o.AllowedTools, ", ")))
	}
	switch {
	case len(parts) > 0:
		p.Source = SourceConfigured
		p.Tools = all(parts)
	case o.Unguarded:
		p.Source = SourceDefault
		desc = append(desc, "no authorizer (sensitive tools refused)")
	case o.Production:
		p.Source = SourceDefault
		p.Tools = AllowTools()
		desc = append(desc, "production default: no tool allowed")
	default:
		p.Source = SourceDefault
		p.Tools = AllowAll()
		desc = append(desc, "development default: allow all")
	}
	p.ReadSource = SourceDefault
	if o.ReadAuthorizer != nil || o.AllowedReadMethods != nil {
		p.ReadSource = SourceConfigured
	}
	switch {
	case o.ReadAuthorizer != nil:
		p.Reads = o.ReadAuthorizer
		desc = append(desc, "a configured read authorizer")
	case o.AllowedReadMethods != nil:
		p.Reads = AllowReadMethods(o.AllowedReadMethods...)
		desc = append(desc, fmt.Sprintf("allowed read methods [%s]", strings.Join(o.AllowedReadMethods, ", ")))
	case o.Production:
		p.Reads = AllowReadMethods(DefaultReadMethods...)
		desc = append(desc, "production default reads ["+strings.Join(DefaultReadMethods, ", ")+"]")
	}
	switch o.PolicySource {
	case "":
	case SourceConfigured, SourceDefault:
		p.Source = o.PolicySource
	default:
		return p, &ConfigError{Option: "Auth.PolicySource", Reason: fmt.Sprintf("%q is not a source: use %q or %q", o.PolicySource, SourceConfigured, SourceDefault)}
	}
	p.Description = strings.Join(desc, "; ") + " (" + p.Source + ")"
	return p, nil
}

// all allows only what every authorizer allows; the first non-Allow wins.
func all(as []Authorizer) Authorizer {
	if len(as) == 1 {
		return as[0]
	}
	return func(tool string, args map[string]any, ctx AuthContext) Decision {
		for _, a := range as {
			if d := a(tool, args, ctx); d.Kind != DecisionAllow {
				return d
			}
		}
		return Allow()
	}
}

// decide runs an authorizer; a panic denies that one call. The panic's
// value goes to the server's log, not to the client: it is the
// authorizer's internals, and may hold anything.
func (g *guard) decide(a func(string, map[string]any, AuthContext) Decision, name string, args map[string]any, ac AuthContext) (d Decision) {
	defer func() {
		if p := recover(); p != nil {
			g.log.Error("mcp: the authorizer panicked; the call is denied", "name", name, "connection", ac.ConnectionID, "panic", p)
			d = Deny("the authorizer panicked; the call is denied (the server's log has the details)")
		}
	}()
	return a(name, args, ac)
}
