package main

import (
	"errors"
	"flag"
	"fmt"
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
}

func addAgentFlags(fs *flag.FlagSet, o *agentOptions) {
	fs.Var(&o.spawnable, "spawnable", "agent kinds agent_spawn may start, comma-separated `LIST` (default: "+strings.Join(shippedKinds, ", ")+"; empty: none)")
}

// check refuses --spawnable without an MCP transport.
func (o *agentOptions) check(mcpEnabled bool) error {
	if o.spawnable.set && !mcpEnabled {
		return &usageError{err: errors.New("--spawnable configures agent_spawn: add --mcp or --http ADDR")}
	}
	return nil
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
