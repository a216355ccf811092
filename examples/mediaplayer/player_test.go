package main

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/facetui/facet/facettest"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/render/terminal"
)

func clockIs(prefix string) func(mcptest.Component) bool {
	return func(c mcptest.Component) bool { return strings.HasPrefix(c.Label, prefix) }
}

// TestPlayerSeeksPlaysAndPauses runs in a synctest bubble: the ticks run
// on its clock, so "paused, it stays put" is checked after an hour of it
// with every goroutine idle (synctest.Wait), not after a short sleep.
func TestPlayerSeeksPlaysAndPauses(t *testing.T) {
	synctest.Test(t, playerSeeksPlaysAndPauses)
}

func playerSeeksPlaysAndPauses(t *testing.T) {
	s := facettest.Start(t, newPlayer(10*time.Millisecond))
	s.AssertComponent("title", func(c mcptest.Component) bool { return c.Label == "Blue in Green — Miles Davis" }).
		Seek("timeline", 60).
		AssertComponent("clock", clockIs("01:00 / 05:37 · Paused")).
		Play("timeline").
		// Ticks come every 10ms, so wait for "moved on while playing", not
		// for one exact second a busy machine may skip past between polls.
		WaitFor("timeline", func(c mcptest.Component) bool {
			pos, _ := c.State["position"].(int)
			return c.State["playing"] == true && pos >= 63
		}).
		Pause("timeline").
		AssertComponent("timeline", func(c mcptest.Component) bool { return c.State["playing"] == false })
	// Paused, it stays put.
	pos := s.Call("timeline.get_position", nil)
	time.Sleep(time.Hour)
	synctest.Wait()
	if again := s.Call("timeline.get_position", nil); again.Text != pos.Text {
		t.Errorf("paused, the position moved from %s to %s", pos.Text, again.Text)
	}
	s.ExpectError("out of range").Seek("timeline", 1000)
}

func TestPlayerPlaylistTab(t *testing.T) {
	s := facettest.Start(t, newPlayer(time.Hour))
	s.AssertToolAbsent("tracks.select").
		SelectTab("view", 1).
		AssertScreenContains("Naima — John Coltrane (04:21)").
		AssertToolAbsent("timeline.seek").
		Select("tracks", 2)
	if i, tab := s.Selected("view"); i != 1 || tab != "Playlist" {
		t.Errorf("tab = %d %q", i, tab)
	}
	s.SelectTab("view", 0).
		AssertComponent("title", func(c mcptest.Component) bool { return c.Label == "Naima — John Coltrane" }).
		AssertComponent("clock", clockIs("00:00 / 04:21"))
}

func TestPlayerSkipsAndPlaysTheNextTrackAtTheEnd(t *testing.T) {
	s := facettest.Start(t, newPlayer(5*time.Millisecond))
	s.Click("prev").
		AssertComponent("title", func(c mcptest.Component) bool { return strings.HasPrefix(c.Label, "Round Midnight") }).
		Click("next").Click("next").
		AssertComponent("title", func(c mcptest.Component) bool { return strings.HasPrefix(c.Label, "So What") }).
		Seek("timeline", 560).Play("timeline").
		WaitFor("title", func(c mcptest.Component) bool { return strings.HasPrefix(c.Label, "Naima") }).
		AssertComponent("clock", func(c mcptest.Component) bool {
			// The new track started from 00:00 and keeps playing; 5ms ticks
			// are too fast to catch any one second of it on a busy machine.
			return strings.HasSuffix(c.Label, "/ 04:21 · Playing")
		})
}

func TestPlayerEnterInThePlaylistPlays(t *testing.T) {
	s := facettest.Start(t, newPlayer(time.Hour))
	s.SelectTab("view", 1).SendKey("tab").SendKey("down").SendKey("enter").
		AssertComponent("title", func(c mcptest.Component) bool { return c.Label == "So What — Miles Davis" }).
		AssertComponent("clock", clockIs("00:00 / 09:22 · Playing"))
}

// The timeline and the clock speak one format (mm:ss) and the timeline
// shows one play state symbol, not a "▶" label before its own ⏸.
func TestPlayerShowsOneStateSymbolAndOneTimeFormat(t *testing.T) {
	screen := terminal.Draw(newPlayer(time.Hour).View(), 80, 20, "timeline")
	var line string
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "●") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no timeline drawn:\n%s", screen)
	}
	if n := strings.Count(line, "▶") + strings.Count(line, "⏸"); n != 1 {
		t.Errorf("the timeline shows %d play state symbols, want 1: %q", n, line)
	}
	if !strings.Contains(line, "⏸ 00:00") || !strings.Contains(line, "05:37") {
		t.Errorf("timeline %q: want ⏸ 00:00 … 05:37", line)
	}
	if !strings.Contains(screen, "00:00 / 05:37 · Paused") {
		t.Errorf("the clock does not use the timeline's mm:ss:\n%s", screen)
	}
}
