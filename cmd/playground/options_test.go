package main

import (
	"io"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// parsedMCPOptions parses args as the playground's command line and
// returns the MCP server options they make, with no environment. With
// usageErr set, the parse must instead fail with a usage error (exit
// status 2) mentioning it, and ok is false.
func parsedMCPOptions(t *testing.T, args []string, usageErr string) (opts mcp.Options, ok bool) {
	t.Helper()
	o, err := parseOptions(args)
	if usageErr != "" {
		if err == nil || !strings.Contains(err.Error(), usageErr) || exitCode(err, io.Discard) != 2 {
			t.Fatalf("parse %v = %v, want a usage error mentioning %q", args, err, usageErr)
		}
		return mcp.Options{}, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return o.mcp.serverOptions(noEnv, tea.NewSessions(), nil), true
}

// noEnv is an environment with no variable set.
func noEnv(string) string { return "" }
