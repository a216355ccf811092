package mcp

import (
	"fmt"
	"strings"
	"sync"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// Screenshot draws a snapshot as the terminal renderer would, as plain
// text, agent marker and newest notification included, except that a
// masked widget is drawn as its redacted form ("[‹masked›]", see
// redactView), the same whatever its value.
func Screenshot(snap tea.Snapshot) string {
	return screenshotWith(nil, snap)
}

// screenshotWith is Screenshot drawn by d, which reuses what it drew for
// the session's earlier snapshots; a nil d draws everything.
func screenshotWith(d *terminal.SnapshotDrawer, snap tea.Snapshot) string {
	snap.View = redactView(snap.View)
	w, h := snap.Size.Width, snap.Size.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	if d == nil {
		return trimRight(terminal.DrawSnapshot(snap, w, h))
	}
	// The joined text, not DrawLines' slice: that is d's, and another
	// screenshot of the session may draw into it meanwhile.
	return trimRight(d.Draw(snap, w, h))
}

// maxDrawers is how many sessions' drawers screenshots keep at most: a
// drawer holds what it drew (some 18 KB for a 120x40 screen), so ten
// thousand sessions each screenshotted once would hold 180 MB. Past it,
// the least recently used drawer goes; its session's next screenshot
// draws afresh.
const maxDrawers = 256

// screenshots keep one drawer per session for its screenshots, so that a
// screenshot of a screen that did not change, or changed a little, draws
// again only what changed; at most max of them (maxDrawers when 0), the
// least recently used going first. The zero value is ready to use and
// safe for concurrent use.
type screenshots struct {
	mu        sync.Mutex
	bySession map[string]sessionDrawer
	max       int
	// clock counts the drawers handed out: a drawer's used is the count
	// when it was last handed out.
	clock uint64
}

// sessionDrawer is the drawer of one session's runtime: an id that a newer
// session took gets a new one.
type sessionDrawer struct {
	rt   *tea.Runtime
	d    *terminal.SnapshotDrawer
	used uint64
}

// of returns sess's drawer, making it on first use, or nil once sess has
// stopped: a screenshot racing the session's end draws afresh rather than
// leave a drawer behind that forget has already been past.
func (s *screenshots) of(sess *tea.Session) *terminal.SnapshotDrawer {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-sess.Done():
		return nil
	default:
	}
	s.clock++
	if sd, ok := s.bySession[sess.ID]; ok && sd.rt == sess.Runtime {
		sd.used = s.clock
		s.bySession[sess.ID] = sd
		return sd.d
	}
	if s.bySession == nil {
		s.bySession = map[string]sessionDrawer{}
	}
	if _, replacing := s.bySession[sess.ID]; !replacing && len(s.bySession) >= s.limit() {
		s.evictOldest()
	}
	sd := sessionDrawer{rt: sess.Runtime, d: terminal.NewSnapshotDrawer(), used: s.clock}
	s.bySession[sess.ID] = sd
	return sd.d
}

func (s *screenshots) limit() int {
	if s.max > 0 {
		return s.max
	}
	return maxDrawers
}

// evictOldest drops the least recently used drawer. It scans them all,
// which happens only when a session's first screenshot finds the limit
// reached.
func (s *screenshots) evictOldest() {
	oldest, at := "", uint64(0)
	for id, sd := range s.bySession {
		if oldest == "" || sd.used < at {
			oldest, at = id, sd.used
		}
	}
	delete(s.bySession, oldest)
}

// forget drops a stopped session's drawer.
func (s *screenshots) forget(session string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.bySession, session)
}

// agentScreen is the snapshot an agent's screenshot of sess draws. A
// session an agent started with facet_start (byAgent) has no person
// watching it, so the line telling a person that agents are attached is
// left out there.
func agentScreen(sess *tea.Session, byAgent bool) tea.Snapshot {
	snap := sess.Snapshot()
	if byAgent {
		snap.Presence.Agents, snap.Presence.Blocked = nil, false
	}
	return snap
}

// trimRight drops each line's trailing spaces: the drawing is unchanged,
// and a mostly empty 120x40 screen costs a client a few hundred bytes
// instead of five thousand. It writes the trimmed lines at once, into a
// buffer of their size (often half the screen's), without a slice of
// them.
func trimRight(screen string) string {
	n := 0
	for rest, more := screen, true; more; {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		n += len(strings.TrimRight(line, " ")) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for rest, more := screen, true; more; {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		b.WriteString(strings.TrimRight(line, " "))
		if more {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// screenResult answers facet_screenshot and facet_send_key: the screen as
// text, exactly as drawn, then a line naming the focused widget (a plain
// screenshot shows focus only by colour, which text loses), and the same
// facts as structured content.
func screenResult(snap tea.Snapshot, notes []ToldNotification) Answer {
	return screenResultBy(nil, snap, notes)
}

// screenResultBy is screenResult with the screen drawn by d (see
// screenshotWith).
func screenResultBy(d *terminal.SnapshotDrawer, snap tea.Snapshot, notes []ToldNotification) Answer {
	focus := "nothing is focused"
	kind := ""
	if w, ok := tea.FindWidget(snap.View, snap.Focus); ok && snap.Focus != "" {
		kind = w.WidgetKind()
		focus = "focused: " + snap.Focus + " (" + kind + ")"
	}
	w, h := snap.Size.Width, snap.Size.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	facts := map[string]any{"focused": snap.Focus, "focused_kind": kind, "width": w, "height": h, "revision": snap.Version}
	a := Answer{Text: []string{screenshotWith(d, snap), focus}, Value: facts}
	if len(notes) > 0 {
		a.Text = append(a.Text, notesText(notes))
		facts["notifications"] = notes
	}
	return a
}

// compactScreen is a screen for an answer that has more to say than the
// screen: without its trailing blank lines, and with each run of more than
// two blank lines inside it said as "(N blank lines)".
func compactScreen(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	var out []string
	blank := 0
	flush := func() {
		if blank > 2 {
			out = append(out, fmt.Sprintf("(%d blank lines)", blank))
		} else {
			for ; blank > 0; blank-- {
				out = append(out, "")
			}
		}
		blank = 0
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			blank++
			continue
		}
		flush()
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
