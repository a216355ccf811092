package llm

import (
	"context"
	"fmt"
	"net/http"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// openAI speaks the Chat Completions API of OpenAI and compatible servers.
type openAI struct {
	client openai.Client
	model  string
}

func newOpenAI(c Config, hc *http.Client) *openAI {
	opts := []option.RequestOption{option.WithAPIKey(c.APIKey), option.WithMaxRetries(1)}
	if c.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(c.BaseURL))
	}
	if hc != nil {
		opts = append(opts, option.WithHTTPClient(hc))
	}
	return &openAI{client: openai.NewClient(opts...), model: c.Model}
}

func (o *openAI) complete(ctx context.Context, system string, turns []turn, tools []toolSpec, answerOnly bool) (string, []toolCall, error) {
	msgs := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(system)}
	for _, t := range turns {
		switch t.role {
		case "user":
			msgs = append(msgs, openai.UserMessage(t.text))
		case "tool":
			msgs = append(msgs, openai.ToolMessage(t.text, t.id))
		case "assistant":
			a := openai.ChatCompletionAssistantMessageParam{}
			if t.text != "" {
				a.Content.OfString = openai.String(t.text)
			}
			for _, c := range t.calls {
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: c.ID,
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: c.Args}},
				})
			}
			msgs = append(msgs, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		}
	}
	params := openai.ChatCompletionNewParams{Model: o.model, Messages: msgs}
	for _, t := range tools {
		params.Tools = append(params.Tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name: t.Name, Description: openai.String(t.Description), Parameters: shared.FunctionParameters(t.Schema),
		}))
	}
	if answerOnly && len(tools) > 0 {
		params.ToolChoice.OfAuto = openai.String(string(openai.ChatCompletionToolChoiceOptionAutoNone))
	}
	res, err := o.client.Chat.Completions.New(ctx, params)
	if err != nil {
		return "", nil, fmt.Errorf("chat completion: %w", err)
	}
	if len(res.Choices) == 0 {
		return "", nil, fmt.Errorf("chat completion: the answer has no choices")
	}
	m := res.Choices[0].Message
	var calls []toolCall
	for _, c := range m.ToolCalls {
		if c.Type != "" && c.Type != "function" {
			continue
		}
		calls = append(calls, toolCall{ID: c.ID, Name: c.Function.Name, Args: c.Function.Arguments})
	}
	return m.Content, calls, nil
}
