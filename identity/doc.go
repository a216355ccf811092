// Package identity says who is calling a network renderer: a principal
// authenticated by a bearer token from an operator's file (Tokens) or by an
// OAuth access token, a JWT checked against its issuer's published keys
// (OAuth). Require puts the principal into each request's context, and
// answers 401 with a WWW-Authenticate challenge to a request without one;
// ProtectedResource serves the RFC 9728 metadata that tells an MCP client
// where to get a token.
//
// A principal is a name, not a credential: it may be shown and recorded
// (it owns sessions, it is what an authorizer sees). Tokens are compared
// in constant time and never logged or echoed.
package identity
