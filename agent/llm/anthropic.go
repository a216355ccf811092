package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// maxTokens bounds one answer of Anthropic's Messages API (it requires a
// bound).
const maxTokens = 4096

// claude speaks Anthropic's Messages API.
type claude struct {
	client anthropic.Client
	model  string
}

func newClaude(c Config, hc *http.Client) *claude {
	opts := []option.RequestOption{option.WithAPIKey(c.APIKey), option.WithMaxRetries(1)}
	if c.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(c.BaseURL))
	}
	if hc != nil {
		opts = append(opts, option.WithHTTPClient(hc))
	}
	return &claude{client: anthropic.NewClient(opts...), model: c.Model}
}

func (a *claude) complete(ctx context.Context, system string, turns []turn, tools []toolSpec, answerOnly bool) (string, []toolCall, error) {
	var msgs []anthropic.MessageParam
	var results []anthropic.ContentBlockParamUnion // tool results waiting for their user message
	flush := func() {
		if len(results) > 0 {
			msgs = append(msgs, anthropic.NewUserMessage(results...))
			results = nil
		}
	}
	for _, t := range turns {
		switch t.role {
		case "tool":
			results = append(results, anthropic.NewToolResultBlock(t.id, t.text, t.failed))
		case "user":
			flush()
			msgs = append(msgs, anthropic.NewUserMessage(anthropic.NewTextBlock(t.text)))
		case "assistant":
			flush()
			var blocks []anthropic.ContentBlockParamUnion
			if t.text != "" {
				blocks = append(blocks, anthropic.NewTextBlock(t.text))
			}
			for _, c := range t.calls {
				input := json.RawMessage(c.Args)
				if !json.Valid(input) || len(input) == 0 {
					input = json.RawMessage("{}")
				}
				blocks = append(blocks, anthropic.NewToolUseBlock(c.ID, input, c.Name))
			}
			msgs = append(msgs, anthropic.NewAssistantMessage(blocks...))
		}
	}
	flush()
	params := anthropic.MessageNewParams{Model: a.model, MaxTokens: maxTokens, Messages: msgs,
		System: []anthropic.TextBlockParam{{Text: system}}}
	for _, t := range tools {
		schema := anthropic.ToolInputSchemaParam{Properties: t.Schema["properties"], ExtraFields: map[string]any{}}
		if req, ok := t.Schema["required"].([]any); ok {
			for _, r := range req {
				if s, ok := r.(string); ok {
					schema.Required = append(schema.Required, s)
				}
			}
		}
		params.Tools = append(params.Tools, anthropic.ToolUnionParam{OfTool: &anthropic.ToolParam{
			Name: t.Name, Description: anthropic.String(t.Description), InputSchema: schema,
		}})
	}
	if answerOnly && len(tools) > 0 {
		none := anthropic.NewToolChoiceNoneParam()
		params.ToolChoice.OfNone = &none
	}
	res, err := a.client.Messages.New(ctx, params)
	if err != nil {
		return "", nil, fmt.Errorf("messages: %w", err)
	}
	var text []string
	var calls []toolCall
	for _, b := range res.Content {
		switch b.Type {
		case "text":
			text = append(text, b.Text)
		case "tool_use":
			calls = append(calls, toolCall{ID: b.ID, Name: b.Name, Args: string(b.Input)})
		}
	}
	return strings.Join(text, "\n"), calls, nil
}
