package playground

import "testing"

// TestSearchFilteringAllocatesNothingPerRepository pins the search index:
// a search lowers no description and formats no row again, so what it
// allocates (the list of matches, the table's sort) does not grow with the
// catalogue, which has hundreds of repositories.
func TestSearchFilteringAllocatesNothingPerRepository(t *testing.T) {
	s := NewSearch()
	for _, q := range []string{"", "Go", "rust"} {
		allocs := testing.AllocsPerRun(20, func() { s.filter(q) })
		if allocs > 20 {
			t.Errorf("filter(%q) allocates %.0f times, want at most 20 (none per repository of %d)", q, allocs, len(s.repos))
		}
	}
}
