package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/mcphost"
	"github.com/facetui/facet/render/mcp"
)

// The noninterference property (noninterference_test.go) spawns agents
// through the real agent tool and reads their journals: this file
// installs them, as package mcp_test, since mcphost imports package mcp.
func init() { mcp.ScriptAgents = scriptAgents }

// scriptStep is one step of a script agent (noninterference_test.go's
// agentStep, without agents of its own).
type scriptStep struct {
	Tool string         `json:"tool"`
	Args map[string]any `json:"args"`
	Read string         `json:"read"`
}

// scriptAgent takes its steps once its gate opens.
type scriptAgent struct {
	steps []scriptStep
	gate  chan struct{}
}

func (a *scriptAgent) Run(ctx context.Context, env *agent.Env) error {
	select {
	case <-a.gate:
	case <-ctx.Done():
		return ctx.Err()
	}
	for _, s := range a.steps {
		var err error
		if s.Read != "" {
			_, err = env.Conn.Read(ctx, s.Read)
		} else {
			_, err = env.Conn.Call(ctx, s.Tool, s.Args)
		}
		if err != nil && ctx.Err() != nil {
			return err
		}
	}
	return nil
}

func (a *scriptAgent) Ask(context.Context, string) (string, error) { return "I follow a script.", nil }
func (a *scriptAgent) Status() map[string]any                      { return map[string]any{"script": len(a.steps)} }

func scriptAgents(srv *mcp.Server) (func(ctx context.Context, id string) error, func(), error) {
	var mu sync.Mutex
	gates := map[string]chan struct{}{}
	m, err := mcphost.Install(srv, agent.Options{Kinds: map[string]agent.Factory{"script": func(spec agent.Spec) (agent.Agent, error) {
		var steps []scriptStep
		if err := json.Unmarshal([]byte(spec.Goal), &steps); err != nil {
			return nil, fmt.Errorf("the goal is not a script of steps: %w", err)
		}
		gate := make(chan struct{})
		mu.Lock()
		gates[spec.ID] = gate
		mu.Unlock()
		return &scriptAgent{steps: steps, gate: gate}, nil
	}}})
	if err != nil {
		return nil, nil, err
	}
	run := func(ctx context.Context, id string) error {
		mu.Lock()
		gate := gates[id]
		delete(gates, id)
		mu.Unlock()
		if gate == nil {
			return fmt.Errorf("no agent %s was spawned", id)
		}
		close(gate)
		_, err := m.Wait(ctx, id)
		return err
	}
	return run, m.Close, nil
}
