package main

import (
	"testing"
	"time"

	"github.com/facetui/facet/render/mcp"
)

// TestToolsFlag: --tools reaches mcp.Options.ToolList (full when absent);
// any other value is a usage error naming both.
func TestToolsFlag(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
		err  string
	}{
		{"absent: full", []string{"--mcp"}, mcp.ToolListFull, ""},
		{"compact", []string{"--mcp", "--tools=compact"}, mcp.ToolListCompact, ""},
		{"unknown", []string{"--mcp", "--tools=tiny"}, "", `--tools "tiny": use full or compact`},
		{"without MCP", []string{"--tools=compact"}, "", "--tools and --session-tools shape MCP's tool list: add --mcp"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts, ok := parsedMCPOptions(t, c.args, c.err)
			if !ok {
				return
			}
			if got := opts.ToolList; got != c.want {
				t.Fatalf("ToolList = %q, want %q", got, c.want)
			}
		})
	}
}

// TestSessionToolsFlag: --session-tools N reaches
// mcp.Options.MaxSessionTools (64 when absent).
func TestSessionToolsFlag(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want int
		err  string
	}{
		{"absent: the default", []string{"--mcp"}, mcp.DefaultMaxSessionTools, ""},
		{"given", []string{"--mcp", "--session-tools", "30"}, 30, ""},
		{"zero", []string{"--mcp", "--session-tools", "0"}, 0, "-session-tools: must be a whole number, 1 or more"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts, ok := parsedMCPOptions(t, c.args, c.err)
			if !ok {
				return
			}
			if got := opts.MaxSessionTools; got != c.want {
				t.Fatalf("MaxSessionTools = %d, want %d", got, c.want)
			}
		})
	}
}

// TestHTTPLimitFlags: the --http limits reach mcp.HTTPOptions, with the
// package defaults when absent.
func TestHTTPLimitFlags(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want mcp.HTTPOptions
		err  string
	}{
		{"absent: the defaults", []string{"--mcp"}, mcp.HTTPOptions{MaxSessions: mcp.DefaultHTTPMaxSessions, MaxStreams: mcp.DefaultMaxStreams, MaxBodyBytes: mcp.DefaultMaxBodyBytes, AgentIdle: mcp.DefaultAgentIdle}, ""},
		{"given", []string{"--http=127.0.0.1:0", "--http-max-sessions=5", "--http-max-streams=6", "--http-max-body=7000", "--http-agent-idle=9s"}, mcp.HTTPOptions{MaxSessions: 5, MaxStreams: 6, MaxBodyBytes: 7000, AgentIdle: 9 * time.Second}, ""},
		{"zero idle", []string{"--http=127.0.0.1:0", "--http-agent-idle=0s"}, mcp.HTTPOptions{}, "--http-agent-idle 0s: must be more than 0"},
		{"zero sessions", []string{"--mcp", "--http-max-sessions=0"}, mcp.HTTPOptions{}, "-http-max-sessions: must be a whole number, 1 or more"},
		{"without --http", []string{"--mcp", "--http-max-body=10"}, mcp.HTTPOptions{}, "limit --http: add --http ADDR"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts, ok := parsedMCPOptions(t, c.args, c.err)
			if !ok {
				return
			}
			if h := opts.HTTP; h.MaxSessions != c.want.MaxSessions || h.MaxStreams != c.want.MaxStreams || h.MaxBodyBytes != c.want.MaxBodyBytes || h.AgentIdle != c.want.AgentIdle {
				t.Fatalf("HTTP options %+v, want %+v", h, c.want)
			}
		})
	}
}

// TestSchemasFlag: --schemas=strict reaches mcp.Options.Schemas (the
// default when absent); any other value is a usage error.
func TestSchemasFlag(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
		err  string
	}{
		{"absent: the default", []string{"--mcp"}, mcp.SchemasDefault, ""},
		{"strict", []string{"--mcp", "--schemas=strict"}, mcp.SchemasStrict, ""},
		{"unknown", []string{"--mcp", "--schemas=loose"}, "", `--schemas "loose": use strict`},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts, ok := parsedMCPOptions(t, c.args, c.err)
			if !ok {
				return
			}
			if got := opts.Schemas; got != c.want {
				t.Fatalf("Schemas = %q, want %q", got, c.want)
			}
		})
	}
}
