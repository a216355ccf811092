package playground

import (
	"fmt"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// playerLength is the length of the player's track in seconds.
const playerLength = 300

// playerTick is one second of playback. It belongs to the tick loop of one
// player (owner) started at one play (gen); any other tick is stale and
// ignored, so exactly one loop advances the position. A loop runs while a
// tick of it is scheduled: pausing does not end it (its next tick, arriving
// paused, does), so pausing and playing again within a second keeps the
// same loop and the position keeps advancing.
type playerTick struct {
	owner *int
	gen   int
}

// PlayerDemo is a five-minute timeline. Widgets: Scrubber "timeline" (0 to
// 300 seconds; it advances one second per second while playing) and Text
// "now" ("mm:ss / 05:00").
type PlayerDemo struct {
	owner    *int // identifies this player's ticks; never dereferenced
	gen      int  // the current tick loop; bumped by a play that starts one
	ticking  bool // a tick of loop gen is scheduled
	interval time.Duration
	timeline widgets.ScrubberState
}

// NewPlayer returns a paused player at 00:00.
func NewPlayer() PlayerDemo {
	return PlayerDemo{
		owner:    new(int),
		interval: time.Second,
		timeline: widgets.ScrubberState{ID: "timeline", Label: "Demo reel", Min: 0, Max: playerLength},
	}
}

// Position returns the playback position in seconds.
func (p PlayerDemo) Position() int { return p.timeline.Position }

// Playing reports whether the player is playing.
func (p PlayerDemo) Playing() bool { return p.timeline.Playing }

// Init implements tea.Model.
func (p PlayerDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (p PlayerDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case widgets.ScrubberPlaybackChanged:
		if m.ID != p.timeline.ID {
			return p, nil
		}
		wasPlaying := p.timeline.Playing
		p.timeline.Update(m)
		if !p.timeline.Playing || wasPlaying {
			return p, nil
		}
		if p.timeline.Position >= p.timeline.Max {
			p.timeline.Position = p.timeline.Min // play again from the start
		}
		if p.ticking {
			return p, nil // the scheduled tick carries on
		}
		p.gen++
		p.ticking = true
		return p, p.tick()
	case playerTick:
		if m.owner != p.owner || m.gen != p.gen {
			return p, nil
		}
		if !p.timeline.Playing {
			p.ticking = false // the loop ends here; the next play starts one
			return p, nil
		}
		p.timeline.Position = min(p.timeline.Position+1, p.timeline.Max)
		if p.timeline.Position >= p.timeline.Max {
			p.timeline.Playing, p.ticking = false, false
			return p, nil
		}
		return p, p.tick()
	}
	p.timeline.Update(msg)
	return p, nil
}

// tick schedules the next second of the current loop.
func (p PlayerDemo) tick() tea.Cmd {
	owner, gen := p.owner, p.gen
	return tea.Tick(p.interval, func(time.Time) tea.Msg { return playerTick{owner: owner, gen: gen} })
}

// clock spells seconds as mm:ss.
func clock(s int) string { return fmt.Sprintf("%02d:%02d", s/60, s%60) }

// Now returns the time line: "mm:ss / 05:00".
func (p PlayerDemo) Now() string {
	return clock(p.timeline.Position) + " / " + clock(p.timeline.Max)
}

// View implements tea.Model.
func (p PlayerDemo) View() tea.Node {
	state := "Paused"
	if p.timeline.Playing {
		state = "Playing"
	}
	return tea.Column{Gap: 1, Items: []tea.Node{
		tea.Text{Content: "Facet — the demo reel", Bold: true},
		p.timeline.View(widgets.Scrubber{}),
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.Text{ID: "now", Content: p.Now(), Bold: true},
			tea.Text{Content: state, Muted: true},
		}},
		tea.Text{Content: "space: play/pause · ←/→: seek 5 s · home/end: start/end", Muted: true},
	}}
}
