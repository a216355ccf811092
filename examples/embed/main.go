// Command embed is an existing Bubble Tea program that embeds a Facet
// screen with bubble.Model, while the same Facet session is served to
// agents over MCP on HTTP: a person votes in the terminal, an agent votes
// with embed_yes_click, and both see one tally.
//
//	go run ./examples/embed --mcp 127.0.0.1:8766
//	claude mcp add --transport http embed http://127.0.0.1:8766/mcp
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet"
	"github.com/facetui/facet/bubble"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

func main() {
	addr := flag.String("mcp", "127.0.0.1:8766", "serve MCP to agents over HTTP on `ADDR`")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := serve(ctx, *addr, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "embed: %v\n", err)
		os.Exit(1)
	}
}

// sessionID is the session the program shows and agents act on.
const sessionID = "embed"

// serve starts the poll as a session, serves it to agents over HTTP on
// addr (facet.Run) and runs the Bubble Tea program (stdin, stdout) until
// the person quits or ctx ends. extra options go to the Bubble Tea program
// (the test fixes the window size).
func serve(ctx context.Context, addr string, stdin io.Reader, stdout, stderr io.Writer, extra ...bt.ProgramOption) error {
	sessions := tea.NewSessions()
	defer sessions.StopAll()
	sess, err := sessions.Start(ctx, sessionID, "poll", poll{})
	if err != nil {
		return fmt.Errorf("start the session: %w", err)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	served := make(chan error, 1)
	go func() {
		err := facet.Run(ctx, facet.Options{
			App: tea.App{Name: "poll", Title: "Ship it?", New: func() tea.Model { return poll{} }},
			MCP: addr, Sessions: sessions, Log: stderr,
			// The agent may list, screenshot and vote: nothing else.
			MCPOptions: mcp.Options{
				AllowedTools:       []string{"facet_list", "facet_screenshot", sessionID + ".*", sessionID + "_*"},
				AllowedReadMethods: []string{"*"},
			},
		})
		if err != nil {
			cancel() // the program ends too: it would serve no agent
		}
		served <- err
	}()

	screen := bubble.New(ctx, sess.Runtime)
	defer screen.Close()
	opts := append([]bt.ProgramOption{bt.WithContext(ctx), bt.WithInput(stdin), bt.WithOutput(stdout)}, extra...)
	_, runErr := bt.NewProgram(parent{facet: screen}, opts...).Run()
	cancel()
	if err := <-served; err != nil {
		return fmt.Errorf("--mcp: %w", err)
	}
	if runErr != nil && ctx.Err() == nil {
		return fmt.Errorf("bubble tea: %w", runErr)
	}
	return nil
}
