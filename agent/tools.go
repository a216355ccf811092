package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// ToolName is the manager's one MCP tool.
const ToolName = "agent"

// toolAction is an action of the agent tool and the arguments it takes
// (besides action); those in required must be given.
type toolAction struct {
	name     string
	args     []string
	required []string
}

var toolActions = []toolAction{
	{"spawn", []string{"kind", "id", "session", "goal", "budget"}, []string{"kind", "id", "session"}},
	{"list", nil, nil},
	{"status", []string{"id"}, []string{"id"}},
	{"ask", []string{"id", "question"}, []string{"id", "question"}},
	{"stop", []string{"id"}, []string{"id"}},
}

// Tools are the manager's MCP surface: the agent tool, whose action
// spawns, lists, asks, reports on or stops agents. It is sensitive (spawn,
// ask and stop act, or reveal what an agent saw) and destructive (stop
// forgets an agent and its journal).
func (m *Manager) Tools() []Tool {
	str := map[string]any{"type": "string"}
	integer := map[string]any{"type": "integer"}
	actions := make([]string, len(toolActions))
	for i, a := range toolActions {
		actions[i] = a.name
	}
	kind := map[string]any{"type": "string"}
	if kinds := m.Spawnable(); len(kinds) > 0 {
		kind["enum"] = kinds
	}
	return []Tool{{Name: ToolName, Title: "Agents", Sensitive: true, Destructive: true,
		Description: "Agents acting on a session as you, journaled at facet://agent/{id}/journal: spawn {kind, id, session, goal, budget}, list, status/stop {id}, ask {id, question}.",
		InputSchema: map[string]any{"type": "object", "required": []string{"action"}, "properties": map[string]any{
			"action":   map[string]any{"type": "string", "enum": actions},
			"id":       str,
			"kind":     kind,
			"session":  str,
			"goal":     str,
			"question": str,
			"budget": map[string]any{"type": "object", "properties": map[string]any{
				"steps":   integer,
				"seconds": integer,
			}},
		}},
		Handle: m.toolAgent}}
}

// toolAgent answers the agent tool: it checks the action and that it was
// given its arguments and no other, then does it.
func (m *Manager) toolAgent(ctx context.Context, args map[string]any) (Reply, error) {
	action, _ := args["action"].(string)
	at := slices.IndexFunc(toolActions, func(a toolAction) bool { return a.name == action })
	if at < 0 {
		names := make([]string, len(toolActions))
		for i, a := range toolActions {
			names[i] = a.name
		}
		if action == "" {
			return Reply{}, fmt.Errorf("action is required: one of %s", strings.Join(names, ", "))
		}
		return Reply{}, fmt.Errorf("action %q: one of %s", action, strings.Join(names, ", "))
	}
	a := toolActions[at]
	for k := range args {
		if k != "action" && !slices.Contains(a.args, k) {
			takes := "no other argument"
			if len(a.args) > 0 {
				takes = "only " + strings.Join(a.args, ", ")
			}
			return Reply{}, fmt.Errorf("%s takes %s, not %s", action, takes, k)
		}
	}
	for _, k := range a.args {
		if v, ok := args[k]; ok && v != nil && k != "budget" {
			if _, isString := v.(string); !isString {
				return Reply{}, fmt.Errorf("%s: %s must be a string", action, k)
			}
		}
	}
	for _, k := range a.required {
		if str(args, k) == "" {
			return Reply{}, fmt.Errorf("%s needs %s (it takes %s)", action, k, strings.Join(a.args, ", "))
		}
	}
	id := str(args, "id")
	switch action {
	case "spawn":
		return m.toolSpawn(ctx, args)
	case "list":
		list := m.listFor(ctx)
		lines := make([]string, 0, len(list))
		for _, i := range list {
			lines = append(lines, fmt.Sprintf("%s (%s) on %s: %s", i.ID, i.Kind, orNone(i.Session), i.Marker()+", "+i.Status))
		}
		if len(lines) == 0 {
			lines = append(lines, "No agents; start one with "+Call("spawn")+".")
		}
		return Reply{Text: strings.Join(lines, "\n"), Value: map[string]any{"agents": list}}, nil
	}
	if err := m.reach(ctx, id); err != nil {
		return Reply{}, err
	}
	switch action {
	case "ask":
		answer, err := m.Ask(ctx, id, str(args, "question"))
		if err != nil {
			return Reply{}, m.forCaller(ctx, id, err)
		}
		return Reply{Text: answer, Value: map[string]any{"answer": answer}}, nil
	case "status":
		i, err := m.Status(id)
		if err != nil {
			return Reply{}, m.forCaller(ctx, id, err)
		}
		b, _ := json.MarshalIndent(i, "", "  ")
		return Reply{Text: string(b), Value: i}, nil
	}
	i, err := m.Stop(id)
	if err != nil {
		return Reply{}, m.forCaller(ctx, id, err)
	}
	return Reply{Text: fmt.Sprintf("Agent %s stopped after %d steps.", i.ID, i.Steps), Value: i}, nil
}

// Call spells a call of the agent tool's action, as messages name it:
// agent {"action": "stop"}.
func Call(action string) string {
	return fmt.Sprintf("%s {\"action\": %q}", ToolName, action)
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
	if b, ok := args["budget"]; ok && b != nil {
		bm, isObject := b.(map[string]any)
		if !isObject {
			return Reply{}, fmt.Errorf("spawn: budget must be an object {steps, seconds}")
		}
		for k, v := range bm {
			n, isNumber := v.(float64)
			if !isNumber || n != math.Trunc(n) {
				return Reply{}, fmt.Errorf("spawn: budget.%s must be a whole number", k)
			}
			switch k {
			case "steps":
				spec.Budget.Steps = int(n)
			case "seconds":
				spec.Budget.Time = time.Duration(n) * time.Second
			default:
				return Reply{}, fmt.Errorf("spawn: unknown budget field %q (fields: steps, seconds)", k)
			}
			if n < 1 {
				return Reply{}, fmt.Errorf("spawn: budget.%s must be at least 1", k)
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
