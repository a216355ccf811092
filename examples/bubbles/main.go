// Command bubbles puts Bubble Tea components in a Facet app: bubbles'
// textinput and a custom uploader (spinner and progress bar) each sit in a
// widgets.Bubble beside Facet widgets. A person types and presses Upload;
// an agent over MCP does the same with bubbles_file_send_keys and
// bubbles_start_click and reads bubbles_upload_get_progress.
//
//	go run ./examples/bubbles
//	go run ./examples/bubbles --mcp
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"time"

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
		fmt.Fprintf(os.Stderr, "bubbles: %v\n", err)
		os.Exit(1)
	}
}

// run runs the app in the terminal, or serves it over MCP on stdio, where
// an agent starts it with facet_start {"app": "bubbles"}.
func run(ctx context.Context, serveMCP bool) error {
	app := mcp.App{Name: "bubbles", Title: "Bubble Tea components", Description: "Upload a file: bubbles' textinput, spinner and progress in a Facet app.",
		New: func() tea.Model { return newApp(400 * time.Millisecond) }}
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
