// Package mcp renders Facet sessions to the Model Context Protocol. Data
// flows one way: a session's view -> derivation (package derive: the tree
// walker, the session's ToolSynchronizer, the Registry) -> the MCP server.
// An agent drives a running app through typed per-widget tools named
// <session>_<widget>_<action> (or, with NamesDotted, the seed's
// <session>.<widget>.<action>), derived from the very tree a human sees, and
// its calls reach the app's Update as the same messages a keystroke would.
//
// The SDK (github.com/mark3labs/mcp-go) is the wire and nothing more.
// Derivation imports no SDK at all; the call semantics here answer Facet's
// own types (an Answer, or a *CallError with a kind), and adapter.go alone
// converts them to the SDK's tool definitions and call results. The rest
// of the SDK use is the server's wiring (server.go's hooks, resources,
// prompts and completion, elicitation) and the transports, whose plumbing
// lives in internal/transport. Where the SDK cannot express a behaviour,
// the code wraps it at the narrowest point and says so.
package mcp
