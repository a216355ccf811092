package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
)

// Tools are the manager's MCP surface: agent_spawn, agent_list, agent_ask,
// agent_status and agent_stop. spawn, ask and stop are sensitive (they
// act, or reveal what an agent saw); list and status are not.
func (m *Manager) Tools() []Tool {
	obj := func(props map[string]any, required ...string) map[string]any {
		s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		return s
	}
	id := map[string]any{"type": "string", "description": "Agent id: 1-32 characters of [A-Za-z0-9_-]; agent and facet are reserved.", "pattern": "^[A-Za-z0-9_-]{1,32}$"}
	return []Tool{
		{Name: "agent_spawn", Title: "Spawn an agent", Sensitive: true,
			Description: "Start an agent on a session. It acts only through this server's tools, with your permissions, and keeps a journal (facet://agent/<id>/journal).",
			InputSchema: obj(map[string]any{
				"kind":    map[string]any{"type": "string", "description": "Agent kind.", "enum": m.Spawnable()},
				"id":      id,
				"session": map[string]any{"type": "string", "description": "Id of the session the agent works on."},
				"goal":    map[string]any{"type": "string", "description": "What the agent should achieve, in plain words (the llm agent needs one)."},
				"budget": obj(map[string]any{
					"steps":   map[string]any{"type": "integer", "minimum": 1, "maximum": MaxSteps, "default": DefaultSteps, "description": "Most tool calls the agent makes."},
					"seconds": map[string]any{"type": "integer", "minimum": 1, "maximum": int(MaxTime.Seconds()), "default": int(DefaultTime.Seconds()), "description": "Most seconds the agent runs."},
				}),
			}, "kind", "id", "session"),
			Handle: m.toolSpawn},
		{Name: "agent_list", Title: "List agents", ReadOnly: true, Description: "List agents: id, kind, session, status, steps and last action.",
			InputSchema: obj(map[string]any{}),
			Handle: func(ctx context.Context, _ map[string]any) (Reply, error) {
				list := m.listFor(ctx)
				lines := make([]string, 0, len(list))
				for _, i := range list {
					lines = append(lines, fmt.Sprintf("%s (%s) on %s: %s", i.ID, i.Kind, orNone(i.Session), i.Marker()+", "+i.Status))
				}
				if len(lines) == 0 {
					lines = append(lines, "No agents; start one with agent_spawn.")
				}
				return Reply{Text: strings.Join(lines, "\n"), Value: map[string]any{"agents": list}}, nil
			}},
		{Name: "agent_ask", Title: "Ask an agent", Sensitive: true, Description: "Ask an agent about its work (the explorer answers \"test\" with a Go test reproducing what it found).",
			InputSchema: obj(map[string]any{"id": id, "question": map[string]any{"type": "string"}}, "id", "question"),
			Handle: func(ctx context.Context, args map[string]any) (Reply, error) {
				if err := m.reach(ctx, str(args, "id")); err != nil {
					return Reply{}, err
				}
				a, err := m.Ask(ctx, str(args, "id"), str(args, "question"))
				if err != nil {
					return Reply{}, m.forCaller(ctx, str(args, "id"), err)
				}
				return Reply{Text: a, Value: map[string]any{"answer": a}}, nil
			}},
		{Name: "agent_status", Title: "An agent's status", ReadOnly: true, Description: "An agent's status: steps, last action, budget, and what its kind reports (the explorer's coverage and faults).",
			InputSchema: obj(map[string]any{"id": id}, "id"),
			Handle: func(ctx context.Context, args map[string]any) (Reply, error) {
				if err := m.reach(ctx, str(args, "id")); err != nil {
					return Reply{}, err
				}
				i, err := m.Status(str(args, "id"))
				if err != nil {
					return Reply{}, m.forCaller(ctx, str(args, "id"), err)
				}
				b, _ := json.MarshalIndent(i, "", "  ")
				return Reply{Text: string(b), Value: i}, nil
			}},
		{Name: "agent_stop", Title: "Stop an agent", Sensitive: true, Destructive: true, Description: "Stop an agent and forget it (its journal goes too).",
			InputSchema: obj(map[string]any{"id": id}, "id"),
			Handle: func(ctx context.Context, args map[string]any) (Reply, error) {
				if err := m.reach(ctx, str(args, "id")); err != nil {
					return Reply{}, err
				}
				i, err := m.Stop(str(args, "id"))
				if err != nil {
					return Reply{}, m.forCaller(ctx, str(args, "id"), err)
				}
				return Reply{Text: fmt.Sprintf("Agent %s stopped after %d steps.", i.ID, i.Steps), Value: i}, nil
			}},
	}
}

func orNone(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func str(args map[string]any, key string) string {
	s, _ := args[key].(string)
	return s
}

func (m *Manager) toolSpawn(ctx context.Context, args map[string]any) (Reply, error) {
	spec := Spec{Kind: str(args, "kind"), ID: str(args, "id"), Session: str(args, "session"), Goal: str(args, "goal")}
	for _, k := range []string{"kind", "id", "session", "goal"} {
		if v, ok := args[k]; ok {
			if _, isString := v.(string); !isString {
				return Reply{}, fmt.Errorf("agent_spawn: %s must be a string", k)
			}
		}
	}
	if b, ok := args["budget"]; ok && b != nil {
		bm, isObject := b.(map[string]any)
		if !isObject {
			return Reply{}, fmt.Errorf("agent_spawn: budget must be an object {steps, seconds}")
		}
		for k, v := range bm {
			n, isNumber := v.(float64)
			if !isNumber || n != math.Trunc(n) {
				return Reply{}, fmt.Errorf("agent_spawn: budget.%s must be a whole number", k)
			}
			switch k {
			case "steps":
				spec.Budget.Steps = int(n)
			case "seconds":
				spec.Budget.Time = time.Duration(n) * time.Second
			default:
				return Reply{}, fmt.Errorf("agent_spawn: unknown budget field %q (fields: steps, seconds)", k)
			}
			if n < 1 {
				return Reply{}, fmt.Errorf("agent_spawn: budget.%s must be at least 1", k)
			}
		}
	}
	owner, _ := m.callerOf(ctx)
	i, err := m.spawn(ctx, spec, owner)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: fmt.Sprintf("Agent %s (%s) started on session %s; its journal is %s.", i.ID, i.Kind, i.Session, i.Journal), Value: i}, nil
}

// ReadJournal answers the journal resource uri names, as it is (the
// server observes it for its subscribers' patches); JournalVisible says
// who may read it.
func (m *Manager) ReadJournal(_ context.Context, uri string) (any, error) {
	id, ok := JournalID(uri)
	if !ok {
		return nil, fmt.Errorf("not an agent journal URI: want facet://agent/<id>/journal")
	}
	return m.Journal(id)
}

// JournalVisible answers why the caller of ctx may not read or subscribe
// to the journal uri names (another connection's agent's), or nil.
func (m *Manager) JournalVisible(ctx context.Context, uri string) error {
	id, ok := JournalID(uri)
	if !ok {
		return fmt.Errorf("not an agent journal URI: want facet://agent/<id>/journal")
	}
	if err := m.reach(ctx, id); err != nil {
		return err
	}
	if _, err := m.Journal(id); err != nil {
		return m.forCaller(ctx, id, err)
	}
	return nil
}
