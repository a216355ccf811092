package mcp

import (
	"fmt"
	"testing"

	"github.com/facetui/facet/tea"
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
	if got := rowsText(desc); got != want {
		t.Errorf("rowsText =\n%q\nwant\n%q", got, want)
	}
	if got := rowsText(tea.Description{Parts: []tea.Part{{Cells: []string{"only"}}}}); got != "  only\n" {
		t.Errorf("rowsText of one row, no header = %q", got)
	}
	if got := rowsText(tea.Description{Headers: []tea.Part{{ID: "h"}}}); got != "" {
		t.Errorf("rowsText without rows = %q, want \"\"", got)
	}
}
