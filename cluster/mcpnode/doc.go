// Package mcpnode joins an MCP server (package render/mcp) to a cluster
// (package cluster), so that several processes serve agents over one
// directory of sessions: a session runs on the node that started it, and
// a client of any node's server lists it, calls its tools, reads its
// resources and subscribes to them, through that node.
//
// A Node is the server's mcp.Options.Cluster. It carries the server's
// requests about other nodes' sessions to them, and answers theirs about
// its own through the server; Hosts keeps the sessions no MCP client
// started (a terminal's, an SSH connection's) in the directory too:
//
//	node, err := mcpnode.Join(ctx, cluster.Options{Listen: "127.0.0.1:4222"})
//	...
//	defer node.Close()
//	srv, err := mcp.New(mcp.Options{Apps: apps, Sessions: sessions, Cluster: node})
//	...
//	node.Hosts(ctx, sessions, nil)
package mcpnode
