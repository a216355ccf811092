// Package derive turns a session's view into MCP tools without knowing any
// MCP SDK: the tree walker (Tools), tool specs and their cleaning, the
// Registry that is the single source of truth for a server's
// tool list, the per-session ToolSynchronizer, the per-tool circuit
// Breakers, the FocusLens and JSON Patch diffs. A server publishes the
// registry's changes by giving it a Sink. Tool names follow package
// render/mcp/toolname, which users read too; the rest is render/mcp's own.
package derive
