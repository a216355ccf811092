package widgets

import (
	"fmt"
	"testing"
)

// TestTableDescriptionAllocatesOncePerColumn pins the headers' sort
// actions: their arguments share one array and their directions are
// constants, so a column adds one allocation (its key, as an argument) to
// describing a table, which happens on every change of its view.
func TestTableDescriptionAllocatesOncePerColumn(t *testing.T) {
	describe := func(columns int) float64 {
		tbl := Table{ID: "results", SortColumn: "c1", SortDirection: SortDesc, Rows: [][]string{{"a"}}}
		for i := range columns {
			tbl.Columns = append(tbl.Columns, TableColumn{Key: fmt.Sprintf("c%d", i), Title: "C"})
		}
		return testing.AllocsPerRun(50, func() { tbl.Describe() })
	}
	if three, six := describe(3), describe(6); six-three > 3 {
		t.Errorf("describing a table of 6 columns allocates %.0f times, of 3 %.0f: %.0f for each column more, want 1", six, three, (six-three)/3)
	}
}

// TestTableHeadersSortEachColumnTheWayItIsNotSorted pins the headers'
// actions: each sorts its column, ascending unless the table is sorted by
// it ascending already; a disabled table's headers sort nothing.
func TestTableHeadersSortEachColumnTheWayItIsNotSorted(t *testing.T) {
	tbl := Table{ID: "t", Columns: []TableColumn{{Key: "a"}, {Key: "b"}, {Key: "c"}}, SortColumn: "b", SortDirection: SortAsc}
	want := []string{"a asc", "b desc", "c asc"}
	for i, h := range tbl.Describe().Headers {
		if len(h.Action.Args) != 2 || h.Action.Name != "sort" {
			t.Fatalf("header %d's action %+v, want sort with a column and a direction", i, h.Action)
		}
		if got := fmt.Sprintf("%v %v", h.Action.Args[0].Value, h.Action.Args[1].Value); got != want[i] {
			t.Errorf("header %d sorts %q, want %q", i, got, want[i])
		}
	}
	tbl.Disabled = true
	for i, h := range tbl.Describe().Headers {
		if h.Action.Name != "" || h.Action.Args != nil {
			t.Errorf("disabled, header %d still offers %+v", i, h.Action)
		}
	}
}
