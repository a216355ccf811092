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
// In the stateless protocol it cannot ask: it answers the user's answer
// the call carries, or an *inputRequired error asking for it.
func (e approver) ask(ctx context.Context, tool, prompt string) (bool, string, error) {
	if !clientElicits(ctx) {
		return false, "approval required, and the client does not support elicitation", nil
	}
	if server.IsModernRequest(ctx) {
		answer, ok := approvalAnswer(ctx)
		switch {
		case !ok:
			if prompt == "" {
				prompt = "Allow the call of " + tool + "?"
			}
			return false, "", &inputRequired{prompt: prompt}
		case answer.Action == sdk.ElicitationResponseActionAccept:
			return true, "", nil
		}
		return false, fmt.Sprintf("the user answered %s", answer.Action), nil
	}
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req := sdk.ElicitationRequest{}
	req.Params.Message = prompt
	req.Params.RequestedSchema = map[string]any{"type": "object", "properties": map[string]any{}}
	res, err := e.sdk.RequestElicitation(ctx, req)
	switch {
	case err != nil:
		return false, fmt.Sprintf("approval for %s was not given: %v", tool, err), nil
	case res.Action == sdk.ElicitationResponseActionAccept:
		return true, "", nil
	}
	return false, fmt.Sprintf("the user answered %s", res.Action), nil
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
