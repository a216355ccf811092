package facet

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

func TestParseFlagsChoosesWhereToServe(t *testing.T) {
	app := tea.App{Name: "counter", New: func() tea.Model { return nil }}
	cases := []struct {
		name     string
		args     []string
		terminal bool
		want     Options // App is app
		err      string  // a part of the error; "" means none
	}{
		{"a terminal alone", nil, true, Options{Terminal: true}, ""},
		{"everywhere", []string{"--ssh", "127.0.0.1:2222", "--web", "127.0.0.1:8080", "--mcp", "127.0.0.1:8081"}, true,
			Options{Terminal: true, SSH: "127.0.0.1:2222", Web: "127.0.0.1:8080", MCP: "127.0.0.1:8081"}, ""},
		{"no terminal, a server", []string{"--web", ":8080"}, false, Options{Web: ":8080"}, ""},
		{"MCP on stdio takes the terminal's input", []string{"--mcp", "stdio"}, true, Options{MCP: Stdio}, ""},
		{"nothing", nil, false, Options{}, "nothing to serve"},
		{"an argument", []string{"serve"}, true, Options{}, `unexpected arguments ["serve"]`},
		{"an unknown flag", []string{"--http", ":1"}, true, Options{}, "not defined: -http"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := flag.NewFlagSet("counter", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			got, err := parseFlags(fs, c.args, app, c.terminal)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("parseFlags(%q) = %v, want an error with %q", c.args, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("parseFlags(%q) = %v", c.args, err)
			}
			if got.App.Name != app.Name || got.Terminal != c.want.Terminal || got.SSH != c.want.SSH || got.Web != c.want.Web || got.MCP != c.want.MCP {
				t.Fatalf("parseFlags(%q) = terminal %v, ssh %q, web %q, mcp %q; want %+v",
					c.args, got.Terminal, got.SSH, got.Web, got.MCP, c.want)
			}
		})
	}
}

func TestRunRefusesOptionsThatCannotWork(t *testing.T) {
	app := tea.App{Name: "counter", New: func() tea.Model { return nil }}
	cases := []struct {
		name string
		opts Options
		err  string
	}{
		{"no app", Options{Terminal: true}, "Options.App: app \"\": Name"},
		{"a bad catalog entry", Options{App: app, Apps: []tea.App{app, {Name: "x"}}, Web: ":0"}, "Options.Apps[1]: app \"x\": New"},
		{"nothing to serve", Options{App: app}, "nothing to serve"},
		{"terminal and stdio", Options{App: app, Terminal: true, MCP: Stdio}, "both need standard input"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := c.opts.resolve(); err == nil || !strings.Contains(err.Error(), c.err) {
				t.Fatalf("resolve() = %v, want an error with %q", err, c.err)
			}
		})
	}
}
