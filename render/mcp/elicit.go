package mcp

import (
	"context"
	"fmt"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/mark3labs/mcp-go/server"
)

// approver asks the person at a client to approve a call, through MCP
// elicitation, when the client declared it.
type approver struct {
	sdk     *server.MCPServer
	timeout time.Duration
}

// ask asks the user through MCP elicitation, if the client declared it.
func (e approver) ask(ctx context.Context, tool, prompt string) (bool, string) {
	if !clientElicits(ctx) {
		return false, "approval required, and the client does not support elicitation"
	}
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req := sdk.ElicitationRequest{}
	req.Params.Message = prompt
	req.Params.RequestedSchema = map[string]any{"type": "object", "properties": map[string]any{}}
	res, err := e.sdk.RequestElicitation(ctx, req)
	switch {
	case err != nil:
		return false, fmt.Sprintf("approval for %s was not given: %v", tool, err)
	case res.Action == sdk.ElicitationResponseActionAccept:
		return true, ""
	}
	return false, fmt.Sprintf("the user answered %s", res.Action)
}

// clientElicits reports whether the caller declared the elicitation
// capability: per request in the stateless protocol, per session before it.
func clientElicits(ctx context.Context) bool {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Elicitation != nil
	}
	info, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	return ok && info.GetClientCapabilities().Elicitation != nil
}
