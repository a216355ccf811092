// Package mcp renders Facet sessions to the Model Context Protocol. Data
// flows one way: a session's view -> derivation (TreeWalker) -> the
// session's ToolSynchronizer -> the Registry -> the MCP server. An agent
// drives a running app through typed per-widget tools named
// <session>.<widget>.<action>, derived from the very tree a human sees, and
// its calls reach the app's Update as the same messages a keystroke would.
//
// The SDK (github.com/mark3labs/mcp-go) is the wire and nothing more: tool
// derivation, the registry, the circuit breakers and the call semantics are
// this package's own types and are testable without it. Where the SDK cannot
// express a behaviour, the code wraps it at the narrowest point and says so.
package mcp
