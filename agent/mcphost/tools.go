package mcphost

import "fmt"

// Tools is the agent tools switch (the seed's mcp_tools setting): whether
// a process serves the agent tool (spawn, list, ask, status and stop) and
// the agents' journals (everything Install adds). Decide
// with Serve before calling Install.
type Tools string

const (
	// ToolsDefault is the seed's default: the agent tools are served where
	// the process is booted for MCP (MCP is all it serves), and not where
	// MCP rides beside a terminal, SSH or the browser.
	ToolsDefault Tools = ""
	// ToolsOn serves them everywhere MCP is served.
	ToolsOn Tools = "on"
	// ToolsOff keeps them out everywhere.
	ToolsOff Tools = "off"
)

// ParseTools reads "on" or "off".
func ParseTools(s string) (Tools, error) {
	switch t := Tools(s); t {
	case ToolsOn, ToolsOff:
		return t, nil
	}
	return ToolsDefault, fmt.Errorf("%q: use on or off", s)
}

// Serve reports whether the agent tools are served in a process that is
// (bootedForMCP) or is not booted for MCP alone.
func (t Tools) Serve(bootedForMCP bool) bool {
	switch t {
	case ToolsOn:
		return true
	case ToolsOff:
		return false
	}
	return bootedForMCP
}
