package mcp

import (
	"strings"

	"github.com/facetui/facet/tea"
)

// secretMark replaces a masked value found inside a notification's text.
const secretMark = "••••"

// scrubNotes returns snap's pending notifications with every masked value
// the session has shown cut out of their text, so an app that puts a
// password in a notification does not leak it to agents. It returns the
// snapshot's own slice when nothing needs cutting.
func scrubNotes(snap tea.Snapshot) []tea.Notification {
	if len(snap.Secrets) == 0 || len(snap.Notifications) == 0 {
		return snap.Notifications
	}
	var out []tea.Notification
	for i, n := range snap.Notifications {
		text := n.Text
		for _, secret := range snap.Secrets {
			if secret != "" {
				text = strings.ReplaceAll(text, secret, secretMark)
			}
		}
		if text == n.Text && out == nil {
			continue
		}
		if out == nil {
			out = append([]tea.Notification(nil), snap.Notifications...)
		}
		out[i].Text = text
	}
	if out == nil {
		return snap.Notifications
	}
	return out
}

// pendingNotes is the context tree's list of pending notifications: never
// null, secrets cut out.
func pendingNotes(snap tea.Snapshot) []tea.Notification {
	notes := scrubNotes(snap)
	if notes == nil {
		return []tea.Notification{}
	}
	return notes
}
