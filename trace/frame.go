package trace

import (
	"strings"

	"github.com/facetui/facet/tea"
)

// FrameLine is one line of a frame that changed: its index (from 0) and
// its text.
type FrameLine struct {
	N    int    `json:"n"`
	Text string `json:"s"`
}

// frameSize is the size s is drawn at.
func (r *Recorder) frameSize(s tea.Snapshot) (width, height int) {
	if s.Size.Width > 0 && s.Size.Height > 0 {
		return s.Size.Width, s.Size.Height
	}
	return r.opts.Width, r.opts.Height
}

// laidOutSoon reports whether a terminal of the runtime has not laid out
// s yet but lays out its snapshots, so that its frame is better taken a
// little later than drawn now.
func (r *Recorder) laidOutSoon(ev tea.Event) bool {
	r.share(ev)
	s := ev.Snapshot
	if !r.sharing {
		return false
	}
	width, height := r.frameSize(s)
	_, ok, pending := r.drawer.DrawSharedLines(s, width, height)
	return !ok && pending
}

// frameEntry draws s and returns its frame entry: the whole frame when it
// is the first or most of its lines changed, else only the lines that
// changed since the last frame. changed is false when the screen is the
// same as the last frame's.
func (r *Recorder) frameEntry(s tea.Snapshot) (e Entry, changed bool) {
	width, height := r.frameSize(s)
	lines := r.drawer.DrawLines(s, width, height)
	prev := r.lastFrame
	r.lastFrame = lines
	e = Entry{Kind: KindFrame, Version: s.Version}
	if prev == nil {
		e.Frame = strings.Join(lines, "\n")
		return e, true
	}
	for i, l := range lines {
		if i >= len(prev) || prev[i] != l {
			e.Lines = append(e.Lines, FrameLine{N: i, Text: l})
		}
	}
	if len(lines) != len(prev) {
		e.Rows = len(lines)
	}
	switch {
	case len(e.Lines) == 0 && e.Rows == 0:
		return e, false
	case 2*len(e.Lines) > len(lines):
		e.Lines, e.Rows, e.Frame = nil, 0, strings.Join(lines, "\n")
	}
	return e, true
}

// frames fills in the whole frame of every frame entry recorded as the
// lines that changed, from the frame before it.
func frames(entries []Entry) {
	var prev []string
	for i := range entries {
		e := &entries[i]
		switch {
		case e.Kind != KindFrame:
		case e.Frame != "" || (e.Lines == nil && e.Rows == 0):
			prev = strings.Split(e.Frame, "\n")
		default:
			rows := len(prev)
			if e.Rows > 0 {
				rows = e.Rows
			}
			cur := make([]string, rows)
			copy(cur, prev)
			for _, l := range e.Lines {
				if l.N >= 0 && l.N < rows {
					cur[l.N] = l.Text
				}
			}
			prev = cur
			e.Frame, e.Lines, e.Rows = strings.Join(cur, "\n"), nil, 0
		}
	}
}
