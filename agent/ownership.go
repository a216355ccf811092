package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Agents belong to connections, as sessions do. An agent spawned through
// the agent tool is its spawner's connection's: only that connection lists
// it, reads its status and journal, asks it and stops it, since its
// journal holds what it saw on sessions only that connection may reach.
// An agent the host spawned with Spawn, and a Bridge, are the host's:
// every connection sees them.

// callers is what a host tells about callers: the connection the caller
// of ctx acts for (an agent's connection answers its spawner's).
// *mcp.Server does, through mcphost.Host; a host that does not leaves
// every agent visible to every connection.
type callers interface {
	Caller(ctx context.Context) string
}

// callerOf returns the connection of the caller of ctx, and whether the
// host tells.
func (m *Manager) callerOf(ctx context.Context) (string, bool) {
	c, ok := m.host.(callers)
	if !ok {
		return "", false
	}
	return c.Caller(ctx), true
}

// sees reports whether the caller of ctx may see r.
func (m *Manager) sees(ctx context.Context, r *running) bool {
	caller, tells := m.callerOf(ctx)
	return !tells || r.owner == "" || r.owner == caller
}

// reach answers why the caller of ctx may not see or act on agent id, or
// nil; an id with no agent is for the caller's next step to answer.
func (m *Manager) reach(ctx context.Context, id string) error {
	m.mu.Lock()
	r, ok := m.agents[id]
	m.mu.Unlock()
	if !ok || m.sees(ctx, r) {
		return nil
	}
	return fmt.Errorf("agent %q was spawned by another client: only that client (its principal, or for an anonymous client its connection) can see, ask, stop or read it; %s shows the agents you can reach", id, Call("list"))
}

// listFor returns the agents the caller of ctx sees, by id.
func (m *Manager) listFor(ctx context.Context) []Info {
	m.mu.Lock()
	hidden := map[string]bool{}
	for id, r := range m.agents {
		if !m.sees(ctx, r) {
			hidden[id] = true
		}
	}
	m.mu.Unlock()
	all := m.List()
	out := all[:0]
	for _, i := range all {
		if !hidden[i.ID] {
			out = append(out, i)
		}
	}
	return out
}

// forCaller turns a no-such-agent error into one that lists only the
// agents the caller of ctx sees.
func (m *Manager) forCaller(ctx context.Context, id string, err error) error {
	if !errors.Is(err, ErrNoAgent) {
		return err
	}
	var ids []string
	for _, i := range m.listFor(ctx) {
		ids = append(ids, i.ID)
	}
	if len(ids) == 0 {
		return fmt.Errorf("agent %q: %w (no agents; start one with %s)", id, ErrNoAgent, Call("spawn"))
	}
	return fmt.Errorf("agent %q: %w (agents: %s)", id, ErrNoAgent, strings.Join(ids, ", "))
}

// StopOwnedBy stops and forgets every agent connection spawned through
// the agent tool: the connection ended, so nobody can see or stop them any
// more. Hosts call it when a connection ends (mcphost does).
func (m *Manager) StopOwnedBy(connection string) {
	if connection == "" {
		return
	}
	m.mu.Lock()
	var ids []string
	for id, r := range m.agents {
		if r.owner == connection {
			ids = append(ids, id)
		}
	}
	m.mu.Unlock()
	for _, id := range ids {
		_, _ = m.Stop(id)
	}
}
