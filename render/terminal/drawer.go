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
	// spare is a slice of the drawer's own to gather the next shared
	// frame's styled lines in: the lastStyled before, when it was one.
	// lastOwn says lastStyled is the drawer's own (not a layout's).
	spare     []string
	lastOwn   bool
	lastPlain []string
	// sparePlain is the plain lines' slice of the frame before the last
	// one, to draw the next in.
	sparePlain []string
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
// text. The slice is d's, and the caller must not change it: it stays as
// it is until d has drawn two other snapshots (d returns it again for the
// same snapshot), so that the frame drawn before stays to compare with.
func (d *SnapshotDrawer) DrawLines(s tea.Snapshot, width, height int) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.draw(s, width, height)
}

// DrawSharedLines is DrawLines when a terminal renderer of the runtime
// (Share) left s's body, or one did and s is the snapshot drawn last;
// otherwise it lays nothing out and returns ok false, with pending true
// when the renderers lay out the runtime's snapshots but have not reached
// s's version yet (asked again a little later, it may find the body
// there).
func (d *SnapshotDrawer) DrawSharedLines(s tea.Snapshot, width, height int) (lines []string, ok, pending bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.board == nil || d.board.empty() {
		return nil, false, false // no terminal shows the runtime
	}
	if lines = d.drawWith(s, width, height, false); lines != nil {
		return lines, true, false
	}
	return nil, false, d.board != nil && d.board.behind(s.Version)
}

// draw returns s's plain lines, drawn again unless s is the snapshot
// drawn last. d.mu is held.
func (d *SnapshotDrawer) draw(s tea.Snapshot, width, height int) []string {
	return d.drawWith(s, width, height, true)
}

// drawWith is draw, which returns nil instead of laying s out when layout
// is false. d.mu is held.
func (d *SnapshotDrawer) drawWith(s tea.Snapshot, width, height int, layout bool) []string {
	st := snapshotStatus(s, DefaultDetachKey)
	k := screenKey{version: s.Version, width: width, height: height, status: st}
	// Version 0 is no runtime's: such a snapshot is drawn every time.
	if s.Version != 0 && k == d.last && d.lastPlain != nil {
		return d.lastPlain
	}
	styled := d.shared(s, width, height, st)
	own := styled != nil
	if styled == nil {
		if !layout {
			return nil
		}
		styled = layoutWith(s.View, width, height, s.Focus, "", st, chromeHelp{}, defaultTheme, look{}, d.memo).lines
	}
	// The lines go in the slice of the frame before the last one: the
	// last one's stays for the caller (DrawLines).
	plain := d.sparePlain
	if cap(plain) < len(styled) {
		plain = make([]string, len(styled))
	}
	plain = plain[:len(styled)]
	for i, l := range styled {
		if i < len(d.lastStyled) && d.lastStyled[i] == l {
			plain[i] = d.lastPlain[i]
		} else {
			plain[i] = stripStyle(l)
		}
	}
	if d.lastOwn {
		d.spare = d.lastStyled[:0]
	}
	d.sparePlain = d.lastPlain
	d.last, d.lastStyled, d.lastOwn, d.lastPlain, d.lastText, d.textOK = k, styled, own, plain, "", false
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
		d.board.watch()
	}
}

// shared returns s's styled lines with the body a renderer left on d's
// board, or nil when none left it. d.mu is held.
func (d *SnapshotDrawer) shared(s tea.Snapshot, width, height int, st status) []string {
	// A runtime no terminal shows has no bodies: its help line is not
	// worked out for nothing.
	if d.board == nil || s.Version == 0 || width <= 0 || height <= 0 || d.board.empty() {
		return nil
	}
	bottom := bottomLines(s.View, width, height, s.Focus, st, chromeHelp{}, defaultTheme, d.memo)
	body, ok := d.board.get(bodyKey{version: s.Version, width: width, height: max(height-len(bottom), 0), focus: s.Focus})
	if !ok {
		return nil
	}
	d.memo.frameDone()
	lines := append(append(d.spare[:0], body...), bottom...)
	d.spare = nil
	return lines
}
