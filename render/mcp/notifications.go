package mcp

import (
	"slices"
	"sort"
	"strings"
	"sync"
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
	return scrubList(snap.Notifications, snap.Secrets)
}

// scrubList is scrubNotes for any list of the session's notifications.
func scrubList(notes []tea.Notification, secrets map[string]string) []tea.Notification {
	if len(secrets) == 0 || len(notes) == 0 {
		return notes
	}
	cuts := secretCuts(secrets)
	var out []tea.Notification
	for i, n := range notes {
		text := n.Text
		for _, c := range cuts {
			text = strings.ReplaceAll(text, c, secretMark)
		}
		if text == n.Text {
			continue
		}
		if out == nil {
			out = append([]tea.Notification(nil), notes...)
		}
		out[i].Text = text
	}
	if out == nil {
		return notes
	}
	return out
}

// noteCursors remember, per client connection and session, the last
// notification the agent on that connection was told about, so each answer
// can say what the app raised since: a notification expires in seconds,
// and an agent's next turn may come later than that.
type noteCursors struct {
	mu   sync.Mutex
	seen map[cursorKey]uint64
}

type cursorKey struct{ conn, session string }

// ToldNotification is a notification as an answer tells an agent about it:
// Pending says whether it is still pending (not expired, dismissed or
// replaced), since one raised a while ago may have been taken back.
type ToldNotification struct {
	tea.Notification
	Pending bool `json:"pending"`
}

// since returns the notifications of snap's Recent that the connection has
// not been told about for session (secrets cut out), and records them as
// told.
func (c *noteCursors) since(conn, session string, snap tea.Snapshot) []ToldNotification {
	if len(snap.Recent) == 0 {
		return nil
	}
	k := cursorKey{conn, session}
	c.mu.Lock()
	if c.seen == nil {
		c.seen = map[cursorKey]uint64{}
	}
	last := c.seen[k]
	newest := snap.Recent[len(snap.Recent)-1].ID
	if newest > last {
		c.seen[k] = newest
	}
	c.mu.Unlock()
	i := sort.Search(len(snap.Recent), func(i int) bool { return snap.Recent[i].ID > last })
	if i == len(snap.Recent) {
		return nil
	}
	fresh := scrubList(slices.Clone(snap.Recent[i:]), snap.Secrets)
	out := make([]ToldNotification, len(fresh))
	for j, n := range fresh {
		pending := slices.ContainsFunc(snap.Notifications, func(p tea.Notification) bool { return p.ID == n.ID })
		out[j] = ToldNotification{Notification: n, Pending: pending}
	}
	return out
}

// forget drops the cursors of a session that stopped (session != "") or
// of a connection that ended (conn != "").
func (c *noteCursors) forget(conn, session string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.seen {
		if (session != "" && k.session == session) || (conn != "" && k.conn == conn) {
			delete(c.seen, k)
		}
	}
}

// notesText is notifications as one line of an answer's text, or "".
func notesText(notes []ToldNotification) string {
	if len(notes) == 0 {
		return ""
	}
	parts := make([]string, len(notes))
	for i, n := range notes {
		parts[i] = n.Level.Symbol() + " " + n.Text
		if !n.Pending {
			parts[i] += " (no longer pending)"
		}
	}
	return "Notifications since your last call: " + strings.Join(parts, "; ")
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
