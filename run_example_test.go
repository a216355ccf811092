package facet_test

import (
	"context"
	"os"
	"os/signal"

	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

// ExampleRun serves the counter of Example in this terminal, over SSH with
// a host key of its own and only the listed keys, to browsers and to
// agents, until the person quits or the process is interrupted: Main
// without the flags, for a program that chooses where it serves.
func ExampleRun() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := facet.Options{
		App:      tea.App{Name: "counter", Title: "Counter", New: func() tea.Model { return counter{} }},
		Terminal: true,
		SSH:      "127.0.0.1:2222",
		Web:      "127.0.0.1:8080",
		MCP:      "127.0.0.1:8081",
	}
	opts.SSHOptions.HostKeyPath = "counter_host_key"
	opts.SSHOptions.AuthorizedKeys = "authorized_keys"
	if err := facet.Run(ctx, opts); err != nil {
		panic(err)
	}
}
