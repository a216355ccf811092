// Package transport holds render/mcp's transport plumbing that the SDK does
// not provide: per-session ordering of a stdio client's requests (Lanes),
// streamable-HTTP session ids the server issued and tracks (HTTPSessions),
// and the Origin/Host gate in front of the HTTP handler (OriginGate). It
// knows JSON-RPC and HTTP, not the Server.
package transport
