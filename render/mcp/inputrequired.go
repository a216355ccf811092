package mcp

import (
	"context"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// In the stateless protocol (2026-07-28) a server cannot send the client
// a request, so an approval the client's user gives (an authorizer's Ask,
// where no person at the session answers it) is a multi round-trip: the
// call answers input_required with an elicitation, and the client calls
// again with the user's answer in inputResponses.

// approvalInputID names the approval in a call's inputRequests and
// inputResponses.
const approvalInputID = "facet_approval"

type inputResponsesKey struct{}

// withInputResponses is ctx carrying the answers a call's client sent
// with it.
func withInputResponses(ctx context.Context, r sdk.InputResponses) context.Context {
	if len(r) == 0 {
		return ctx
	}
	return context.WithValue(ctx, inputResponsesKey{}, r)
}

// approvalAnswer is the user's answer to the approval that ctx's call
// carries, if it carries one.
func approvalAnswer(ctx context.Context) (*sdk.ElicitationResult, bool) {
	r, _ := ctx.Value(inputResponsesKey{}).(sdk.InputResponses)
	answer := server.ElicitationResponse(r, approvalInputID)
	return answer, answer != nil
}

// inputRequired is a call that needs its client's user to approve it
// first: it answers input_required, asking for that approval.
type inputRequired struct{ prompt string }

func (e *inputRequired) Error() string {
	return "approval required: call again with the user's answer to " + approvalInputID + ": " + e.prompt
}

// result is the input_required answer.
func (e *inputRequired) result() *sdk.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit(approvalInputID, sdk.ElicitationParams{
		Message:         e.prompt,
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}).ToolResult()
}
