package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sync/atomic"
	"time"
)

// Action is one thing a Bridge's agent can do for a client: it becomes the
// tool agent_<Name> (agent.<Name> with dotted tool names), whose name,
// description and input schema are checked and cleaned as a widget
// action's are.
type Action struct {
	Name        string
	Description string
	InputSchema map[string]any
	// Sensitive actions never run without an authorizer.
	Sensitive bool
	// Do performs the action; its text and value are the tool's answer.
	Do func(ctx context.Context, args map[string]any) (Reply, error)
}

// ActionRule is the rule an Action's name follows (a widget action's).
const ActionRule = "a lowercase letter followed by up to 31 of [a-z0-9_]"

var actionRe = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// Bridge is an agent an app or host runs itself and exposes to clients
// (the seed's AgentBridge): it appears in the agent tool's list and status, its
// Actions are tools, and its journal records their calls.
type Bridge struct {
	ID      string
	Kind    string
	Actions []Action

	// st is set by Expose.
	st *bridgeState
}

// bridgeState is what an exposed Bridge records.
type bridgeState struct {
	journal *Journal
	last    atomic.Pointer[string]
	calls   atomic.Int64
}

func (b *Bridge) info() Info {
	i := Info{ID: b.ID, Kind: b.Kind, Status: StatusExposed, Steps: int(b.st.calls.Load()), Journal: JournalURI(b.ID)}
	if p := b.st.last.Load(); p != nil {
		i.LastAction = *p
	}
	return i
}

// Expose registers b: its actions become tools. An id that breaks the
// agent id rule or is taken, an action whose name breaks ActionRule, or a
// tool the server refuses (a name a client would read as another tool's, a
// schema that cannot be cleaned) refuses the whole bridge.
func (m *Manager) Expose(b *Bridge) error {
	if err := CheckID(b.ID); err != nil {
		return err
	}
	if b.Kind == "" {
		b.Kind = "bridge"
	}
	sep := "_"
	if m.host.ToolNameStyle() == "dotted" {
		sep = "."
	}
	b.st = &bridgeState{journal: NewJournal(m.bridgeNotifier(b.ID))}
	tools := make([]Tool, 0, len(b.Actions))
	for _, a := range b.Actions {
		if !actionRe.MatchString(a.Name) {
			return fmt.Errorf("agent %s: action name %q is invalid: want %s", b.ID, a.Name, ActionRule)
		}
		if a.Do == nil {
			return fmt.Errorf("agent %s: action %q has no Do", b.ID, a.Name)
		}
		name := "agent" + sep + a.Name
		tools = append(tools, Tool{Name: name, Description: a.Description, InputSchema: a.InputSchema,
			Sensitive: a.Sensitive, Handle: b.handler(name, a)})
	}
	m.mu.Lock()
	_, spawned := m.agents[b.ID]
	_, exposed := m.bridges[b.ID]
	m.mu.Unlock()
	if spawned || exposed {
		return fmt.Errorf("agent %q already exists", b.ID)
	}
	if err := m.host.AddTools(bridgeOwner(b.ID), tools); err != nil {
		return fmt.Errorf("agent %s: %w", b.ID, err)
	}
	m.mu.Lock()
	m.bridges[b.ID] = b
	m.mu.Unlock()
	b.st.journal.Note(fmt.Sprintf("exposed with %d actions", len(b.Actions)))
	return nil
}

// Unexpose removes a bridge and its tools.
func (m *Manager) Unexpose(id string) {
	m.mu.Lock()
	_, ok := m.bridges[id]
	delete(m.bridges, id)
	m.mu.Unlock()
	if ok {
		m.host.RemoveTools(bridgeOwner(id))
		m.host.ResourceRemoved(JournalURI(id))
	}
}

func bridgeOwner(id string) string { return "agent-bridge:" + id }

func (m *Manager) bridgeNotifier(id string) func() {
	return func() { m.host.ResourceChanged(JournalURI(id)) }
}

// handler journals an action's call, under the tool's name, and its answer.
func (b *Bridge) handler(tool string, a Action) func(context.Context, map[string]any) (Reply, error) {
	return func(ctx context.Context, args map[string]any) (Reply, error) {
		start := time.Now()
		name := a.Name
		b.st.last.Store(&name)
		b.st.calls.Add(1)
		r, err := a.Do(ctx, args)
		e := Entry{Kind: KindCall, Tool: tool, Args: args, Millis: ms(start)}
		if err != nil {
			e.Answer, e.IsError = err.Error(), true
		} else {
			e.Answer = r.Text
			if e.Answer == "" && r.Value != nil {
				raw, _ := json.Marshal(r.Value)
				e.Answer = string(raw)
			}
		}
		b.st.journal.Add(e)
		return r, err
	}
}
