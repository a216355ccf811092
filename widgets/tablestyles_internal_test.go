package widgets

import (
	"strconv"
	"testing"

	"github.com/facetui/facet/tea"
)

// TestTableStylesOfBuiltInThemesAreLearntOnce: a table drawn in a
// built-in theme takes its styles learnt once, and draws byte for byte
// what the same theme under another pointer (learnt as each drawing needs
// it) draws, focused or not, disabled or not, with one row to many; the
// drawing then allocates a handful of times, not once per lipgloss render.
func TestTableStylesOfBuiltInThemesAreLearntOnce(t *testing.T) {
	for _, light := range []bool{false, true} {
		builtin := themeIn(nil, tea.RenderContext{Light: light})
		own := *builtin
		for _, n := range []int{0, 1, 2, 3, 12} {
			rows := make([][]string, n)
			for i := range rows {
				rows[i] = []string{"repo-" + strconv.Itoa(i), strconv.Itoa(i * 7)}
			}
			for _, disabled := range []bool{false, true} {
				for _, focused := range []bool{false, true} {
					tb := Table{ID: "t", Rows: rows, Selected: n / 2, Disabled: disabled, SortColumn: "stars", SortDirection: SortDesc,
						Columns: []TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars", Width: 8, Align: AlignRight}}}
					ctx := tea.RenderContext{Width: 40, Height: 10, Focused: focused, Light: light}
					got := tb.Render(ctx)
					tb.Theme = &own
					if want := tb.Render(ctx); got != want {
						t.Errorf("light %v, %d rows, disabled %v, focused %v:\n%q\nwant\n%q", light, n, disabled, focused, got, want)
					}
				}
			}
		}
	}
	rows := make([][]string, 40)
	for i := range rows {
		rows[i] = []string{"repo-" + strconv.Itoa(i), strconv.Itoa(i * 7)}
	}
	tb := Table{ID: "t", Rows: rows, Height: 39, Selected: 3, Columns: []TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}}}
	ctx := tea.RenderContext{Width: 120, Height: 40, Focused: true}
	if allocs := testing.AllocsPerRun(20, func() { tb.Render(ctx) }); allocs > 10 {
		t.Errorf("drawing 40 rows in the default theme allocates %.0f times, want at most 10", allocs)
	}
}
