// Command shared is Facet's headline in one file: a person at this
// terminal and an agent over MCP (streamable HTTP) drive one running
// session, "live". A click by either is the same Update, and both see it.
//
//	go run ./examples/shared --http 127.0.0.1:8765
//	claude mcp add --transport http shared http://127.0.0.1:8765/mcp
//
// The agent calls facet_list, then live_inc_click (or live.inc.click) and
// facet_screenshot {"session": "live"}; the person presses Tab and Enter.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

func main() {
	addr := flag.String("http", "127.0.0.1:8765", "serve MCP over HTTP on `ADDR` (loopback: no Host names to configure)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := serve(ctx, *addr, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "shared: %v\n", err)
		os.Exit(1)
	}
}

// liveID is the session the terminal and the agent share.
const liveID = "live"

// serve starts the counter as session "live", serves MCP over HTTP on addr
// and draws the session on the terminal (stdin, stdout) until the person
// quits or ctx ends; then it stops the server too. extra options follow
// the terminal's defaults (the test fixes the screen size).
func serve(ctx context.Context, addr string, stdin io.Reader, stdout, stderr io.Writer, extra ...terminal.Option) error {
	// One session registry for both renderers: that is what makes the
	// session shared.
	sessions := tea.NewSessions()
	defer sessions.StopAll()
	srv, err := mcp.New(mcp.Options{
		Sessions: sessions,
		Logger:   slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		// A network transport needs a policy chosen here, not a default:
		// the agent may list sessions, take screenshots and use the live
		// session's own tools (in either spelling), and nothing else.
		Auth: mcp.AuthOptions{AllowedTools: []string{"facet_list", "facet_screenshot", liveID + ".*", liveID + "_*"}, AllowedReadMethods: []string{"*"}},
	})
	if err != nil {
		return fmt.Errorf("mcp server: %w", err)
	}
	defer srv.Close()
	if err := srv.NetworkReady(); err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	sess, err := srv.StartSession(ctx, liveID, "counter", newCounter())
	if err != nil {
		return fmt.Errorf("start the live session: %w", err)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	fmt.Fprintf(stderr, "shared: agents connect to http://%s/mcp (session %q)\n", ln.Addr(), liveID)

	// The terminal draws and drives the running session; it does not own
	// it, so an agent keeps the same model whoever acts.
	topts := append([]terminal.Option{terminal.WithRuntime(sess.Runtime), terminal.WithInput(stdin),
		terminal.WithOutput(stdout), terminal.WithAppName("shared")}, extra...)
	runErr := terminal.Run(ctx, nil, topts...)
	cancel()
	if err := <-served; err != nil {
		return fmt.Errorf("--http: %w", err)
	}
	if runErr != nil && ctx.Err() == nil {
		return fmt.Errorf("terminal: %w", runErr)
	}
	return nil
}
