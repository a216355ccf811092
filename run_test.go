package facet_test

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/facetui/facet"
	"github.com/facetui/facet/internal/termtest"
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
			var log termtest.SyncBuffer
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
