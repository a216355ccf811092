package mcp

import (
	"testing"

	"github.com/facetui/facet/widgets"
)

// TestStateTextOfATable pins a table's state as its outline line says it,
// and what saying it costs: the line is written for every changed widget
// of every write, so its numbers are formatted without fmt and its keys
// sorted in one array.
func TestStateTextOfATable(t *testing.T) {
	d := widgets.Table{ID: "results", Columns: []widgets.TableColumn{{Key: "name"}, {Key: "stars"}}, Rows: make([][]string, 300),
		Selected: 7, SortColumn: "stars", SortDirection: widgets.SortDesc}.Describe()
	want := `columns name,stars, rows 300, selected 7, sort_column "stars", sort_direction "desc", focused`
	if got := stateText(d, true); got != want {
		t.Errorf("stateText = %s, want %s", got, want)
	}
	if allocs := testing.AllocsPerRun(50, func() { stateText(d, true) }); allocs > 12 {
		t.Errorf("stateText allocates %.0f times, want at most 12", allocs)
	}
}
