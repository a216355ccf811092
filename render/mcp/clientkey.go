package mcp

import (
	"fmt"

	"github.com/mark3labs/mcp-go/server"
)

// clientKey names cs, one client's mcp-go session, in the server's own
// maps (subscriptions, the outbox, the fan-out): its session id, or, for
// the ephemeral session of a stateless (2026-07-28) HTTP request, which
// has none, a name of its own for as long as that request lives. It is
// never shown to anyone.
func clientKey(cs server.ClientSession) string {
	if id := cs.SessionID(); id != "" {
		return id
	}
	return fmt.Sprintf("request-%p", cs)
}
