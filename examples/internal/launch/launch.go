// Package launch is how each example starts: in the terminal, or, with
// --mcp, serving itself over MCP on stdio so an agent drives the same app.
package launch

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
)

// Main parses the command line (--mcp, plus any flags the caller declared
// on flag.CommandLine), runs prepare (a mistake there exits with status 2),
// and then runs app until the user quits or stdin closes (status 1 on
// error). Over MCP the app is the one startable app: facet_start {"app":
// app.Name}. Nothing is configured, so the development policy applies.
func Main(app mcp.App, prepare func() error) {
	serveMCP := flag.Bool("mcp", false, "serve the app over MCP on stdin/stdout instead of the terminal")
	flag.Parse()
	if prepare != nil {
		if err := prepare(); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", app.Name, err)
			os.Exit(2)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Run(ctx, app, *serveMCP); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", app.Name, err)
		os.Exit(1)
	}
}

// Run runs app in the terminal, or serves it over MCP on stdio.
func Run(ctx context.Context, app mcp.App, serveMCP bool) error {
	if !serveMCP {
		return terminal.Run(ctx, app.New(), terminal.WithAppName(app.Name))
	}
	srv, err := mcp.New(mcp.Options{
		Apps:   []mcp.App{app},
		Logger: slog.New(slog.NewTextHandler(os.Stderr, nil)),
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	return srv.ServeStdio(ctx, os.Stdin, os.Stdout)
}
