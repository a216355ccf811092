// Package agent runs agents: Go values that act on Facet sessions on their
// own goroutines, only through MCP. A Manager spawns them by kind, each
// with an MCP client connected in-process to the same server its spawner
// called (Host.ConnectAs), so every call an agent makes goes through the
// server's authorizer, breakers, lanes and visibility rules exactly as a
// remote client's does, and is decided as its spawner's: an agent can never
// do more than the connection that started it.
//
// Each agent keeps a Journal: a ring of its last JournalSize entries
// (observations, tool calls with their arguments and answers, notes,
// errors, timing) and a total count. The journal holds only what the MCP
// server answered, so a masked value never appears in it.
//
// The Manager's Tools are the MCP surface (the agent tool, whose action
// is spawn, list, ask, status or stop) and its Journal resource is
// facet://agent/<id>/journal; package agent/mcphost installs both on a
// render/mcp server. A Bridge lets an app or host expose an agent of its
// own whose Actions become tools agent_<action>.
package agent
