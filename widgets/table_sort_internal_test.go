package widgets

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// referenceSort is how TableSorted ordered a table before sorts kept their keys:
// every cell parsed again, the row indexes sorted stably by their keys (a
// column of numbers or of text only has one such order; a mixed one gets
// SortStableFunc's own). It returns the new rows and where the selected row
// went.
func referenceSort(rows [][]string, selected, col int, desc bool) ([][]string, int) {
	keys := make([]sortKey, len(rows))
	for i, r := range rows {
		keys[i] = newSortKey(cellAt(r, col))
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if desc {
			return compareSortKeys(keys[b], keys[a])
		}
		return compareSortKeys(keys[a], keys[b])
	})
	out, sel := make([][]string, len(rows)), 0
	for i, from := range order {
		out[i] = rows[from]
		if from == selected {
			sel = i
		}
	}
	return out, sel
}

// ownRow is a copy of r with an array of its own, even when empty, so
// that sameRows tells it from every other row.
func ownRow(r []string) []string { return append(make([]string, 0, len(r)+1), r...) }

// sameRows reports whether a and b hold the very same rows (the same
// arrays, not only equal cells) in the same order.
func sameRows(a, b [][]string) bool {
	return slices.EqualFunc(a, b, func(x, y []string) bool { return len(x) == len(y) && &x[:1][0] == &y[:1][0] })
}

// sortCells are cells that read as numbers, as text, or as either in a
// mixed column, with ties, case and spaces.
var sortCells = []string{"", "0", "-0", "1", "1", "2", "10", " 2", "1e3", "1000", "-5", "2.5", "inf", "-inf", "nan", "NaN",
	"a", "A", "b", "B", "bb", "repo-1", "Repo-1", "+", "-", ".", "1x"}

// Sorting a TableState again and again, while the app edits cells, swaps,
// drops and adds rows, moves the selection and keeps copies of the state,
// orders each copy exactly as parsing every cell again would: reusing a
// kept key never leaves a stale order, and no copy sees another's sort.
func TestTableStateSortsAsIfEveryCellWereParsedAgain(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ncols := rapid.IntRange(1, 3).Draw(t, "columns")
		cols := make([]TableColumn, ncols)
		for i := range cols {
			cols[i] = TableColumn{Key: "c" + strconv.Itoa(i)}
		}
		cell := rapid.SampledFrom(sortCells)
		// Numbers only, text only, or anything: the uniform columns take
		// other paths than the mixed ones.
		alphabet := rapid.SampledFrom([]*rapid.Generator[string]{cell,
			rapid.SampledFrom([]string{"1", "2", "2", "10", "-3", "0.5"}),
			rapid.SampledFrom([]string{"a", "A", "b", "B", "c", "bb"})}).Draw(t, "alphabet")
		row := rapid.Custom(func(t *rapid.T) []string {
			return ownRow(rapid.SliceOfN(alphabet, 0, ncols).Draw(t, "row"))
		})
		states := []TableState{{ID: "t", Columns: cols, Rows: rapid.SliceOfN(row, 0, 12).Draw(t, "rows")}}
		for step := range rapid.IntRange(1, 25).Draw(t, "steps") {
			at := rapid.IntRange(0, len(states)-1).Draw(t, "state")
			s := &states[at]
			switch op := rapid.IntRange(0, 6).Draw(t, "op"); {
			case op <= 2 || len(s.Rows) == 0 && op >= 4: // sort
				col := rapid.IntRange(0, ncols-1).Draw(t, "column")
				dir := rapid.SampledFrom([]string{SortAsc, SortDesc}).Draw(t, "direction")
				others, kept := make([][][]string, len(states)), make([]sortMemo, len(states))
				for i, o := range states {
					others[i], kept[i] = slices.Clone(o.Rows), sortMemo{o.sorted.col, slices.Clone(o.sorted.keys), slices.Clone(o.sorted.byRow), o.sorted.desc, o.sorted.uniform}
				}
				wantRows, wantSel := referenceSort(s.Rows, s.Selected, col, dir == SortDesc)
				if !s.Update(TableSorted{ID: "t", Column: cols[col].Key, Direction: dir}) {
					t.Fatalf("step %d: TableSorted was not applied", step)
				}
				if !sameRows(s.Rows, wantRows) || s.Selected != wantSel {
					t.Fatalf("step %d: sort by %s %s gave %q (selected %d), want %q (selected %d)",
						step, cols[col].Key, dir, s.Rows, s.Selected, wantRows, wantSel)
				}
				for i, r := range s.Rows {
					if k, ok := s.sorted.at(i, cellAt(r, col)); !ok || k != newSortKey(cellAt(r, col)) {
						t.Fatalf("step %d: row %d keeps the key %+v (%v), want %+v", step, i, k, ok, newSortKey(cellAt(r, col)))
					}
				}
				if len(s.sorted.keys) != len(s.Rows) || len(s.sorted.byRow) != len(s.Rows) {
					t.Fatalf("step %d: %d keys and %d indexes kept for %d rows", step, len(s.sorted.keys), len(s.sorted.byRow), len(s.Rows))
				}
				for i, o := range states {
					if i != at && (!reflect.DeepEqual(o.Rows, others[i]) || !reflect.DeepEqual(o.sorted, kept[i])) {
						t.Fatalf("step %d: sorting state %d changed state %d's rows or kept keys", step, at, i)
					}
				}
			case op == 3: // keep a copy
				states = append(states, *s)
			case op == 4: // a new value in a cell, copied on write or in place
				r := rapid.IntRange(0, len(s.Rows)-1).Draw(t, "row index")
				c := rapid.IntRange(0, ncols-1).Draw(t, "cell index")
				v := strings.Clone(alphabet.Draw(t, "cell"))
				edited := s.Rows[r]
				if rapid.Bool().Draw(t, "copy on write") {
					edited = ownRow(edited)
					s.Rows = slices.Clone(s.Rows)
					s.Rows[r] = edited
				}
				if c < len(edited) {
					edited[c] = v
				}
			case op == 5: // rows swapped, dropped or added
				rows := slices.Clone(s.Rows)
				switch rapid.IntRange(0, 2).Draw(t, "change") {
				case 0:
					i, j := rapid.IntRange(0, len(rows)-1).Draw(t, "i"), rapid.IntRange(0, len(rows)-1).Draw(t, "j")
					rows[i], rows[j] = rows[j], rows[i]
				case 1:
					i := rapid.IntRange(0, len(rows)-1).Draw(t, "i")
					rows = slices.Delete(rows, i, i+1)
				default:
					rows = append(rows, row.Draw(t, "new row"))
				}
				s.Rows = rows
			default: // the selection moves
				s.Selected = rapid.IntRange(0, max(len(s.Rows)-1, 0)).Draw(t, "selected")
			}
		}
	})
}

// TestTableStateSortsAgainWithoutParsing proves sorting again by the same
// column parses no cell whose row kept its value: each cell here is
// capitalized, so parsing it (lower-casing it) allocates once a row.
func TestTableStateSortsAgainWithoutParsing(t *testing.T) {
	for _, col := range []string{"name", "stars"} {
		t.Run(col, func(t *testing.T) {
			s := TableState{ID: "t", Columns: []TableColumn{{Key: "name"}, {Key: "stars"}}}
			for i := range 100 {
				s.Rows = append(s.Rows, []string{"Repo-" + strconv.Itoa(i*37%100), "1E" + strconv.Itoa(i*37%100)})
			}
			dirs, i := []string{SortAsc, SortDesc, SortDesc}, 0
			got := testing.AllocsPerRun(30, func() {
				i++
				s.Update(TableSorted{ID: "t", Column: col, Direction: dirs[i%3]})
			})
			// The keys, the order, the sort's entries and the new rows.
			if got > 4 {
				t.Errorf("sorting 100 rows again allocates %.0f times, want at most 4", got)
			}
		})
	}
}
