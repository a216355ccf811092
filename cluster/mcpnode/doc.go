// Package mcpnode joins an MCP server (package render/mcp) to a cluster
// node (package cluster), the two halves a program needs to serve agents
// from several processes over one directory of sessions:
//
//   - Forwarded is the node's cluster.Handler: it answers the tool calls,
//     resource reads and leaves other nodes forward for this node's
//     sessions, through the MCP server once one is served.
//   - Hosts keeps the sessions no MCP client started (a terminal's, an SSH
//     connection's) in the node's directory as they start.
//
// Give the server the node as mcp.Options.Cluster, and the node
// Forwarded as cluster.Options.Handler:
//
//	var fwd mcpnode.Forwarded
//	node, err := cluster.Join(ctx, cluster.Options{..., Handler: &fwd})
//	srv, err := mcp.New(mcp.Options{..., Sessions: sessions, Cluster: node})
//	fwd.Serve(srv)
//	stop := mcpnode.Hosts(ctx, node, sessions, nil)
package mcpnode
