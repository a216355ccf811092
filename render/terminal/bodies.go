package terminal

import (
	"sync"

	"github.com/facetui/facet/tea"
)

// bodyRing is how many of a runtime's last bodies its board keeps: a
// recording's writer draws its frames in batches (a few dozen snapshots
// behind, more when it is kept waiting), after the renderers drew them.
const bodyRing = 64

// bodyKey is what the body of a frame (the lines above the help line) is
// laid out from, for the bodies every drawer of a runtime lays out alike:
// no theme chosen (WithTheme), a dark background, in plain text. The
// snapshot's Version stands for its view.
type bodyKey struct {
	version       uint64
	width, height int
	focus, hover  string
}

// bodyBoard is where the terminals of one runtime leave the bodies they
// laid out, so that a recording of the runtime (a SnapshotDrawer that
// Shares it) takes a frame's body from there instead of laying it out
// again. The lines are styled in the terminal's palette; their plain text
// is the same in every palette a terminal picks by itself (the default
// one, or widgets.ThemeFor the background), and the widgets are told the
// same context as a recording's drawer tells them, so the plain text is
// what the drawer would lay out.
//
// A board keeps bodies only once a drawer shares it (watch): the terminals
// of a runtime nobody records, every SSH connection's but a recorded
// one's, would otherwise hold their last bodyRing bodies (some 75 KB for
// the counter) for nobody. A drawer that shares the board later lays out
// the frames before it again, to the same text.
type bodyBoard struct {
	mu sync.Mutex
	// bodies keeps a version's body at version % bodyRing: the last
	// bodyRing versions (of one size, when terminals of several sizes
	// show the runtime). It is made once a drawer shares the board
	// (watch): until then the terminals leave nothing, and a session
	// nobody records keeps no bodies, nor the ring's 5 KB.
	bodies *[bodyRing]sharedBody
	// newest is the newest version a body was left for.
	newest uint64
}

// watch has the terminals leave their bodies from now on.
func (b *bodyBoard) watch() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bodies == nil {
		b.bodies = new([bodyRing]sharedBody)
	}
}

type sharedBody struct {
	key   bodyKey
	lines []string
}

// put leaves lines, the body laid out for k, once a drawer watches the
// board; nobody changes them after.
func (b *bodyBoard) put(k bodyKey, lines []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bodies == nil {
		return
	}
	b.bodies[k.version%bodyRing] = sharedBody{key: k, lines: lines}
	b.newest = max(b.newest, k.version)
}

// empty reports whether no body was ever left: no terminal shows the
// runtime.
func (b *bodyBoard) empty() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.newest == 0
}

// behind reports whether the renderers have laid out a version of the
// runtime but none as new as version yet: they may still lay it out.
func (b *bodyBoard) behind(version uint64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.newest != 0 && b.newest < version
}

// get returns the body laid out for k, if one was left.
func (b *bodyBoard) get(k bodyKey) ([]string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bodies == nil {
		return nil, false
	}
	if sb := b.bodies[k.version%bodyRing]; sb.lines != nil && sb.key == k {
		return sb.lines, true
	}
	return nil, false
}

// boardKey is the key of a runtime's board among the values kept with it
// (tea.Runtime.Attach).
type boardKey struct{}

// boardOf returns rt's board, kept with rt for as long as it lives.
func boardOf(rt *tea.Runtime) *bodyBoard {
	return rt.Attach(boardKey{}, func() any { return &bodyBoard{} }).(*bodyBoard)
}
