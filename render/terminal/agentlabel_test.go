package terminal

import (
	"testing"

	"github.com/facetui/facet/tea"
)

func TestAgentMarkerNamesLabelledAgents(t *testing.T) {
	label := func(p string) string {
		if p == "explorer a1" {
			return "explorer a1: clicked inc · 12 steps"
		}
		return p
	}
	cases := []struct {
		name     string
		presence tea.Presence
		label    func(string) string
		want     string
	}{
		{"an agent of the manager", tea.Presence{Agents: []string{"explorer a1"}}, label, "● explorer a1: clicked inc · 12 steps (ctrl+] detach)"},
		{"with a client beside it", tea.Presence{Agents: []string{"mcp:x", "explorer a1"}}, label, "● explorer a1: clicked inc · 12 steps (+1 agents) (ctrl+] detach)"},
		{"a client alone", tea.Presence{Agents: []string{"mcp:x"}}, label, "● agent attached (ctrl+] detach)"},
		{"no label", tea.Presence{Agents: []string{"explorer a1"}}, nil, "● agent attached (ctrl+] detach)"},
		{"detached", tea.Presence{Blocked: true}, label, "agents detached (ctrl+] allow)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := AgentMarker(tea.Snapshot{Presence: c.presence}, DefaultDetachKey, c.label); got != c.want {
				t.Fatalf("AgentMarker = %q, want %q", got, c.want)
			}
		})
	}
}
