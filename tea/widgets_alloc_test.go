package tea_test

import (
	"testing"

	"github.com/facetui/facet/tea"
)

// TestWidgetsOfASmallViewAllocateOnce pins Widgets' first array: a view of
// a few widgets is listed in one (with the list itself), not grown from
// one widget.
func TestWidgetsOfASmallViewAllocateOnce(t *testing.T) {
	view := sampleTree() // four widgets
	if allocs := testing.AllocsPerRun(50, func() { tea.Widgets(view) }); allocs > 2 {
		t.Errorf("listing four widgets allocates %.0f times, want at most 2", allocs)
	}
}
