package mcp

import "context"

// requestAuthKey carries a request's AuthContext, worked out once.
type requestAuthKey struct{}

// withRequestAuth is ctx carrying its AuthContext, worked out once for the
// request: a tool call asks for it at each of its gates (authorization,
// the session's owner, presence, notes), and a connection's key is an
// HMAC of its transport id, which a transport that does not keep the last
// one (a server Mount put on another's stdio) worked out every time. A
// ConnectAs agent's context carries its own already.
func withRequestAuth(ctx context.Context) context.Context {
	if _, ok := principalOf(ctx); ok {
		return ctx
	}
	if _, ok := ctx.Value(requestAuthKey{}).(AuthContext); ok {
		return ctx
	}
	return context.WithValue(ctx, requestAuthKey{}, authContext(ctx))
}
