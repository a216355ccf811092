// Package mcphost installs agents on a render/mcp server: the agent
// tool, the journal resource facet://agent/{id}/journal, and Bridges'
// actions, through the server's Extensions (AddTools,
// AddResourceTemplate, ConnectAs). It is the one place package agent meets
// the renderer; no renderer imports it.
package mcphost

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/client"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

// Install makes a Manager whose agents act through srv and serves its tools
// and journals there. Close the manager before the server.
func Install(srv *mcp.Server, opts agent.Options) (*agent.Manager, error) {
	m, err := agent.NewManager(Host{srv}, opts)
	if err != nil {
		return nil, err
	}
	if err := (Host{srv}).AddTools("agent", m.Tools()); err != nil {
		return nil, fmt.Errorf("mcphost: agent tools: %w", err)
	}
	err = srv.Extensions().AddResourceTemplate(mcp.ExtraResource{Template: "facet://agent/{id}/journal", Name: "Agent journal",
		Description: "An agent's journal: its last 1,000 observations, tool calls with arguments and answers, notes and errors, and the total count.",
		Read:        m.ReadJournal, Visible: m.JournalVisible})
	if err != nil {
		return nil, fmt.Errorf("mcphost: journal resource: %w", err)
	}
	srv.Extensions().OnConnectionEnd(m.StopOwnedBy)
	srv.Extensions().SetSessionAgents(func(session string) any {
		list := m.OnSession(session)
		if len(list) == 0 {
			return nil
		}
		out := make([]map[string]any, 0, len(list))
		for _, i := range list {
			out = append(out, map[string]any{"id": i.ID, "kind": i.Kind, "status": i.Status, "last_action": i.LastAction, "steps": i.Steps})
		}
		return out
	})
	return m, nil
}

// Host adapts an *mcp.Server to agent.Host.
type Host struct{ Srv *mcp.Server }

// ConnectAs opens an in-process client acting for the caller of ctx.
func (h Host) ConnectAs(ctx context.Context, name string) (*client.Client, error) {
	return mcpclient.ConnectAs(ctx, h.Srv, name)
}

// Caller is who the caller of ctx acts for (an agent's, its spawner's):
// its principal when it authenticated, else its connection
// (mcp.AuthContext.Owner). Agents spawned through the agent tool are that
// owner's.
func (h Host) Caller(ctx context.Context) string { return mcp.CallerOf(ctx).Owner() }

// ResourceChanged tells a journal's subscribers.
func (h Host) ResourceChanged(uri string) { h.Srv.Extensions().ResourceChanged(uri) }

// ResourceRemoved forgets a journal.
func (h Host) ResourceRemoved(uri string) { h.Srv.Extensions().ResourceRemoved(uri) }

// ToolNameStyle is the server's tool name style.
func (h Host) ToolNameStyle() string { return h.Srv.Extensions().ToolNameStyle() }

// RemoveTools drops owner's tools.
func (h Host) RemoveTools(owner string) { h.Srv.Extensions().RemoveTools(owner) }

// AddTools registers owner's tools on the server.
func (h Host) AddTools(owner string, tools []agent.Tool) error {
	extra := make([]mcp.ExtraTool, 0, len(tools))
	for _, t := range tools {
		handle := t.Handle
		extra = append(extra, mcp.ExtraTool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema,
			Sensitive: t.Sensitive, ReadOnly: t.ReadOnly, Destructive: t.Destructive,
			Handle: func(ctx context.Context, args map[string]any) (mcp.Answer, error) {
				r, err := handle(ctx, args)
				if err != nil {
					return mcp.Answer{}, mcp.ToolError("%s: %v", t.Name, err)
				}
				a := mcp.Answer{Value: r.Value}
				if r.Text != "" {
					a.Text = []string{r.Text}
				}
				return a, nil
			}})
	}
	return h.Srv.Extensions().AddTools(owner, extra)
}
