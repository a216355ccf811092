package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// The clients -client chooses from.
const (
	clientGo = "go" // mcp-go's client, in this process
	clientTS = "ts" // the official TypeScript SDK's, in node
)

// caller is one MCP client connected to its own server, making the calls
// measureCalls times.
type caller interface {
	// call calls tool with args and answers its result and how long the
	// call took as the client timed it; with wantBytes, also the result's
	// size as the client encodes it again.
	call(ctx context.Context, tool string, args map[string]any, wantBytes bool) (answer, error)
	// name names the client (and its version) for the table's header.
	name() string
	// Close ends the client and the server it started.
	Close() error
}

// answer is a call's result as a caller received it.
type answer struct {
	res   *sdk.CallToolResult
	took  time.Duration
	bytes int
}

// dialer starts server and connects a new client to it.
type dialer func(ctx context.Context, server serverCommand) (caller, error)

// newDialer is the dialer of client, one of clientGo and clientTS. The
// TypeScript client is installed first when it is not (see
// installTSClient), with npm's progress on log.
func newDialer(ctx context.Context, client string, log io.Writer) (dialer, error) {
	switch client {
	case clientGo:
		return dialGo, nil
	case clientTS:
		root, err := os.UserCacheDir()
		if err != nil {
			root = os.TempDir()
		}
		tc, err := installTSClient(ctx, root, log)
		if err != nil {
			return nil, err
		}
		return tc.dial, nil
	}
	return nil, fmt.Errorf("-client %q: one of %s (mcp-go) or %s (the TypeScript SDK, in node)", client, clientGo, clientTS)
}
