package terminal

import (
	"sync"

	"github.com/facetui/facet/tea"
)

// SnapshotDrawer draws the snapshots one runtime publishes as DrawSnapshot
// does, text for text, but draws again only what changed since the last
// snapshots it drew: a widget equal to one it drew at the same size in one
// of the last two drawings, box edges, text and the help line come from
// its memo, and the snapshot it drew last (the same Version at the same
// size and status) is answered with the same text without laying
// anything out. A session's screenshots keep one, so that an agent
// looking at a screen that did not change, or changed in one widget,
// pays for what changed.
//
// Give it only the snapshots of one runtime, as the runtime published them
// (Version tells them apart; a runtime's snapshots are never changed once
// published). It is safe for concurrent use; drawings are made one at a
// time.
type SnapshotDrawer struct {
	mu   sync.Mutex
	memo *memo
	// last is the screen drawn last, and what it was drawn from.
	last     screenKey
	lastText string
}

// screenKey is what a snapshot's screen is drawn from: its Version stands
// for its view and focus (a runtime publishes a new version when either
// changes); the status is kept apart because a renderer may change the
// presence of a snapshot it was given (an agent's screenshot leaves the
// agents out).
type screenKey struct {
	version       uint64
	width, height int
	status        status
}

// NewSnapshotDrawer returns a drawer that has drawn nothing yet.
func NewSnapshotDrawer() *SnapshotDrawer {
	return &SnapshotDrawer{memo: newMemo()}
}

// Draw is DrawSnapshot(s, width, height), reusing what d drew for the
// snapshots before s.
func (d *SnapshotDrawer) Draw(s tea.Snapshot, width, height int) string {
	st := snapshotStatus(s, DefaultDetachKey)
	k := screenKey{version: s.Version, width: width, height: height, status: st}
	d.mu.Lock()
	defer d.mu.Unlock()
	// Version 0 is no runtime's: such a snapshot is drawn every time.
	if s.Version != 0 && k == d.last {
		return d.lastText
	}
	text := layoutWith(s.View, width, height, s.Focus, "", st, chromeHelp{}, defaultTheme, look{}, d.memo).Plain()
	d.last, d.lastText = k, text
	return text
}
