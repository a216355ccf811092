// Command mediaplayer is a music player: a playlist, a timeline that plays,
// pauses and seeks, and tabs between them. It runs in the terminal, or
// serves itself over MCP on stdio with --mcp.
//
//	go run ./examples/mediaplayer
//	go run ./examples/mediaplayer --mcp
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
		fmt.Fprintf(os.Stderr, "mediaplayer: %v\n", err)
		os.Exit(1)
	}
}

// run runs the player in the terminal, or serves it over MCP on stdio,
// where an agent starts it with facet_start {"app": "player"}.
func run(ctx context.Context, serveMCP bool) error {
	app := mcp.App{Name: "player", Title: "Media player", Description: "A playlist and a timeline that plays, pauses and seeks.",
		New: func() tea.Model { return newPlayer(time.Second) }}
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
