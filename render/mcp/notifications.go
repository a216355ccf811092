package mcp

import (
	"sort"
	"strings"
	"unicode"

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
	cuts := secretCuts(snap.Secrets)
	var out []tea.Notification
	for i, n := range snap.Notifications {
		text := n.Text
		for _, c := range cuts {
			text = strings.ReplaceAll(text, c, secretMark)
		}
		if text == n.Text {
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

// secretCuts is what to cut out of a notification's text for secrets: each
// secret as the runtime cleans notification text (control characters to
// spaces), also without its outer spaces (the runtime trims the text's
// ends, so a secret at an end loses them), longest first, so a secret that
// contains another is cut whole.
func secretCuts(secrets map[string]string) []string {
	seen := map[string]bool{}
	var cuts []string
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			cuts = append(cuts, c)
		}
	}
	for _, v := range secrets {
		mapped := strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return ' '
			}
			return r
		}, v)
		add(mapped)
		add(strings.TrimLeftFunc(mapped, unicode.IsSpace))
		add(strings.TrimRightFunc(mapped, unicode.IsSpace))
		add(tea.CleanNotificationText(v))
	}
	sort.Slice(cuts, func(i, j int) bool {
		if len(cuts[i]) != len(cuts[j]) {
			return len(cuts[i]) > len(cuts[j])
		}
		return cuts[i] < cuts[j]
	})
	return cuts
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
