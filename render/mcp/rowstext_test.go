package mcp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// TestRowsText pins a changed table's rows as a write's answer shows
// them: the header by id or else label, the first answerRows rows with
// their tabs and line breaks as spaces, parts without cells skipped, and
// how many rows there are.
func TestRowsText(t *testing.T) {
	desc := tea.Description{
		Headers: []tea.Part{{ID: "name"}, {Label: "Stars"}},
		Parts:   []tea.Part{{Label: "a button, no cells"}},
	}
	for i := range 7 {
		desc.Parts = append(desc.Parts, tea.Part{Cells: []string{fmt.Sprintf("r%d\tx\ny\rz", i), fmt.Sprint(i)}})
		desc.Parts = append(desc.Parts, tea.Part{Label: "no cells"})
	}
	want := "  name\tStars\n" +
		"  r0 x y z\t0\n  r1 x y z\t1\n  r2 x y z\t2\n  r3 x y z\t3\n  r4 x y z\t4\n" +
		"  (first 5 of 7 rows)\n"
	rows, total := firstRows(desc.Parts)
	if got := rowsText(desc.Headers, rows, total); got != want {
		t.Errorf("rowsText =\n%q\nwant\n%q", got, want)
	}
	if got := rowsText(nil, []tea.Part{{Cells: []string{"only"}}}, 1); got != "  only\n" {
		t.Errorf("rowsText of one row, no header = %q", got)
	}
	if got := rowsText([]tea.Part{{ID: "h"}}, nil, 0); got != "" {
		t.Errorf("rowsText without rows = %q, want \"\"", got)
	}
}

// partsOnlyTable is a table that does not give its rows apart: its
// DescribeRows field hides the table's method, so it is a
// tea.PartsDescriber and not a tea.RowsDescriber.
type partsOnlyTable struct {
	widgets.Table
	DescribeRows struct{}
}

// TestWidgetDetailOfATableByItsRows pins that a changed table's detail,
// read through tea.RowsDescriber, is what it was from every part.
func TestWidgetDetailOfATableByItsRows(t *testing.T) {
	tbl := widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Title: "name"}, {Title: "n"}}, Selected: 2}
	for i := range 8 {
		tbl.Rows = append(tbl.Rows, []string{fmt.Sprintf("r%d", i), fmt.Sprint(i)})
		if i == 3 {
			tbl.Rows = append(tbl.Rows, nil)
		}
	}
	var w tea.Widget = partsOnlyTable{Table: tbl}
	if _, ok := w.(tea.RowsDescriber); ok {
		t.Fatal("partsOnlyTable is a RowsDescriber")
	}
	got, want := widgetDetail(tbl), widgetDetail(w)
	if got != want || !strings.Contains(got, "(first 5 of 8 rows)") {
		t.Errorf("detail by rows:\n%s\nby parts:\n%s", got, want)
	}
}
