package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
)

var agentToolNames = []string{agent.ToolName}

// TestAgentToolsSwitch: the seed's defaults (served when the run is booted
// for MCP, not when MCP rides beside a terminal, SSH or the browser) and
// --agent-tools, whose off keeps them out everywhere.
func TestAgentToolsSwitch(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	pipe := &bytes.Buffer{} // not a file: isTerminal takes it for one
	cases := []struct {
		name  string
		args  []string
		stdin io.Reader
		want  bool
		err   string
	}{
		{"--mcp: booted for MCP", []string{"--mcp"}, pipe, true, ""},
		{"--mcp --http", []string{"--mcp", "--http", "127.0.0.1:0"}, pipe, true, ""},
		{"--http with no terminal: a service", []string{"--http", "127.0.0.1:0"}, devNull, true, ""},
		{"--http beside the terminal", []string{"--http", "127.0.0.1:0"}, pipe, false, ""},
		{"--http beside SSH", []string{"--ssh", "127.0.0.1:0", "--http", "127.0.0.1:0"}, devNull, false, ""},
		{"--mcp beside the browser", []string{"--mcp", "--web", "127.0.0.1:0"}, pipe, false, ""},
		{"asked for beside the terminal", []string{"--http", "127.0.0.1:0", "--agent-tools=on"}, pipe, true, ""},
		{"asked for beside SSH", []string{"--ssh", "127.0.0.1:0", "--http", "127.0.0.1:0", "--agent-tools=on"}, devNull, true, ""},
		{"off with --mcp", []string{"--mcp", "--agent-tools=off"}, pipe, false, ""},
		{"off as a service", []string{"--http", "127.0.0.1:0", "--agent-tools=off"}, devNull, false, ""},
		{"--spawnable= keeps the switch's answer", []string{"--mcp", "--spawnable="}, pipe, true, ""},
		{"--spawnable beside the terminal", []string{"--http", "127.0.0.1:0", "--spawnable=explorer"}, pipe, false, "add --agent-tools=on"},
		{"--spawnable with off", []string{"--mcp", "--agent-tools=off", "--spawnable=explorer"}, pipe, false, "--agent-tools=off leaves out"},
		{"a value that is not on or off", []string{"--mcp", "--agent-tools=yes"}, pipe, false, `"yes": use on or off`},
		{"without MCP", []string{"--agent-tools=on"}, pipe, false, "add --mcp or --http"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := parseOptions(c.args)
			var served bool
			if err == nil {
				srv, serr := mcp.New(o.mcp.serverOptions(noEnv, tea.NewSessions(), nil))
				if serr != nil {
					t.Fatal(serr)
				}
				defer srv.Close()
				am, aerr := serveAgents(srv, o, c.stdin, nil)
				if am != nil {
					defer am.Close()
				}
				err = aerr
				listed := mcptest.ListedTools(t, srv)
				for _, name := range agentToolNames {
					_, ok := listed[name]
					if ok != (am != nil) {
						t.Fatalf("%s listed: %v, manager: %v", name, ok, am != nil)
					}
					served = ok
				}
			}
			if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
			if served != c.want {
				t.Fatalf("agent tools served: %v, want %v", served, c.want)
			}
		})
	}
	if !mcphost.ToolsDefault.Serve(true) || mcphost.ToolsDefault.Serve(false) {
		t.Fatal("the default is not the seed's")
	}
}

// baseListBudget is the most bytes the base tools/list (no session
// running) may take as sent over stdio: every client pays it every turn.
const baseListBudget = 4096

// TestBuiltPlaygroundBaseToolListFitsItsBudget: through the built binary
// over stdio, the base tools/list of --mcp (no session; the agent tool
// included, as --mcp serves it by default) takes at most baseListBudget
// bytes, the whole JSON-RPC response as sent, in full and compact mode;
// --agent-tools=off lists no agent tool. Each tool's share is logged.
func TestBuiltPlaygroundBaseToolListFitsItsBudget(t *testing.T) {
	on := stdioPlayground(t)
	_, size := on.request("tools/list", map[string]any{})
	tools := on.tools()
	for _, name := range agentToolNames {
		if _, ok := tools[name]; !ok {
			t.Errorf("--mcp does not list %s", name)
		}
	}
	names := slices.Sorted(maps.Keys(tools))
	shares := make([]string, len(names))
	for i, name := range names {
		shares[i] = fmt.Sprintf("%s %d B", name, tools[name].bytes)
	}
	report := fmt.Sprintf("base tools/list over stdio: %d B for %d tools (%s)", size, len(tools), strings.Join(shares, ", "))
	t.Log(report)
	if size > baseListBudget {
		t.Errorf("over the budget of %d B: %s", baseListBudget, report)
	}
	_, compact := stdioPlayground(t, "--tools=compact").request("tools/list", map[string]any{})
	if compact > baseListBudget {
		t.Errorf("compact mode's base tools/list is %d B, over the budget of %d B", compact, baseListBudget)
	}
	off := stdioPlayground(t, "--agent-tools=off")
	_, without := off.request("tools/list", map[string]any{})
	for name := range off.tools() {
		if strings.HasPrefix(name, "agent") {
			t.Errorf("--agent-tools=off lists %s", name)
		}
	}
	t.Logf("%d B without the agent tool, %d B in compact mode", without, compact)
}
