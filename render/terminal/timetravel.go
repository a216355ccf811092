package terminal

import (
	"fmt"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// MaxTravelFrames is how many of its latest frames a terminal keeps for
// time travel unless WithTimeTravel says otherwise: the snapshots it was
// sent, which share nothing with the model and are never changed once
// published.
const MaxTravelFrames = 100

// The time-travel keys: F7 shows the frame before the one shown, F8 the
// one after (after the latest, the live screen), Esc returns to the live
// screen. F7 is the terminal's only while the app leaves it unbound (see
// unbound); while a frame from the past is shown, the terminal takes every
// key but Ctrl+C and the detach key, so that nothing is typed into a
// screen the person is not looking at.
var (
	travelBackKey    = tea.Key{Code: tea.KeyF7}
	travelForwardKey = tea.Key{Code: tea.KeyF8}
	travelLiveKey    = tea.Key{Code: tea.KeyEscape}
)

// travelBinding is the full help's entry of the time-travel keys.
var travelBinding = key.NewBinding(key.WithKeys("f7", "f8"), key.WithHelp("f7/f8", "view earlier/later frames"))

// timeTravel is a viewer of a terminal's past frames: the app keeps
// running (its model is not rewound) while the person steps back and
// forward through the frames the terminal was sent. Only Bubble Tea's
// event loop, and Run before it, use it.
type timeTravel struct {
	// max is how many frames it keeps (WithTimeTravel).
	max int
	// frames are the latest snapshots, a ring once it holds max: the
	// oldest is frames[head]. first is the number of
	// the oldest, counting from 1 since the terminal started. A full ring
	// takes each new frame in the oldest's place, allocating nothing:
	// sliding a slice along reallocated it every so many frames.
	frames []tea.Snapshot
	head   int
	first  int
	// at is the number of the frame shown; 0 shows the live screen.
	at int
}

// newTimeTravel keeps the latest frames frames (WithTimeTravel), or is nil,
// time travel off, when frames is zero or less.
func newTimeTravel(frames int) *timeTravel {
	if frames <= 0 {
		return nil
	}
	return &timeTravel{max: frames}
}

// add keeps s as the newest frame.
func (t *timeTravel) add(s tea.Snapshot) {
	if n := len(t.frames); n > 0 && s.Version != 0 && t.frame(n-1).Version == s.Version {
		t.frames[t.index(n-1)] = s
		return
	}
	if t.first == 0 {
		t.first = 1
	}
	if len(t.frames) < t.max {
		if len(t.frames) == cap(t.frames) {
			// Doubling, but never past the ring's size: append would
			// give a ring of 100 frames 128 slots, 6 KB more on every
			// connection.
			grown := make([]tea.Snapshot, len(t.frames), min(max(2*len(t.frames), 4), t.max))
			copy(grown, t.frames)
			t.frames = grown
		}
		t.frames = append(t.frames, s)
	} else {
		t.frames[t.head] = s
		t.head = (t.head + 1) % len(t.frames)
		t.first++
	}
	if t.at > 0 && t.at < t.first {
		t.at = t.first
	}
}

// frame is the i-th frame kept, the oldest 0.
func (t *timeTravel) frame(i int) tea.Snapshot { return t.frames[t.index(i)] }

// index is where in the ring the i-th frame kept is.
func (t *timeTravel) index(i int) int { return (t.head + i) % len(t.frames) }

// viewing reports whether a past frame is shown.
func (t *timeTravel) viewing() bool { return t.at > 0 }

// total is the number of the newest frame.
func (t *timeTravel) total() int { return t.first + len(t.frames) - 1 }

// shown is the snapshot to draw: the frame viewed, or live.
func (t *timeTravel) shown(live tea.Snapshot) tea.Snapshot {
	if !t.viewing() {
		return live
	}
	return t.frame(t.at - t.first)
}

// back shows the frame before the one shown (from the live screen, the
// one before the latest); it stays on the oldest it keeps.
func (t *timeTravel) back() {
	switch {
	case len(t.frames) == 0:
	case t.at == 0:
		t.at = max(t.total()-1, t.first)
	case t.at > t.first:
		t.at--
	}
}

// forward shows the frame after the one shown; after the latest, the
// live screen.
func (t *timeTravel) forward() {
	if t.at == 0 {
		return
	}
	if t.at++; t.at > t.total() {
		t.at = 0
	}
}

// live returns to the live screen.
func (t *timeTravel) live() { t.at = 0 }

// marker is the line shown instead of the status while a past frame is.
func (t *timeTravel) marker() string {
	return fmt.Sprintf("viewing frame %d of %d — esc returns to live", t.at, t.total())
}

// travelKey handles k when it is a time-travel key (or any key while a
// past frame is shown) and reports whether it did.
func (a *adapter) travelKey(k tea.Key) bool {
	t := a.travel
	if t == nil {
		return false
	}
	switch {
	case !t.viewing() && k == travelBackKey && unbound(a.snap, k):
		t.back()
	case !t.viewing():
		return false
	case k == travelBackKey:
		t.back()
	case k == travelForwardKey:
		t.forward()
	case k == travelLiveKey:
		t.live()
	}
	a.relayout()
	return true
}

// withTravelHelp adds the time-travel keys to the terminal's own column
// of a full help (ch.full's last), before its quit keys, while the app
// leaves F7 unbound on the screen s. The accessible mode, which does not
// draw frames, does not list them.
func withTravelHelp(ch chromeHelp, s tea.Snapshot) chromeHelp {
	if len(ch.full) == 0 || !unbound(s, travelBackKey) {
		return ch
	}
	own := ch.full[len(ch.full)-1]
	at := max(len(own)-1, 0)
	col := append(append(append(make([]key.Binding, 0, len(own)+1), own[:at]...), travelBinding), own[at:]...)
	full := append(append([][]key.Binding(nil), ch.full[:len(ch.full)-1]...), col)
	ch.full = full
	return ch
}
