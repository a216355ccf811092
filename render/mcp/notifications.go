package mcp

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/facetui/facet/tea"
)

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
// not been told about for session, and records them as told.
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
	fresh := snap.Recent[i:]
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

// pendingNotes is the context tree's list of pending notifications: never
// null.
func pendingNotes(snap tea.Snapshot) []tea.Notification {
	notes := snap.Notifications
	if notes == nil {
		return []tea.Notification{}
	}
	return notes
}
