package main

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// TestDefaultStartableIsPinned: a new demo becomes startable over MCP only
// through a reviewed change to this list.
func TestDefaultStartableIsPinned(t *testing.T) {
	want := []string{"search", "login", "counter", "files", "player", "tabs", "log", "menu", "confirm", "gallery"}
	if got := mcp.DefaultStartable(mcpApps()); !slices.Equal(got, want) {
		t.Fatalf("default startable apps = %v\nwant %v", got, want)
	}
}

func TestPolicyFlags(t *testing.T) {
	env := func(prod string) func(string) string {
		return func(k string) string {
			if k == "FACET_ENV" {
				return prod
			}
			return ""
		}
	}
	cases := []struct {
		name       string
		args       []string
		env        string
		source     string
		production bool
		network    bool
	}{
		{"nothing: visible development default", nil, "", mcp.SourceDefault, false, false},
		{"production by flag", []string{"--production"}, "", mcp.SourceDefault, true, false},
		{"production by environment", nil, "production", mcp.SourceDefault, true, false},
		{"empty allow list is configured", []string{"--allow-tools="}, "", mcp.SourceConfigured, false, false},
		{"allow list and read methods open the network", []string{"--allow-tools=facet_list", "--allow-read-methods=tools/list"}, "", mcp.SourceConfigured, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := parseOptions(append([]string{"--mcp"}, c.args...))
			if err != nil {
				t.Fatal(err)
			}
			var logs strings.Builder
			opts := o.mcp.serverOptions(env(c.env), tea.NewSessions(), slog.New(slog.NewTextHandler(&logs, nil)))
			srv, err := mcp.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			if !strings.Contains(logs.String(), "source="+c.source) || opts.Auth.Production != c.production {
				t.Fatalf("production %v; the server logged\n%s", opts.Auth.Production, logs.String())
			}
			if err := srv.NetworkReady(); (err == nil) != c.network {
				t.Fatalf("NetworkReady = %v", err)
			}
		})
	}
}

func TestHTTPRefusesWithoutAConfiguredPolicy(t *testing.T) {
	err := run(context.Background(), []string{"--http", "127.0.0.1:0"}, strings.NewReader(""), &strings.Builder{}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "Authorizer") {
		t.Fatalf("err = %v", err)
	}
}

// TestBinaryOverStdio drives the built playground as a client would: a
// real process, JSON-RPC over its stdin and stdout.
func TestBinaryOverStdio(t *testing.T) {
	w := stdioPlayground(t)
	if w.server.Name != "facet" {
		t.Fatalf("server name %q", w.server.Name)
	}
	call := func(name string, args map[string]any) string {
		t.Helper()
		return w.mustCall(name, args).text()
	}
	if out := call("facet_start", map[string]any{"app": "search", "id": "demo"}); !strings.Contains(out, "Session started: demo") || !strings.Contains(out, "demo_<widget>_<action>") || !strings.Contains(out, "[get_rows, select_row, sort]") {
		t.Fatalf("start: %s", out)
	}
	call("demo_search_type_into", map[string]any{"text": "kubernetes"})
	call("demo_submit_click", nil)
	call("demo.results.sort", map[string]any{"column": "stars", "direction": "asc"}) // the seed's spelling works too
	rows := call("demo_results_get_rows", map[string]any{"limit": 3.0})
	if !strings.Contains(strings.ToLower(rows), "kubernetes") {
		t.Fatalf("rows after searching: %s", rows)
	}
	if shot := call("facet_screenshot", map[string]any{"id": "demo"}); !strings.Contains(shot, "repositor") {
		t.Fatalf("screenshot:\n%s", shot)
	}
	names := slices.Sorted(maps.Keys(w.tools()))
	if !slices.Contains(names, "demo_results_get_rows") || !slices.Contains(names, "facet_act") {
		t.Fatalf("tools: %v", names)
	}
	rule := regexp.MustCompile(toolname.NameRule)
	for _, n := range names {
		if !rule.MatchString(n) {
			t.Errorf("tool name %q breaks %s, so clients refuse the whole list", n, toolname.NameRule)
		}
	}
}

// TestMaxSessionsFlag: --max-sessions N reaches mcp.Options.MaxSessions
// (32 when absent) and facet_start refuses past it; mistakes are usage
// errors.
func TestMaxSessionsFlag(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want int    // the cap
		err  string // what the usage error says, when it is one
	}{
		{"absent: the default", []string{"--mcp", "--max-sessions-per-client", "64"}, mcp.DefaultMaxSessions, ""},
		{"given", []string{"--mcp", "--max-sessions", "2"}, 2, ""},
		{"zero", []string{"--mcp", "--max-sessions", "0"}, 0, "-max-sessions: must be a whole number, 1 or more"},
		{"not a number", []string{"--mcp", "--max-sessions=many"}, 0, "-max-sessions: must be a whole number"},
		{"without MCP", []string{"--max-sessions", "2"}, 0, "--max-sessions-per-client and --production configure MCP: add --mcp"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, ok := parsedMCPOptions(t, c.args, c.err)
			if !ok {
				return
			}
			if opts.MaxSessions != c.want {
				t.Fatalf("MaxSessions = %d, want %d", opts.MaxSessions, c.want)
			}
			cl := inProcessClient(t, newMCPServer(t, opts), "flag-test", nil)
			ctx := context.Background()
			start := func(id string) *sdk.CallToolResult {
				req := sdk.CallToolRequest{}
				req.Params.Name, req.Params.Arguments = "facet_start", map[string]any{"app": "counter", "id": id}
				res, err := cl.CallTool(ctx, req)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			for i := range c.want {
				if res := start(fmt.Sprintf("s%d", i)); res.IsError {
					t.Fatalf("start %d of %d refused: %v", i+1, c.want, res.Content)
				}
			}
			res := start("over")
			refusal, _ := res.Content[0].(sdk.TextContent)
			if !res.IsError || !strings.Contains(refusal.Text, fmt.Sprintf("limit of %d", c.want)) {
				t.Fatalf("start past the cap: %+v", res.Content)
			}
		})
	}
}

// TestMaxSessionsPerClientFlag: --max-sessions-per-client N reaches
// mcp.Options.MaxSessionsPerClient (the default, or --max-sessions when
// that is smaller, when absent); mistakes are usage errors.
func TestMaxSessionsPerClientFlag(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want int
		err  string
	}{
		{"absent: the default", []string{"--mcp"}, mcp.DefaultMaxSessionsPerClient, ""},
		{"absent, under a smaller --max-sessions", []string{"--mcp", "--max-sessions", "3"}, 3, ""},
		{"given", []string{"--mcp", "--max-sessions-per-client", "2"}, 2, ""},
		{"zero", []string{"--mcp", "--max-sessions-per-client", "0"}, 0, "-max-sessions-per-client: must be a whole number, 1 or more"},
		{"without MCP", []string{"--max-sessions-per-client", "2"}, 0, "--max-sessions-per-client and --production configure MCP: add --mcp"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, ok := parsedMCPOptions(t, c.args, c.err)
			if !ok {
				return
			}
			if got := opts.MaxSessionsPerClient; got != c.want {
				t.Fatalf("MaxSessionsPerClient = %d, want %d", got, c.want)
			}
		})
	}
}
