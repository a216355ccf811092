package mcp

import (
	"testing"

	"github.com/facetui/facet/tea"
)

// TestOutlineHistoryKeepsTheLatestRevisionsOfASession: past keptRevisions
// the oldest goes, and the others stay answerable.
func TestOutlineHistoryKeepsTheLatestRevisionsOfASession(t *testing.T) {
	var h outlineHistory
	last := uint64(keptRevisions + 5)
	for v := uint64(1); v <= last; v++ {
		h.recordView("s", tea.Snapshot{Version: v})
	}
	for v := uint64(1); v <= last; v++ {
		_, ok := h.at("s", v)
		if want := v > last-keptRevisions; ok != want {
			t.Errorf("revision %d kept = %v, want %v", v, ok, want)
		}
	}
	if _, ok := h.at("other", last); ok {
		t.Error("another session's revision is kept")
	}
}

// TestOutlineHistoryRecordsAFullSessionWithoutAllocating pins the ring: a
// session that keeps calling moves its revisions down in place.
func TestOutlineHistoryRecordsAFullSessionWithoutAllocating(t *testing.T) {
	var h outlineHistory
	v := uint64(0)
	for range keptRevisions {
		v++
		h.recordView("s", tea.Snapshot{Version: v})
	}
	allocs := testing.AllocsPerRun(50, func() {
		v++
		h.recordView("s", tea.Snapshot{Version: v})
	})
	if allocs != 0 {
		t.Errorf("recording a revision of a full session allocates %.1f times, want 0", allocs)
	}
	if _, ok := h.at("s", v); !ok {
		t.Errorf("the latest revision %d is not kept", v)
	}
	if _, ok := h.at("s", v-keptRevisions); ok {
		t.Errorf("revision %d is kept past %d newer ones", v-keptRevisions, keptRevisions)
	}
}
