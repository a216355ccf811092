package widgets_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/facetui/facet/widgets"

	"github.com/facetui/facet/tea"
)

// BenchmarkTableRender draws a table that fills a 120x40 screen. Render
// draws only the visible window, so 100,000 rows should cost what 40 do.
func BenchmarkTableRender(b *testing.B) {
	for _, n := range []int{40, 100000} {
		b.Run("rows="+strconv.Itoa(n), func(b *testing.B) {
			rows := make([][]string, n)
			for i := range rows {
				rows[i] = []string{"repo-" + strconv.Itoa(i), strconv.Itoa(i * 7 % 50000), "Go", "A terminal UI framework number " + strconv.Itoa(i)}
			}
			tb := widgets.Table{ID: "repos", Rows: rows, Height: 39, Selected: n / 2,
				Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars", Width: 8, Align: widgets.AlignRight},
					{Key: "language", Title: "Language", Width: 10}, {Key: "description", Title: "Description"}},
				SortColumn: "stars", SortDirection: widgets.SortDesc}
			ctx := tea.RenderContext{Width: 120, Height: 40, Focused: true}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if out := tb.Render(ctx); len(out) == 0 {
					b.Fatal("empty render")
				}
			}
		})
	}
}

// BenchmarkTableHeader draws a table with no rows, so the time is the
// header's: one styled line under the underlined header style.
func BenchmarkTableHeader(b *testing.B) {
	tb := widgets.Table{ID: "repos", Height: 1,
		Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars", Width: 8, Align: widgets.AlignRight},
			{Key: "language", Title: "Language", Width: 10}, {Key: "description", Title: "Description"}},
		SortColumn: "stars", SortDirection: widgets.SortDesc}
	ctx := tea.RenderContext{Width: 120, Height: 1, Focused: true}
	b.ReportAllocs()
	for b.Loop() {
		if out := tb.Render(ctx); len(out) == 0 {
			b.Fatal("empty render")
		}
	}
}

// BenchmarkTableRowJSON encodes a get_rows page of 100 rows of four
// columns, one of them numeric, as the MCP renderer does.
func BenchmarkTableRowJSON(b *testing.B) {
	keys := []string{"name", "stars", "language", "description"}
	numeric := []bool{false, true, false, false}
	rows := make([]widgets.TableRow, 100)
	for i := range rows {
		rows[i] = widgets.TableRow{Keys: keys, Numeric: numeric,
			Cells: []string{"repo-" + strconv.Itoa(i), strconv.Itoa(i * 7 % 50000), "Go", "A terminal <UI> framework & number " + strconv.Itoa(i)}}
	}
	b.ReportAllocs()
	for b.Loop() {
		if out, err := json.Marshal(rows); err != nil || len(out) == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkTableSort sorts 390 rows by a numeric column and by a text
// column, one direction then the other, as the search demo's sort does.
func BenchmarkTableSort(b *testing.B) {
	for _, col := range []string{"stars", "name"} {
		b.Run(col, func(b *testing.B) {
			s := &widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "name"}, {Key: "stars", Numeric: true}}}
			for i := range 390 {
				s.Rows = append(s.Rows, []string{"repo-" + strconv.Itoa(i*7919%390), strconv.Itoa(i * 7919 % 100000)})
			}
			dirs := []string{widgets.SortAsc, widgets.SortDesc}
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				i++
				s.Update(widgets.TableSorted{ID: "t", Column: col, Direction: dirs[i%2]})
			}
		})
	}
}

// BenchmarkTableSortColumnByColumn sorts the rows of BenchmarkTableSort by
// the name and the stars column by turns, so that no sort finds the rows
// in order or the keys of its column kept from the sort before.
func BenchmarkTableSortColumnByColumn(b *testing.B) {
	s := &widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "name"}, {Key: "stars", Numeric: true}}}
	for i := range 390 {
		s.Rows = append(s.Rows, []string{"repo-" + strconv.Itoa(i*7919%390), strconv.Itoa(i * 7919 % 100000)})
	}
	cols := []string{"name", "stars"}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		s.Update(widgets.TableSorted{ID: "t", Column: cols[i%2], Direction: widgets.SortAsc})
	}
}
