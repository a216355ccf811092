package terminal

import (
	"testing"

	"github.com/facetui/facet/tea"
)

// TestTimeTravelKeepsTheLatestFramesInARing: past MaxTravelFrames, each
// frame takes the oldest's place: stepping back from live goes through
// the latest frames newest first and stops at the oldest kept, forward
// comes back to live, the ring has no more slots than frames, and a
// full ring allocates nothing for a new frame.
func TestTimeTravelKeepsTheLatestFramesInARing(t *testing.T) {
	tt := newTimeTravel(MaxTravelFrames)
	const total = 2*MaxTravelFrames + 50
	for v := uint64(1); v <= total; v++ {
		tt.add(tea.Snapshot{Version: v})
	}
	tt.add(tea.Snapshot{Version: total, Focus: "again"}) // the same version replaces the newest
	if cap(tt.frames) != MaxTravelFrames {
		t.Fatalf("the ring has %d slots for %d frames", cap(tt.frames), MaxTravelFrames)
	}
	if got := tt.shown(tea.Snapshot{Version: 999}).Version; got != 999 {
		t.Fatalf("live shows version %d", got)
	}
	want := uint64(total - 1)
	for range MaxTravelFrames + 5 {
		tt.back()
		if got := tt.shown(tea.Snapshot{}).Version; got != want {
			t.Fatalf("shown version %d, want %d", got, want)
		}
		if want > total-MaxTravelFrames+1 {
			want--
		}
	}
	if tt.at != tt.first || tt.total() != total {
		t.Fatalf("at %d, first %d, total %d: want the oldest of %d", tt.at, tt.first, tt.total(), total)
	}
	for range MaxTravelFrames - 1 {
		tt.forward()
	}
	if got := tt.shown(tea.Snapshot{}); got.Version != total || got.Focus != "again" {
		t.Fatalf("the newest frame is %+v", got)
	}
	tt.forward()
	if tt.viewing() {
		t.Fatal("forward from the newest frame did not return to live")
	}
	v := uint64(total)
	if allocs := testing.AllocsPerRun(100, func() { v++; tt.add(tea.Snapshot{Version: v}) }); allocs != 0 {
		t.Fatalf("a frame added to a full ring allocates %.0f times", allocs)
	}
}
