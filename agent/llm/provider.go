package llm

import "context"

// turn is one message of the conversation, independent of the provider.
type turn struct {
	role   string // "user", "assistant" or "tool"
	text   string
	calls  []toolCall // an assistant turn's tool calls
	id     string     // a tool turn's call id
	failed bool       // a tool turn is an error result
}

// toolCall is a tool call the model asked for; Args is its JSON.
type toolCall struct {
	ID, Name, Args string
}

// toolSpec is a tool as the model is told about it.
type toolSpec struct {
	Name        string
	Description string
	Schema      map[string]any
}

// provider is one model API: one completion of the conversation with the
// tools offered. With answerOnly the model may call none of them and
// answers in words; the tools are still sent, since a conversation that
// holds tool calls needs them (Anthropic refuses one without).
type provider interface {
	complete(ctx context.Context, system string, turns []turn, tools []toolSpec, answerOnly bool) (text string, calls []toolCall, err error)
}
