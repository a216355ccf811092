// Package transport holds render/mcp's transport plumbing that the SDK does
// not provide: per-session ordering of a stdio client's requests (Lanes),
// streamable-HTTP session ids the server issued and tracks (HTTPSessions),
// the Origin/Host gate in front of the HTTP handler (OriginGate), and the
// limits on what HTTP clients can make the server hold (Limits). It
// knows JSON-RPC and HTTP, not the Server.
package transport
