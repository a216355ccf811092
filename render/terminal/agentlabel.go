package terminal

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/tea"
)

// WithAgentLabel names the agents on the marker line: label turns an
// attached agent's presence name into what the person reads ("explorer
// a1: clicked inc · 12 steps"), or returns it unchanged for an agent it
// does not know, which shows as before ("● agent attached").
func WithAgentLabel(label func(presence string) string) Option {
	return func(o *options) { o.agentLabel = label }
}

// AgentMarker is the marker line's agent status with labels: the labelled
// agents by name, and how many others are attached. Without labelled
// agents it is AgentStatus.
func AgentMarker(s tea.Snapshot, key string, label func(string) string) string {
	if label == nil || s.Presence.Blocked {
		return AgentStatus(s, key)
	}
	var named []string
	others := 0
	for _, a := range s.Presence.Agents {
		if l := label(a); l != a {
			named = append(named, l)
		} else {
			others++
		}
	}
	if len(named) == 0 {
		return AgentStatus(s, key)
	}
	out := "● " + strings.Join(named, "; ")
	if others > 0 {
		out += fmt.Sprintf(" (+%d agents)", others)
	}
	if key != "" {
		out += fmt.Sprintf(" (%s detach)", key)
	}
	return out
}

// labelledStatus is snapshotStatus with the agents labelled.
func labelledStatus(s tea.Snapshot, key string, label func(string) string) status {
	st := snapshotStatus(s, key)
	if label != nil {
		st.agents = AgentMarker(s, key, label)
	}
	return st
}
