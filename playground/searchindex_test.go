package playground

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/facetui/facet/widgets"
)

// TestSearchFilteringAllocatesNothingPerRepository pins the search index:
// a search lowers no description and formats no row again, so what it
// allocates (the list of matches, the table's sort) does not grow with the
// catalogue, which has hundreds of repositories.
func TestSearchFilteringAllocatesNothingPerRepository(t *testing.T) {
	s := NewSearch()
	for _, q := range []string{"", "Go", "rust"} {
		allocs := testing.AllocsPerRun(20, func() { s.filter(q) })
		if allocs > 20 {
			t.Errorf("filter(%q) allocates %.0f times, want at most 20 (none per repository of %d)", q, allocs, len(s.catalogue.repos))
		}
	}
}

// TestSearchMatchesComeInTheOrderTheTableSortsThem pins the index's order
// against the table's: for every sort, a search shows what the table shows
// when it is given the matches in the catalogue's order and sorts them.
func TestSearchMatchesComeInTheOrderTheTableSortsThem(t *testing.T) {
	repos, err := Repos()
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearch()
	for _, col := range s.table.Columns {
		for _, dir := range []string{widgets.SortAsc, widgets.SortDesc} {
			s.table.Update(widgets.TableSorted{ID: s.table.ID, Column: col.Key, Direction: dir})
			for _, q := range []string{"", "go", "Rust", "data", "no such repository"} {
				got := s.filter(q).Results()
				want := widgets.TableState{ID: "want", Columns: s.table.Columns}
				for _, r := range repos {
					needle := strings.ToLower(q)
					if strings.Contains(strings.ToLower(r.Name), needle) || strings.Contains(strings.ToLower(r.Description), needle) {
						want.Rows = append(want.Rows, []string{r.Name, strconv.Itoa(r.Stars), r.Language})
					}
				}
				want.Update(widgets.TableSorted{ID: want.ID, Column: col.Key, Direction: dir})
				if !slices.EqualFunc(got, want.Rows, slices.Equal) {
					t.Errorf("sorted by %s %s, %q shows %d rows, not the %d the table sorts so", col.Key, dir, q, len(got), len(want.Rows))
				}
			}
		}
	}
}

// TestSearchDemosShareOneCatalogue pins the shared catalogue: a new demo
// (one per session of the playground) reads and indexes nothing, and
// every demo's searches read the same memory.
func TestSearchDemosShareOneCatalogue(t *testing.T) {
	a, b := NewSearch(), NewSearch()
	if a.catalogue != b.catalogue {
		t.Error("two demos hold two catalogues")
	}
	allocs := testing.AllocsPerRun(20, func() { NewSearch() })
	if allocs > 10 {
		t.Errorf("a new demo allocates %.0f times, want at most 10 (no catalogue of its own)", allocs)
	}
}
