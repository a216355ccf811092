package facettest

import (
	"context"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// Agent is an MCP client of a program under test, initialized, that fails
// the test on any error.
type Agent struct {
	t testing.TB
	c *client.Client
}

// connect initializes the started client c as client name. c closes when
// the test ends.
func connect(ctx context.Context, t testing.TB, c *client.Client, name string) *Agent {
	t.Helper()
	t.Cleanup(func() { _ = c.Close() })
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = sdk.Implementation{Name: name, Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("initialize as %s: %v", name, err)
	}
	return &Agent{t: t, c: c}
}

// HTTPAgent is an agent, called name, of the streamable-HTTP MCP endpoint
// at url (http://host:port/mcp). It disconnects when the test ends.
func HTTPAgent(ctx context.Context, t testing.TB, url, name string) *Agent {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		_ = c.Close()
		t.Fatalf("start an HTTP client of %s: %v", url, err)
	}
	return connect(ctx, t, c, name)
}

// StdioAgent is an agent, called name, of the program command run with
// args, over its standard input and output (as facet.Main serves with
// --mcp stdio). The program is stopped when the test ends.
func StdioAgent(ctx context.Context, t testing.TB, name, command string, args ...string) *Agent {
	t.Helper()
	c, err := client.NewStdioMCPClient(command, nil, args...)
	if err != nil {
		t.Fatalf("start %s over stdio: %v", command, err)
	}
	return connect(ctx, t, c, name)
}

// Call calls tool name with args and returns the text it answered; an
// error, or an error result, fails the test.
func (a *Agent) Call(ctx context.Context, name string, args map[string]any) string {
	a.t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := a.c.CallTool(ctx, req)
	if err != nil {
		a.t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	if res.IsError {
		a.t.Fatalf("%s: %s", name, b.String())
	}
	return b.String()
}
