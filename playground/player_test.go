package playground

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/facetui/facet/widgets"
)

// fastPlayer is a player whose seconds last a millisecond.
func fastPlayer() PlayerDemo {
	p := NewPlayer()
	p.interval = time.Millisecond
	return p
}

// TestPlayerPlayAdvancesAndPauseStops runs in a synctest bubble: the
// ticks run on its clock, so "paused, it stays put" is checked after an
// hour of it with every goroutine idle, not after a short sleep.
func TestPlayerPlayAdvancesAndPauseStops(t *testing.T) {
	synctest.Test(t, playerPlayAdvancesAndPauseStops)
}

func playerPlayAdvancesAndPauseStops(t *testing.T) {
	rt := start(t, fastPlayer())
	if got := textOf(t, rt, "now"); got != "00:00 / 05:00" {
		t.Fatalf("now = %q", got)
	}
	press(t, rt, "space") // the focused scrubber: play
	eventually(t, "three seconds of playback", func() bool { return modelOf[PlayerDemo](t, rt).Position() >= 3 })
	press(t, rt, "space") // pause
	paused := modelOf[PlayerDemo](t, rt)
	if paused.Playing() {
		t.Fatal("still playing after pause")
	}
	time.Sleep(time.Hour)
	synctest.Wait()
	if got := modelOf[PlayerDemo](t, rt).Position(); got != paused.Position() {
		t.Fatalf("position moved from %d to %d while paused", paused.Position(), got)
	}
	if got, want := textOf(t, rt, "now"), clock(paused.Position())+" / 05:00"; got != want {
		t.Errorf("now = %q, want %q", got, want)
	}
}

func TestPlayerRunsOneTickLoopHoweverOftenPlayIsPressed(t *testing.T) {
	p := NewPlayer()
	p.interval = time.Hour // no tick fires by itself: the test sends them
	rt := start(t, p)
	play := widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true}
	dispatch(t, rt, play)
	dispatch(t, rt, play) // already playing: no second loop
	m := modelOf[PlayerDemo](t, rt)
	if m.gen != 1 {
		t.Fatalf("two plays started %d loops, want 1", m.gen)
	}
	dispatch(t, rt, playerTick{owner: m.owner, gen: m.gen})
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 1 {
		t.Fatalf("a tick moved to %d, want 1", got)
	}
	// Pause and play again before the next tick: the loop that is already
	// scheduled carries on, so toggling quickly still advances.
	dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: false})
	dispatch(t, rt, play)
	if got := modelOf[PlayerDemo](t, rt).gen; got != 1 {
		t.Fatalf("pause and play started loop %d, want the scheduled loop 1 kept", got)
	}
	dispatch(t, rt, playerTick{owner: m.owner, gen: 1})
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 2 {
		t.Fatalf("the kept loop's tick moved to %d, want 2", got)
	}
	// A tick of another player (same generation) is ignored.
	dispatch(t, rt, playerTick{owner: new(int), gen: 1})
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 2 {
		t.Fatalf("another player's tick moved the position to %d", got)
	}
	// A tick that arrives while paused ends the loop without moving; the
	// next play starts a new loop, and the old loop's ticks are stale.
	dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: false})
	dispatch(t, rt, playerTick{owner: m.owner, gen: 1})
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 2 {
		t.Fatalf("a tick while paused moved the position to %d", got)
	}
	dispatch(t, rt, play)
	if got := modelOf[PlayerDemo](t, rt).gen; got != 2 {
		t.Fatalf("play after the loop ended runs loop %d, want a new loop 2", got)
	}
	dispatch(t, rt, playerTick{owner: m.owner, gen: 1})
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 2 {
		t.Fatalf("a stale tick moved the position to %d", got)
	}
	dispatch(t, rt, playerTick{owner: m.owner, gen: 2})
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 3 {
		t.Fatalf("the current loop's tick moved to %d, want 3", got)
	}
}

func TestPlayerAdvancesWhilePlayIsToggledRapidly(t *testing.T) {
	p := NewPlayer()
	p.interval = 10 * time.Millisecond // far longer than a toggle takes
	rt := start(t, p)
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) && modelOf[PlayerDemo](t, rt).Position() < 3 {
		// pause and play again at once, over and over, faster than a tick
		dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true})
		dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: false})
		dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true})
	}
	if got := modelOf[PlayerDemo](t, rt).Position(); got < 3 {
		t.Fatalf("position %d after three seconds of toggling, want it to advance", got)
	}
}

func TestPlayerStopsAtTheEnd(t *testing.T) {
	rt := start(t, fastPlayer())
	dispatch(t, rt, widgets.ScrubberSeeked{ID: "timeline", Position: 298})
	dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true})
	eventually(t, "the end", func() bool { return !modelOf[PlayerDemo](t, rt).Playing() })
	if got := textOf(t, rt, "now"); got != "05:00 / 05:00" {
		t.Fatalf("now = %q", got)
	}
	// Playing at the end starts over.
	dispatch(t, rt, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true})
	if got := modelOf[PlayerDemo](t, rt).Position(); got > 1 {
		t.Fatalf("play at the end resumed at %d, want the start", got)
	}
}

func TestPlayerSeekKeysMoveFiveSeconds(t *testing.T) {
	rt := start(t, NewPlayer())
	press(t, rt, "right", "right")
	if got := textOf(t, rt, "now"); got != "00:10 / 05:00" {
		t.Fatalf("now = %q", got)
	}
	press(t, rt, "end")
	if got := modelOf[PlayerDemo](t, rt).Position(); got != 300 {
		t.Fatalf("end seeks to %d", got)
	}
}
