package widgets

import (
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
)

var _ tea.RowsDescriber = Table{}

// TestTableDescribeRowsIsAPrefixOfItsParts pins DescribeRows against
// DescribeParts: for every n, the first n parts that have cells, each as
// DescribeParts has it (selection and select_row act included), and how
// many have cells; rows without cells are skipped, enabled or disabled.
func TestTableDescribeRowsIsAPrefixOfItsParts(t *testing.T) {
	rows := [][]string{{"a", "1"}, {}, {"b", "2"}, {"c", "3"}, nil, {"d", "4"}}
	for _, disabled := range []bool{false, true} {
		tbl := Table{ID: "t", Columns: []TableColumn{{Title: "name"}, {Title: "n"}}, Rows: rows, Selected: 3, Disabled: disabled}
		var withCells []tea.Part
		for _, p := range tbl.DescribeParts() {
			if len(p.Cells) > 0 {
				withCells = append(withCells, p)
			}
		}
		for n := 0; n <= len(rows)+1; n++ {
			got, total := tbl.DescribeRows(n)
			want := withCells[:min(n, len(withCells))]
			if total != len(withCells) || len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Errorf("disabled %v, DescribeRows(%d) = %+v, %d; want %+v, %d", disabled, n, got, total, want, len(withCells))
			}
		}
	}
}
