package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// goCaller is mcp-go's stdio client, timed in this process.
type goCaller struct {
	c *client.Client
}

// dialGo starts server and connects mcp-go's client to it.
func dialGo(ctx context.Context, server serverCommand) (caller, error) {
	c, err := client.NewStdioMCPClient(server.path, server.env, server.args...)
	if err != nil {
		return nil, fmt.Errorf("bench: starting the MCP server: %w", err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "facet-bench", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		c.Close()
		return nil, fmt.Errorf("bench: initialize: %w", err)
	}
	return &goCaller{c: c}, nil
}

func (g *goCaller) call(ctx context.Context, tool string, args map[string]any, wantBytes bool) (answer, error) {
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	start := time.Now()
	res, err := g.c.CallTool(ctx, req)
	took := time.Since(start)
	if err != nil {
		return answer{}, err
	}
	a := answer{res: res, took: took}
	if wantBytes {
		b, err := json.Marshal(res)
		if err != nil {
			return answer{}, fmt.Errorf("encoding its answer: %w", err)
		}
		a.bytes = len(b)
	}
	return a, nil
}

func (g *goCaller) name() string { return "mcp-go" }

func (g *goCaller) Close() error { return g.c.Close() }
