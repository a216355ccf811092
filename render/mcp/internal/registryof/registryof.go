// Package registryof gives the test helpers under render/mcp (package
// mcptest) a server's tool registry, which is no part of render/mcp's
// public API.
package registryof

import "github.com/facetui/facet/render/mcp/internal/derive"

// Of returns the tool registry of srv, an *mcp.Server. Package render/mcp
// sets it when it loads.
var Of func(srv any) *derive.Registry
