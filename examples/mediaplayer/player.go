package main

import (
	"fmt"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Track is one entry of the playlist.
type Track struct {
	Title   string `json:"title"`
	Artist  string `json:"artist"`
	Seconds int    `json:"seconds"`
}

var playlist = []Track{
	{"Blue in Green", "Miles Davis", 337},
	{"So What", "Miles Davis", 562},
	{"Naima", "John Coltrane", 261},
	{"Take Five", "The Dave Brubeck Quartet", 324},
	{"Round Midnight", "Thelonious Monk", 193},
}

// tabs of the player.
const (
	tabNowPlaying = iota
	tabPlaylist
)

// player is the app's model. Widgets: Tabs "view"; on "Now playing" Text
// "title", Scrubber "timeline", Text "clock" and Buttons "prev" and
// "next"; on "Playlist" SelectList "tracks".
type player struct {
	Tabs     widgets.TabsState       `json:"tabs"`
	Tracks   widgets.SelectListState `json:"tracks"`
	Current  int                     `json:"current"`
	Timeline widgets.ScrubberState   `json:"timeline"`
	// interval is one second of playback (shorter in tests); gen tells the
	// current tick loop from stale ones.
	interval time.Duration
	gen      int
}

type (
	tick struct{ gen int }
	skip struct{ by int }
)

func newPlayer(interval time.Duration) player {
	titles := make([]string, len(playlist))
	for i, t := range playlist {
		titles[i] = fmt.Sprintf("%s — %s (%s)", t.Title, t.Artist, clock(t.Seconds))
	}
	p := player{
		Tabs:     widgets.TabsState{ID: "view", Tabs: []string{"Now playing", "Playlist"}},
		Tracks:   widgets.SelectListState{ID: "tracks", Options: titles, Height: len(titles)},
		interval: interval,
	}
	return p.load(0)
}

// load makes track i current, from its start, keeping play or pause.
func (p player) load(i int) player {
	p.Current = i
	p.Tracks.Selected = i
	// No label: the scrubber draws ▶ or ⏸ itself.
	p.Timeline = widgets.ScrubberState{ID: "timeline", Max: playlist[i].Seconds, Playing: p.Timeline.Playing}
	return p
}

func (p player) Init() tea.Cmd { return nil }

func (p player) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if p.Tabs.Update(msg) {
		return p, nil
	}
	switch m := msg.(type) {
	case widgets.SelectListSelected:
		if m.ID == p.Tracks.ID {
			return p.load(m.Index).restart()
		}
	case widgets.SelectListChosen:
		if m.ID == p.Tracks.ID {
			p = p.load(m.Index)
			p.Timeline.Playing = true
			p.Tabs.Active = tabNowPlaying
			return p.restart()
		}
	case skip:
		return p.load((p.Current + m.by + len(playlist)) % len(playlist)).restart()
	case widgets.ScrubberPlaybackChanged:
		if m.ID == p.Timeline.ID {
			p.Timeline.Update(m)
			return p.restart()
		}
	case tick:
		if m.gen != p.gen || !p.Timeline.Playing {
			return p, nil
		}
		if p.Timeline.Position+1 >= p.Timeline.Max {
			return p.load((p.Current + 1) % len(playlist)).restart() // next track
		}
		p.Timeline.Position++
		return p, p.tick()
	}
	p.Timeline.Update(msg)
	return p, nil
}

// restart starts a new tick loop when playing; older loops' ticks are
// ignored from now on.
func (p player) restart() (tea.Model, tea.Cmd) {
	p.gen++
	if !p.Timeline.Playing {
		return p, nil
	}
	return p, p.tick()
}

func (p player) tick() tea.Cmd {
	gen := p.gen
	return tea.Tick(p.interval, func(time.Time) tea.Msg { return tick{gen: gen} })
}

// clock spells seconds as the timeline does: mm:ss.
func clock(s int) string { return fmt.Sprintf("%02d:%02d", s/60, s%60) }

func (p player) View() tea.Node {
	var body tea.Node
	if p.Tabs.Active == tabPlaylist {
		body = p.Tracks.View(widgets.SelectList{Label: "Enter plays a track"})
	} else {
		t := playlist[p.Current]
		state := "Paused"
		if p.Timeline.Playing {
			state = "Playing"
		}
		body = tea.Column{Gap: 1, Items: []tea.Node{
			widgets.Text{ID: "title", Content: t.Title + " — " + t.Artist, Bold: true},
			p.Timeline.View(widgets.Scrubber{}),
			widgets.Text{ID: "clock", Content: fmt.Sprintf("%s / %s · %s", clock(p.Timeline.Position), clock(t.Seconds), state)},
			tea.Row{Gap: 2, Items: []tea.Node{
				widgets.Button{ID: "prev", Label: "⏮ Previous", OnClick: skip{by: -1}},
				widgets.Button{ID: "next", Label: "Next ⏭", OnClick: skip{by: 1}},
			}},
		}}
	}
	return tea.Box{Title: "Facet player", Padding: 1, Child: tea.Column{Gap: 1, Items: []tea.Node{p.Tabs.View(widgets.Tabs{}), body}}}
}
