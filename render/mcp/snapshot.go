package mcp

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/tea"
)

// OutlineResult is the structured content of an outline read: the
// revision it reflects, the focused widget and the outline's lines, or
// with since, the lines that changed after that revision.
type OutlineResult struct {
	Revision uint64 `json:"revision"`
	Focused  string `json:"focused"`
	// Since is the revision Changed is measured from; 0 when the whole
	// outline is answered.
	Since uint64 `json:"since,omitempty"`
	// Outline is the view, one line per widget or text.
	Outline []string `json:"outline,omitempty"`
	// Changed are the lines new or changed since Since ("+ line") and
	// those gone ("- line").
	Changed []string `json:"changed,omitempty"`
	// Notifications are what the app told the person since this
	// connection's last call to the session.
	Notifications []ToldNotification `json:"notifications,omitempty"`
}

// snapshotAnswer answers an outline of session's snap, recording it in h;
// with since > 0, what changed after that revision when h still keeps it
// (the whole outline, saying so, when it does not).
func snapshotAnswer(h *outlineHistory, session string, snap tea.Snapshot, since uint64, notes []ToldNotification) Answer {
	lines := outline(snap.View, snap.Focus)
	h.record(session, snap.Version, lines)
	res := OutlineResult{Revision: snap.Version, Focused: snap.Focus}
	head := fmt.Sprintf("Revision %d.", snap.Version)
	if snap.Focus != "" {
		head += " Focused: " + snap.Focus + "."
	}
	var body string
	was, kept := h.at(session, since)
	switch {
	case since > 0 && kept:
		res.Since = since
		diff := outlineDiff(was, lines)
		if diff == "" {
			body = fmt.Sprintf("Nothing changed since revision %d.", since)
		} else {
			body = fmt.Sprintf("Changed since revision %d:\n%s", since, diff)
			res.Changed = splitLines(diff)
		}
	default:
		if since > 0 {
			head += fmt.Sprintf(" Revision %d is not kept (only the %d last answered are); the whole outline follows.", since, keptRevisions)
		}
		body = outlineText(lines)
		res.Outline = splitLines(body)
	}
	a := Answer{Text: []string{head, body}, Value: res}
	if len(notes) > 0 {
		res.Notifications = notes
		a.Value = res
		a.Text = append(a.Text, notesText(notes))
	}
	return a
}

// splitLines is text's lines.
func splitLines(text string) []string { return strings.Split(text, "\n") }
