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
	defer stop()
	if err := run(ctx, *serveMCP); err != nil {
		fmt.Fprintln(os.Stderr, "mediaplayer:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, serveMCP bool) error {
	if !serveMCP {
		return terminal.Run(ctx, newPlayer(time.Second), terminal.WithAppName("mediaplayer"))
	}
	srv, err := mcp.New(mcp.Options{
		Apps: []mcp.App{{Name: "player", Title: "Media player", Description: "A playlist and a timeline that plays, pauses and seeks.",
			New: func() tea.Model { return newPlayer(time.Second) }}},
		Logger: slog.New(slog.NewTextHandler(os.Stderr, nil)),
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	return srv.ServeStdio(ctx, os.Stdin, os.Stdout)
}
