package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/explorer"
	"github.com/facetui/facet/agent/llm"
	"github.com/facetui/facet/agent/mcphost"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
)

// shippedKinds are the agent kinds the playground ships, spawnable unless
// --spawnable names others.
var shippedKinds = []string{explorer.Kind, llm.Kind}

// agentOptions are the agent flags.
type agentOptions struct {
	spawnable listFlag
	tools     toolsFlag
}

// toolsFlag is --agent-tools: on or off, mcphost.ToolsDefault when not
// given.
type toolsFlag struct{ t mcphost.Tools }

func (f *toolsFlag) String() string { return string(f.t) }

func (f *toolsFlag) Set(s string) (err error) {
	f.t, err = mcphost.ParseTools(s)
	return err
}

func addAgentFlags(fs *flag.FlagSet, o *agentOptions) {
	fs.Var(&o.spawnable, "spawnable", "agent kinds the agent tool may spawn, comma-separated `LIST` (default: "+strings.Join(shippedKinds, ", ")+"; empty: none)")
	fs.Var(&o.tools, "agent-tools", "serve the agent tool (spawn, list, ask, status, stop) and journals: `on|off` (default: on when MCP is all this run serves, off beside a terminal, SSH or the browser)")
}

// check refuses --spawnable and --agent-tools without an MCP transport,
// and --spawnable with the agent tools off.
func (o *agentOptions) check(mcpEnabled bool) error {
	switch {
	case (o.spawnable.set || o.tools.t != mcphost.ToolsDefault) && !mcpEnabled:
		return &usageError{err: errors.New("--spawnable and --agent-tools configure MCP's agent tools: add --mcp or --http ADDR")}
	case o.spawnable.set && o.tools.t == mcphost.ToolsOff:
		return &usageError{err: errors.New("--spawnable configures the agent tool, which --agent-tools=off leaves out")}
	}
	return nil
}

// bootedForMCP reports whether MCP is all this run serves (the seed's
// "booted for MCP"): no SSH, no browser, and no terminal beside it (--mcp
// takes stdin for its client; --http alone with no terminal is a
// service).
func bootedForMCP(opts options, stdin io.Reader) bool {
	return opts.ssh.addr == "" && opts.web.addr == "" && (opts.mcp.stdio || !isTerminal(stdin))
}

// serveAgents installs the agents on srv when the agent tools switch says
// so for this run, and answers a nil manager when it does not.
func serveAgents(srv *mcp.Server, opts options, stdin io.Reader, logger *slog.Logger) (*agent.Manager, error) {
	o := opts.agents
	if !o.tools.t.Serve(bootedForMCP(opts, stdin)) {
		if o.spawnable.set {
			return nil, &usageError{err: errors.New("--spawnable configures the agent tool, which is not served beside a terminal, SSH or the browser: add --agent-tools=on")}
		}
		return nil, nil
	}
	return installAgents(srv, o, logger)
}

// agentKinds are the kinds the playground knows.
func agentKinds() map[string]agent.Factory {
	return map[string]agent.Factory{
		explorer.Kind: explorer.New(explorer.Options{Test: playgroundTest}),
		// Configured by FACET_LLM_PROVIDER, FACET_LLM_MODEL,
		// FACET_LLM_BASE_URL and OPENAI_API_KEY; refused until then.
		llm.Kind: llm.New(llm.Options{}),
	}
}

// playgroundTest is how the explorer's test makes a fresh demo.
func playgroundTest(app string) (string, []string) {
	for _, a := range playground.Catalog() {
		if a.Name == app {
			return "playground.New" + strings.ToUpper(app[:1]) + app[1:] + "()", []string{"github.com/facetui/facet/playground"}
		}
	}
	return "newApp()", nil
}

// installAgents serves the agent tools and journals on srv.
func installAgents(srv *mcp.Server, o agentOptions, logger *slog.Logger) (*agent.Manager, error) {
	spawnable := o.spawnable.list()
	if spawnable == nil {
		spawnable = shippedKinds
	}
	m, err := mcphost.Install(srv, agent.Options{Kinds: agentKinds(), Spawnable: spawnable, Logger: logger})
	if err != nil {
		return nil, &usageError{err: fmt.Errorf("--spawnable: %w", err)}
	}
	return m, nil
}
