package facet_test

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/facetui/facet"
	"github.com/facetui/facet/facettest"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// TestRunAnnouncesNothingWhenAnAddressIsTaken binds every address before
// it serves any: one taken port fails Run before anything is announced.
func TestRunAnnouncesNothingWhenAnAddressIsTaken(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	cases := []struct {
		name string
		opts facet.Options
		what string
	}{
		{"web", facet.Options{MCP: "127.0.0.1:0", Web: taken.Addr().String()}, "facet: Web"},
		{"mcp", facet.Options{Web: "127.0.0.1:0", MCP: taken.Addr().String()}, "facet: MCP"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var log facettest.SyncBuffer
			c.opts.App = tea.App{Name: "counter", New: func() tea.Model { return counter{} }}
			c.opts.Log = &log
			err := facet.Run(context.Background(), c.opts)
			if err == nil || !strings.Contains(err.Error(), c.what) {
				t.Fatalf("Run = %v, want an error from %s", err, c.what)
			}
			if strings.Contains(log.String(), "serving") {
				t.Fatalf("Run announced an address before failing:\n%s", log.String())
			}
		})
	}
}

// TestRunTheTerminalDetachesAgentsOnlyWhenThereAreAny runs the counter in
// an emulated terminal beside a browser server, with and without MCP: the
// detach key (Ctrl+]) is the terminal's only when agents can reach the
// session.
func TestRunTheTerminalDetachesAgentsOnlyWhenThereAreAny(t *testing.T) {
	cases := []struct {
		name     string
		mcp      string
		detaches bool
	}{
		{"without MCP", "", false},
		{"with MCP", "127.0.0.1:0", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			term := facettest.NewTerminal(t, 60, 10)
			var log facettest.SyncBuffer
			done := make(chan error, 1)
			go func() {
				done <- facet.Run(ctx, facet.Options{
					App:      tea.App{Name: "counter", New: func() tea.Model { return counter{} }},
					Terminal: true, Web: "127.0.0.1:0", MCP: c.mcp,
					Input: term, Output: term, Log: &log,
					TerminalOptions: []terminal.Option{terminal.WithSize(60, 10)},
				})
			}()
			facettest.Eventually(t, "the terminal", term.Screen, "Clicked 0 times", log.String)
			term.Type(t, "\x1d") // Ctrl+]
			term.Type(t, "\r")   // then the button: once it counts, Ctrl+] was handled
			facettest.Eventually(t, "the terminal", term.Screen, "Clicked 1 times", log.String)
			if got := strings.Contains(term.Screen(), "agents detached"); got != c.detaches {
				t.Errorf("after Ctrl+], the screen shows agents detached: %v, want %v:\n%s", got, c.detaches, term.Screen())
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatalf("Run after its context ended = %v, want nil", err)
			}
		})
	}
}
