package mcptest

import (
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// Result is a tool's answer as the client received it.
type Result struct {
	// Tool is the name that was called.
	Tool string
	// Text is the answer's text content (for an error, the error message),
	// its parts joined by newlines.
	Text string
	// Texts are the answer's text contents, one per part.
	Texts []string
	// Structured is the answer's structured content as JSON, or nil.
	Structured json.RawMessage
	// IsError reports an error: a tool error result, or a protocol error
	// (Protocol) such as an unknown tool.
	IsError  bool
	Protocol bool
}

func newResult(name string, res *sdk.CallToolResult) *Result {
	r := &Result{Tool: name, IsError: res.IsError}
	for _, c := range res.Content {
		if tc, ok := c.(sdk.TextContent); ok {
			r.Texts = append(r.Texts, tc.Text)
		}
	}
	r.Text = strings.Join(r.Texts, "\n")
	switch {
	case len(res.RawStructuredContent) > 0:
		r.Structured = res.RawStructuredContent
	case res.StructuredContent != nil:
		if raw, err := json.Marshal(res.StructuredContent); err == nil {
			r.Structured = raw
		}
	}
	return r
}

// Decode decodes the structured content, or the text when there is none,
// into v.
func (r *Result) Decode(v any) error {
	data := r.Structured
	if len(data) == 0 {
		data = json.RawMessage(r.Text)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("decode the answer of %s: %w", r.Tool, err)
	}
	return nil
}
