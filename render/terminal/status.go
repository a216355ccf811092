package terminal

import (
	"fmt"

	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// DefaultDetachKey is the key that detaches agents from the session a
// terminal shows, and lets them back. Ctrl+] is a single control byte (0x1d)
// that every terminal and SSH client sends as it is, that no widget uses,
// and that shells and editors leave alone (it is telnet's escape key, not
// ssh's). WithDetachKey picks another.
const DefaultDetachKey = "ctrl+]"

// The keys that answer an agent's question (tea.AskHumanMsg) while it is
// on the status line.
const (
	QuestionAllowKey = "y"
	QuestionDenyKey  = "n"
)

// AgentStatus is the status line a person sees about agents acting on a
// session: an agent's pending question ("? agent mcp:… asks: read the
// model (y allow once, n deny)") when the person can answer it (key is
// set), else
// "● agent attached (ctrl+] detach)" while one is attached ("● 2
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
	case s.Presence.Question != nil && key != "":
		q := s.Presence.Question
		return fmt.Sprintf("? agent %s asks: %s (%s allow once, %s deny)", q.Agent, q.Text, QuestionAllowKey, QuestionDenyKey)
	case s.Presence.Blocked:
		return "agents detached" + hint("allow")
	case len(s.Presence.Agents) == 1:
		return "● agent attached" + hint("detach")
	case len(s.Presence.Agents) > 1:
		return fmt.Sprintf("● %d agents attached", len(s.Presence.Agents)) + hint("detach")
	}
	return ""
}

// NotificationStatus is the newest pending notification as a person sees
// it on the bottom line: its level's symbol and its text ("✓ Saved"), with
// how many more are pending ("✓ Saved (+2)"); "" when none is.
func NotificationStatus(s tea.Snapshot) string {
	n := len(s.Notifications)
	if n == 0 {
		return ""
	}
	last := s.Notifications[n-1]
	out := last.Level.Symbol() + " " + last.Text
	if n > 1 {
		out += fmt.Sprintf(" (+%d)", n-1)
	}
	return out
}

// status is what goes at the start of the bottom line, before the focused
// widget's help: a warning about the app's tree, the newest notification,
// then the agent status.
type status struct {
	tree   string
	note   string
	level  tea.Level
	agents string
}

// snapshotStatus is the bottom-line status for s; key names the detach key.
func snapshotStatus(s tea.Snapshot, key string) status {
	st := status{note: NotificationStatus(s), agents: AgentStatus(s, key)}
	if n := len(s.Notifications); n > 0 {
		st.level = s.Notifications[n-1].Level
	}
	return st
}

// text is the status as plain text.
func (st status) text() string {
	out := ""
	for _, part := range [...]string{st.tree, st.note, st.agents} {
		switch {
		case part == "":
		case out == "":
			out = part
		default:
			out += statusSeparator + part
		}
	}
	return out
}

// render is the status styled: tree warnings, and notifications that are
// warnings or errors, in the error style; the rest in the accent.
func (st status) render(theme *widgets.Theme) string {
	noteStyle := theme.Accent
	if st.level == tea.LevelWarning || st.level == tea.LevelError {
		noteStyle = theme.Error
	}
	out := ""
	for _, part := range [...]struct {
		text  string
		style lipgloss.Style
	}{{st.tree, theme.Error}, {st.note, noteStyle}, {st.agents, theme.Accent}} {
		switch {
		case part.text == "":
		case out == "":
			out = part.style.Render(part.text)
		default:
			out += theme.Muted.Render(statusSeparator) + part.style.Render(part.text)
		}
	}
	return out
}

// LayoutSnapshot lays a runtime's snapshot out as Layout does (its view,
// focus and hover), with the newest notification (NotificationStatus) and
// the agent status (AgentStatus with DefaultDetachKey) at the start of the
// bottom line.
func LayoutSnapshot(s tea.Snapshot, width, height int) Frame {
	return layout(s.View, width, height, s.Focus, s.Hover, snapshotStatus(s, DefaultDetachKey), chromeHelp{}, defaultTheme)
}

// DrawSnapshot is Draw for a runtime's snapshot: the screen a person at a
// terminal attached to it sees, status line included, as plain text.
// Screenshots of a session use it so that an agent sees what the person
// sees.
func DrawSnapshot(s tea.Snapshot, width, height int) string {
	return layout(s.View, width, height, s.Focus, "", snapshotStatus(s, DefaultDetachKey), chromeHelp{}, defaultTheme).Plain()
}

// statusSeparator separates the parts of the bottom line.
const statusSeparator = " • "

// statusLine joins the status and the help line into one bottom line of
// exactly width cells, the status first since it matters more.
func statusLine(st status, help string, width int, theme *widgets.Theme) string {
	if st.text() == "" {
		return help
	}
	line := st.render(theme)
	if help != "" {
		line += theme.Muted.Render(statusSeparator) + help
	}
	return pad(line, width)
}
