package terminal

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// DefaultDetachKey is the key that detaches agents from the session a
// terminal shows, and lets them back. Ctrl+] is a single control byte (0x1d)
// that every terminal and SSH client sends as it is, that no widget uses,
// and that shells and editors leave alone (it is telnet's escape key, not
// ssh's). WithDetachKey picks another.
const DefaultDetachKey = "ctrl+]"

// AgentStatus is the status line a person sees about agents acting on a
// session: "● agent attached (ctrl+] detach)" while one is attached ("● 2
// agents attached ..." for several), "agents detached (ctrl+] allow)" while
// the person has detached them, and "" otherwise. key names the detach key;
// "" leaves the hint out.
func AgentStatus(s tea.Snapshot, key string) string {
	hint := func(verb string) string {
		if key == "" {
			return ""
		}
		return fmt.Sprintf(" (%s %s)", key, verb)
	}
	switch {
	case s.AgentsBlocked:
		return "agents detached" + hint("allow")
	case len(s.Agents) == 1:
		return "● agent attached" + hint("detach")
	case len(s.Agents) > 1:
		return fmt.Sprintf("● %d agents attached", len(s.Agents)) + hint("detach")
	}
	return ""
}

// LayoutSnapshot lays a runtime's snapshot out as Layout does (its view,
// focus and hover), with the agent status (AgentStatus with
// DefaultDetachKey) at the start of the bottom line.
func LayoutSnapshot(s tea.Snapshot, width, height int) Frame {
	return layout(s.View, width, height, s.Focus, s.Hover, AgentStatus(s, DefaultDetachKey), defaultTheme)
}

// DrawSnapshot is Draw for a runtime's snapshot: the screen a person at a
// terminal attached to it sees, agent status line included, as plain text.
// Screenshots of a session use it so that an agent sees what the person
// sees.
func DrawSnapshot(s tea.Snapshot, width, height int) string {
	return layout(s.View, width, height, s.Focus, "", AgentStatus(s, DefaultDetachKey), defaultTheme).Plain()
}

// statusSeparator separates the agent status from the help line.
const statusSeparator = " • "

// statusLine joins the agent status and the help line into one bottom line
// of exactly width cells, the status first since it matters more.
func statusLine(status, help string, width int, theme *widgets.Theme) string {
	if status == "" {
		return help
	}
	line := theme.Accent.Render(status)
	if help != "" {
		line += theme.Muted.Render(statusSeparator) + help
	}
	return pad(line, width)
}
