package mcp

// AuthOptions are a server's authorization (Options.Auth): who may call
// which tool, and read what. Left empty, the server runs a visible
// development default (every tool allowed) that no network transport
// serves; see Policy for the defaults.
type AuthOptions struct {
	// Authorizer decides every tool call. Naming it (or AllowedTools, or a
	// Policy) makes the policy "configured"; see Policy for the defaults.
	Authorizer Authorizer
	// AllowedTools, when non-nil, allows these tool names (an empty list
	// is a configured choice: nothing runs). An entry may be a pattern
	// (MatchName): "live.*" allows every tool of session live, "*" every
	// tool. It combines with Authorizer: both must allow.
	AllowedTools []string
	// Policy names a built-in policy: "allow-all" or "deny-all".
	Policy string
	// PolicySource overrides where the tool policy is recorded to come
	// from (SourceConfigured or SourceDefault). Leave it empty to infer it:
	// naming Authorizer, AllowedTools or Policy counts as configured. A
	// configuration layer that picks a fallback itself, visibly, sets
	// SourceDefault so the fallback cannot open a network transport.
	PolicySource string
	// ReadAuthorizer decides read methods (tools/list, resources/read, ...).
	// Nil allows them, except in production (DefaultReadMethods).
	ReadAuthorizer ReadAuthorizer
	// AllowedReadMethods, when non-nil and ReadAuthorizer is nil, allows
	// these methods; an entry may be a pattern ("resources/*", "*"). An
	// entry that matches no read method the server decides is refused.
	AllowedReadMethods []string
	// Production selects production defaults for an unconfigured policy:
	// no tool runs and only DefaultReadMethods are served.
	Production bool
	// Unguarded runs with no authorizer at all (no development default):
	// sensitive tools are refused with sensitive_tool_unguarded, and New
	// refuses to start while sensitive static tools are registered, so set
	// ReadOnly with it.
	Unguarded bool
	// ReadOnly leaves out the sensitive static tools (facet_start,
	// facet_stop, facet_send_key, facet_get_model), for embeddings where Go
	// code starts the sessions.
	ReadOnly bool
}
