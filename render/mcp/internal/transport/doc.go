// Package transport holds render/mcp's transport plumbing that the SDK does
// not provide: per-session ordering of a stdio client's requests (Lanes),
// streamable-HTTP session ids the server issued and tracks (HTTPSessions),
// and the limits on what HTTP clients can make the server hold (Limits).
// It knows JSON-RPC and HTTP, not the Server. The Host and Origin gate in
// front of the HTTP handler is render/internal/hostcheck, shared with the
// browser renderer.
package transport
