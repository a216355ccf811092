package mcp

import (
	"fmt"
	"github.com/facetui/facet/tea"
	"strings"
	"sync"
)

// keptRevisions is how many outlines of each session an outlineHistory
// keeps: an agent that polls asks about a revision it was told lately.
const keptRevisions = 16

// outlineHistory keeps the outlines answered of each session by revision
// (tea.Snapshot's Version), so "what changed since revision N" is answered
// from what the agent was told at N. The zero value is ready to use and
// safe for concurrent use.
type outlineHistory struct {
	mu        sync.Mutex
	bySession map[string]*keptOutlines
}

// keptOutlines are one session's latest outlines, at most keptRevisions,
// in no order: once full, the next replaces the oldest in place (a ring),
// so a session that keeps writing neither allocates nor moves the others.
type keptOutlines struct {
	revs   []revisionOutline
	oldest int // the index in revs the next replaces, once revs is full
}

// revisionOutline is one session's outline at one revision: its lines, or
// the view they are made from when nobody has asked for them yet.
type revisionOutline struct {
	version uint64
	lines   []outlineLine
	view    tea.Snapshot // the view, while lines is nil
}

// recordView keeps snap's view as session's outline at its version,
// outlined only if an agent asks what changed since: a published
// snapshot never changes, so the outline made later is the one it had.
func (h *outlineHistory) recordView(session string, snap tea.Snapshot) {
	h.keep(session, revisionOutline{version: snap.Version, view: snap})
}

// record keeps lines as session's outline at version, dropping the oldest
// past keptRevisions.
func (h *outlineHistory) record(session string, version uint64, lines []outlineLine) {
	h.keep(session, revisionOutline{version: version, lines: lines})
}

func (h *outlineHistory) keep(session string, r revisionOutline) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.bySession == nil {
		h.bySession = map[string]*keptOutlines{}
	}
	k := h.bySession[session]
	if k == nil {
		k = &keptOutlines{}
		h.bySession[session] = k
	}
	for i := range k.revs {
		if k.revs[i].version == r.version {
			return
		}
	}
	if len(k.revs) < keptRevisions {
		k.revs = append(k.revs, r)
		return
	}
	k.revs[k.oldest] = r
	k.oldest = (k.oldest + 1) % keptRevisions
}

// at is session's outline at version, if it is kept.
func (h *outlineHistory) at(session string, version uint64) ([]outlineLine, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := h.bySession[session]
	if k == nil {
		return nil, false
	}
	for i := range k.revs {
		r := &k.revs[i]
		if r.version != version {
			continue
		}
		if r.lines == nil {
			r.lines = outline(r.view.View, r.view.Focus)
			r.view = tea.Snapshot{}
		}
		return r.lines, true
	}
	return nil, false
}

// forget drops a stopped session's outlines.
func (h *outlineHistory) forget(session string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.bySession, session)
}

// outlineDiff says what changed from was to now: "+ line" for each line
// that is new or changed, "- line" for each one that is gone, in view
// order (the gone ones last), or "" when nothing did.
func outlineDiff(was, now []outlineLine) string {
	before := make(map[string]string, len(was))
	for _, l := range was {
		if _, dup := before[l.key]; !dup {
			before[l.key] = l.text
		}
	}
	seen := make(map[string]bool, len(now))
	var b strings.Builder
	for _, l := range now {
		if seen[l.key] {
			continue
		}
		seen[l.key] = true
		if t, ok := before[l.key]; !ok || t != l.text {
			fmt.Fprintf(&b, "+ %s\n", l.text)
		}
	}
	for _, l := range was {
		if !seen[l.key] {
			seen[l.key] = true
			fmt.Fprintf(&b, "- %s\n", l.text)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}
