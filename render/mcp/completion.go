package mcp

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// completer answers completion/complete: session ids in resource templates,
// projection names in the model template, and the app argument of the
// start_app prompt (facet_start's app).
type completer struct{ s *Server }

// CompleteResourceArgument completes {id} in facet://session/{id}/... and
// {name} in facet://session/{id}/model/{name}: the projections the model
// of the session named by the context argument id declares now. Without
// an id there is nothing to complete a name from; an id that is not a
// running session is refused.
func (c completer) CompleteResourceArgument(ctx context.Context, uri string, arg sdk.CompleteArgument, cc sdk.CompleteContext) (*sdk.Completion, error) {
	if !strings.HasPrefix(uri, uriPrefix) {
		return &sdk.Completion{Values: []string{}}, nil
	}
	switch {
	case arg.Name == "id":
		return completion(c.s.res.sessionIDs(ctx, arg.Value)), nil
	case arg.Name == "name" && uri == templateModel:
		return c.projectionNames(ctx, cc.Arguments["id"], arg.Value)
	}
	return nil, fmt.Errorf("template %s has no argument %q", uri, arg.Name)
}

// projectionNames lists the names of session id's projections that start
// with prefix.
func (c completer) projectionNames(ctx context.Context, id, prefix string) (*sdk.Completion, error) {
	if id == "" {
		return completion(nil), nil
	}
	sess, ok := c.s.sessions.Get(id)
	if !ok || !c.s.starts.sees(ctx, id) {
		return nil, fmt.Errorf("completing {name}: session %q is not running; complete {id} first, or call facet_list", id)
	}
	var out []string
	for _, p := range projections(sess.Snapshot().Model) {
		if strings.HasPrefix(p.Name, prefix) && !slices.Contains(out, p.Name) {
			out = append(out, p.Name)
		}
	}
	sort.Strings(out)
	return completion(out), nil
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

// addStartPrompt serves the start_app prompt on srv: apps are those
// facet_start may start, style the server's tool name style.
func addStartPrompt(srv *server.MCPServer, startable []string, style string) {
	srv.AddPrompt(sdk.NewPrompt(startPrompt,
		sdk.WithPromptDescription("Start a Facet app and explore it: which tool to call and how to look at the screen."),
		sdk.WithArgument("app", sdk.ArgumentDescription("The app to start (completable)."), sdk.RequiredArgument()),
	), func(_ context.Context, req sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		app := req.Params.Arguments["app"]
		if !slices.Contains(startable, app) {
			return nil, fmt.Errorf("app %q is not startable; startable apps: %s", app, strings.Join(startable, ", "))
		}
		text := fmt.Sprintf("Call facet_start with {\"app\": %q}. It answers the session id and its tools. ", app) + instructions(style)
		return sdk.NewGetPromptResult("Start "+app, []sdk.PromptMessage{sdk.NewPromptMessage(sdk.RoleUser, sdk.NewTextContent(text))}), nil
	})
}
