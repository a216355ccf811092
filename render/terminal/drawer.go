package terminal

import (
	"strings"
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
	// last is the screen drawn last, and what it was drawn from: its
	// styled lines and its plain lines (a line whose styled text did not
	// change keeps its plain text, so only the lines that changed are
	// stripped of their styles). lastText is the plain lines joined, once
	// Draw asked for it (textOK).
	last       screenKey
	lastStyled []string
	lastPlain  []string
	lastText   string
	textOK     bool
	// board is where the runtime's renderers leave their bodies (Share),
	// or nil.
	board *bodyBoard
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
	d.mu.Lock()
	defer d.mu.Unlock()
	lines := d.draw(s, width, height)
	if !d.textOK {
		d.lastText, d.textOK = strings.Join(lines, "\n"), true
	}
	return d.lastText
}

// DrawLines is Draw's text as its lines (Draw joins them with "\n"): a
// recording compares them with the last frame's without splitting the
// text. The slice is the caller's to keep but not to change: d does not
// change it either, and may return it again for the same snapshot.
func (d *SnapshotDrawer) DrawLines(s tea.Snapshot, width, height int) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.draw(s, width, height)
}

// draw returns s's plain lines, drawn again unless s is the snapshot
// drawn last. d.mu is held.
func (d *SnapshotDrawer) draw(s tea.Snapshot, width, height int) []string {
	st := snapshotStatus(s, DefaultDetachKey)
	k := screenKey{version: s.Version, width: width, height: height, status: st}
	// Version 0 is no runtime's: such a snapshot is drawn every time.
	if s.Version != 0 && k == d.last && d.lastPlain != nil {
		return d.lastPlain
	}
	styled := d.shared(s, width, height, st)
	if styled == nil {
		styled = layoutWith(s.View, width, height, s.Focus, "", st, chromeHelp{}, defaultTheme, look{}, d.memo).lines
	}
	plain := make([]string, len(styled))
	for i, l := range styled {
		if i < len(d.lastStyled) && d.lastStyled[i] == l {
			plain[i] = d.lastPlain[i]
		} else {
			plain[i] = stripStyle(l)
		}
	}
	d.last, d.lastStyled, d.lastPlain, d.lastText, d.textOK = k, styled, plain, "", false
	return plain
}

// Share makes d take the body of a frame (all but its help line) from a
// terminal renderer of rt (Run, the SSH server's) that laid it out
// already, with no theme chosen (WithTheme), on a dark background and no
// widget under the mouse, instead of laying it out again: a recording of a
// session a person watches then lays out each screen once. The text is
// the same either way. Give it only the snapshots of rt.
func (d *SnapshotDrawer) Share(rt *tea.Runtime) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if rt != nil {
		d.board = boardOf(rt)
		d.board.share()
	}
}

// shared returns s's styled lines with the body a renderer left on d's
// board, or nil when none left it. d.mu is held.
func (d *SnapshotDrawer) shared(s tea.Snapshot, width, height int, st status) []string {
	if d.board == nil || s.Version == 0 || width <= 0 || height <= 0 {
		return nil
	}
	bottom := bottomLines(s.View, width, height, s.Focus, st, chromeHelp{}, defaultTheme, d.memo)
	body, ok := d.board.get(bodyKey{version: s.Version, width: width, height: max(height-len(bottom), 0), focus: s.Focus})
	if !ok {
		return nil
	}
	d.memo.frameDone()
	return append(append(make([]string, 0, len(body)+len(bottom)), body...), bottom...)
}
