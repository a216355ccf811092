package mcp

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// completer answers completion/complete: session ids in resource templates,
// and the app argument of the start_app prompt (facet_start's app).
type completer struct{ s *Server }

// CompleteResourceArgument completes {id} in facet://session/{id}/... .
func (c completer) CompleteResourceArgument(_ context.Context, uri string, arg sdk.CompleteArgument, _ sdk.CompleteContext) (*sdk.Completion, error) {
	if !strings.HasPrefix(uri, uriPrefix) {
		return &sdk.Completion{Values: []string{}}, nil
	}
	switch arg.Name {
	case "id":
		return completion(c.s.res.sessionIDs(arg.Value)), nil
	case "name":
		return &sdk.Completion{Values: []string{}}, nil
	}
	return nil, fmt.Errorf("template %s has no argument %q", uri, arg.Name)
}

// CompletePromptArgument completes start_app's app from the startable list.
func (c completer) CompletePromptArgument(_ context.Context, prompt string, arg sdk.CompleteArgument, _ sdk.CompleteContext) (*sdk.Completion, error) {
	if prompt != startPrompt || arg.Name != "app" {
		return &sdk.Completion{Values: []string{}}, nil
	}
	var out []string
	for _, a := range c.s.opts.Startable {
		if strings.HasPrefix(a, arg.Value) {
			out = append(out, a)
		}
	}
	sort.Strings(out)
	return completion(out), nil
}

func completion(values []string) *sdk.Completion {
	if values == nil {
		values = []string{}
	}
	total := len(values)
	if len(values) > 100 {
		values = values[:100]
	}
	return &sdk.Completion{Values: values, Total: total, HasMore: total > len(values)}
}

// startPrompt is the prompt that carries facet_start's app argument, so
// clients can complete it.
const startPrompt = "start_app"

func (s *Server) installPrompts() {
	s.sdk.AddPrompt(sdk.NewPrompt(startPrompt,
		sdk.WithPromptDescription("Start a Facet app and explore it: which tool to call and how to look at the screen."),
		sdk.WithArgument("app", sdk.ArgumentDescription("The app to start (completable)."), sdk.RequiredArgument()),
	), func(_ context.Context, req sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		app := req.Params.Arguments["app"]
		if !slices.Contains(s.opts.Startable, app) {
			return nil, fmt.Errorf("app %q is not startable; startable apps: %s", app, strings.Join(s.opts.Startable, ", "))
		}
		text := fmt.Sprintf("Call facet_start with {\"app\": %q}. It answers the session id and its tools. ", app) + instructions(s.opts.ToolNames)
		return sdk.NewGetPromptResult("Start "+app, []sdk.PromptMessage{sdk.NewPromptMessage(sdk.RoleUser, sdk.NewTextContent(text))}), nil
	})
}
