// Command signup is a sign-up form with validation and a masked password.
// It runs in the terminal, or serves itself over MCP on stdio with --mcp.
//
//	go run ./examples/signup
//	go run ./examples/signup --mcp
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

func main() {
	serveMCP := flag.Bool("mcp", false, "serve the app over MCP on stdin/stdout instead of the terminal")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, *serveMCP)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "signup: %v\n", err)
		os.Exit(1)
	}
}

// run runs the form in the terminal, or serves it over MCP on stdio, where
// an agent starts it with facet_start {"app": "signup"}.
func run(ctx context.Context, serveMCP bool) error {
	app := mcp.App{Name: "signup", Title: "Sign up", Description: "Create an account: validated fields and a masked password.",
		New: func() tea.Model { return newSignup() }}
	if !serveMCP {
		return terminal.Run(ctx, app.New(), terminal.WithAppName(app.Name))
	}
	srv, err := mcp.New(mcp.Options{Apps: []mcp.App{app}, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))})
	if err != nil {
		return err
	}
	defer srv.Close()
	return srv.ServeStdio(ctx, os.Stdin, os.Stdout)
}
