// Command todo is a small to-do list: type a task, add it, mark it done,
// and delete it after a confirmation. It runs in the terminal, or serves
// itself over MCP on stdio with --mcp, so an agent can drive the same app.
//
//	go run ./examples/todo
//	go run ./examples/todo --mcp
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
		fmt.Fprintf(os.Stderr, "todo: %v\n", err)
		os.Exit(1)
	}
}

// run runs the to-do list in the terminal, or serves it over MCP on stdio,
// where an agent starts it with facet_start {"app": "todo"}.
func run(ctx context.Context, serveMCP bool) error {
	app := mcp.App{Name: "todo", Title: "To-do list", Description: "Add, complete and delete tasks.",
		New: func() tea.Model { return newTodo() }}
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
