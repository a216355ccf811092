// Command btprogram runs an unmodified Bubble Tea program (a picker of
// two bubbles lists) as a Facet session with bubble.Program: in the
// terminal as usual, or, with --mcp, served on stdio so an agent drives it
// with keys (facet_send_key, btprogram_program_send_keys; Tab reaches the
// program) and reads it with screenshots.
//
//	go run ./examples/btprogram
//	go run ./examples/btprogram --mcp
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"

	"github.com/facetui/facet/bubble"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

func main() {
	serveMCP := flag.Bool("mcp", false, "serve the program over MCP on stdin/stdout instead of the terminal")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, *serveMCP)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "btprogram: %v\n", err)
		os.Exit(1)
	}
}

// run runs the picker in the terminal, or serves it over MCP on stdio,
// where an agent starts it with facet_start {"app": "btprogram"}.
func run(ctx context.Context, serveMCP bool) error {
	app := mcp.App{Name: "btprogram", Title: "A Bubble Tea program", Description: "Pick fruit and vegetables from two lists: an unmodified Bubble Tea program.",
		New: func() tea.Model { return bubble.Program(newPicker()) }}
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
