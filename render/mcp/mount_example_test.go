package mcp_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// ExampleServer_Mount adds Facet's tools and resources to an
// application's own mcp-go server, which keeps serving its own as well.
// Its clients read a session's widgets there, through Facet's
// ReadAuthorizer.
func ExampleServer_Mount() {
	facetSrv, err := mcp.New(mcp.Options{
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return app{} }}},
		Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll(), AllowedReadMethods: []string{"resources/*"}},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer facetSrv.Close()
	ctx := context.Background()
	if _, err := facetSrv.StartSession(ctx, "demo", "counter", app{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer facetSrv.Sessions().StopAll()

	// The application's server: hooks, so Facet can gate what it mounts.
	yours := server.NewMCPServer("your-app", "1.0.0",
		server.WithHooks(&server.Hooks{}),
		server.WithToolCapabilities(true),
		server.WithResourceCapabilities(true, true))
	if err := facetSrv.Mount(yours); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}

	// Any transport serving yours now serves Facet too; here, in process.
	res := yours.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"`+mcp.WidgetsURI("demo")+`"}}`))
	if r, ok := res.(sdk.JSONRPCResponse); ok {
		if read, ok := r.Result.(sdk.ReadResourceResult); ok && len(read.Contents) == 1 {
			text := read.Contents[0].(sdk.TextResourceContents).Text
			fmt.Println("the button is in", mcp.WidgetsURI("demo"), strings.Contains(text, `"id":"inc"`))
		}
	}
	// Output: the button is in facet://session/demo/widgets true
}
