package widgets_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/widgets"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

func repoColumns() []widgets.TableColumn {
	return []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars", Width: 7}, {Key: "language", Title: "Language"}}
}

// repoTable is a table of n rows "repo-i", i*7 stars, Go.
func repoTable(n int) widgets.Table {
	rows := make([][]string, n)
	for i := range rows {
		rows[i] = []string{"repo-" + strconv.Itoa(i), strconv.Itoa(i * 7), "Go"}
	}
	return widgets.Table{ID: "repos", Columns: repoColumns(), Rows: rows}
}

func TestTableActions(t *testing.T) {
	tests := []struct {
		name     string
		disabled bool
		want     []string
	}{
		{"enabled offers writes and get_rows", false, []string{"select_row", "sort", "get_rows"}},
		{"disabled offers get_rows only", true, []string{"get_rows"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := repoTable(3)
			tb.Disabled = tc.disabled
			if got := actionNames(tb.Actions()); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Actions = %v, want %v", got, tc.want)
			}
			checkAnnotations(t, tb.Actions(), "select_row", "sort")
		})
	}
}

func TestTableActionsAreStatic(t *testing.T) {
	a, b := repoTable(3), widgets.Table{ID: "other", Columns: []widgets.TableColumn{{Key: "x", Title: "Secret title"}}}
	if !reflect.DeepEqual(a.Actions(), b.Actions()) {
		t.Fatal("actions depend on the table's content or id")
	}
}

func TestTableInvoke(t *testing.T) {
	tb := repoTable(250)
	tb.Rows[1] = []string{"short"} // a short row reads as blanks
	keys := []string{"name", "stars", "language"}
	row := func(i int) widgets.TableRow {
		return widgets.TableRow{Keys: keys, Cells: []string{"repo-" + strconv.Itoa(i), strconv.Itoa(i * 7), "Go"}}
	}
	page := func(from, to int) []widgets.TableRow {
		out := []widgets.TableRow{}
		for i := from; i < to; i++ {
			out = append(out, row(i))
		}
		return out
	}
	first := page(0, 100)
	first[1] = widgets.TableRow{Keys: keys, Cells: []string{"short", "", ""}}
	invalid := tea.ErrInvalidArgument
	runInvoke(t, tb, []invokeCase{
		{name: "select_row", action: "select_row", args: map[string]any{"index": float64(42)}, write: widgets.TableRowSelected{ID: "repos", Index: 42}},
		{name: "select_row last", action: "select_row", args: map[string]any{"index": float64(249)}, write: widgets.TableRowSelected{ID: "repos", Index: 249}},
		{name: "sort", action: "sort", args: map[string]any{"column": "stars", "direction": "desc"}, write: widgets.TableSorted{ID: "repos", Column: "stars", Direction: "desc"}},
		{name: "get_rows defaults to 100 from 0", action: "get_rows", args: nil,
			read: widgets.TablePage{Columns: keys, Offset: 0, Rows: first, Total: 250}},
		{name: "get_rows page", action: "get_rows", args: map[string]any{"offset": float64(240), "limit": float64(5)},
			read: widgets.TablePage{Columns: keys, Offset: 240, Rows: page(240, 245), Total: 250}},
		{name: "get_rows past the end is short", action: "get_rows", args: map[string]any{"offset": float64(248)},
			read: widgets.TablePage{Columns: keys, Offset: 248, Rows: page(248, 250), Total: 250}},
		{name: "get_rows at the end is empty", action: "get_rows", args: map[string]any{"offset": float64(250)},
			read: widgets.TablePage{Columns: keys, Offset: 250, Rows: []widgets.TableRow{}, Total: 250}},

		{name: "select_row out of range", action: "select_row", args: map[string]any{"index": float64(250)}, errIs: invalid, errHas: []string{"0 to 249"}},
		{name: "select_row negative", action: "select_row", args: map[string]any{"index": float64(-1)}, errIs: invalid, errHas: []string{"0 to 249"}},
		{name: "select_row fractional", action: "select_row", args: map[string]any{"index": 1.5}, errIs: invalid, errHas: []string{"0 to 249"}},
		{name: "select_row string", action: "select_row", args: map[string]any{"index": "3"}, errIs: invalid, errHas: []string{"0 to 249"}},
		{name: "select_row missing", action: "select_row", args: map[string]any{}, errIs: invalid, errHas: []string{"required", "0 to 249"}},
		{name: "select_row extra argument", action: "select_row", args: map[string]any{"index": float64(1), "row": float64(2)}, errIs: invalid, errHas: []string{"takes: index"}},
		{name: "sort unknown column", action: "sort", args: map[string]any{"column": "foo", "direction": "asc"}, errIs: invalid,
			errHas: []string{`unknown column "foo": one of name, stars, language`}},
		{name: "sort missing column", action: "sort", args: map[string]any{"direction": "asc"}, errIs: invalid, errHas: []string{"name, stars, language"}},
		{name: "sort column not a string", action: "sort", args: map[string]any{"column": float64(1), "direction": "asc"}, errIs: invalid, errHas: []string{"name, stars, language"}},
		{name: "sort bad direction", action: "sort", args: map[string]any{"column": "name", "direction": "up"}, errIs: invalid, errHas: []string{"asc, desc"}},
		{name: "sort missing direction", action: "sort", args: map[string]any{"column": "name"}, errIs: invalid, errHas: []string{"asc, desc"}},
		{name: "get_rows offset past the end", action: "get_rows", args: map[string]any{"offset": float64(251)}, errIs: invalid, errHas: []string{"0 to 250"}},
		{name: "get_rows limit too big", action: "get_rows", args: map[string]any{"limit": float64(1001)}, errIs: invalid, errHas: []string{"1 to 1000"}},
		{name: "get_rows limit zero", action: "get_rows", args: map[string]any{"limit": float64(0)}, errIs: invalid, errHas: []string{"1 to 1000"}},
		{name: "get_rows limit wrong type", action: "get_rows", args: map[string]any{"limit": true}, errIs: invalid, errHas: []string{"1 to 1000"}},
		{name: "unknown action", action: "delete_row", args: nil, errIs: tea.ErrUnknownAction, errHas: []string{"select_row, sort, get_rows"}},
	})
}

func TestTableGetRowsEncodesEachRowInColumnOrder(t *testing.T) {
	tb := widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "zeta"}, {Key: "alpha"}, {Key: "mid"}},
		Rows: [][]string{{"z", "a", "m"}, {"only zeta"}}}
	res, err := tb.Invoke("get_rows", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res.Value())
	if err != nil {
		t.Fatal(err)
	}
	want := `"rows":[{"zeta":"z","alpha":"a","mid":"m"},{"zeta":"only zeta","alpha":"","mid":""}]`
	if !strings.Contains(string(b), want) {
		t.Fatalf("get_rows encodes as %s, want rows %s", b, want)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("get_rows is not valid JSON: %v\n%s", err, b)
	}
}

func TestTableInvokeEdgeCases(t *testing.T) {
	empty := widgets.Table{ID: "e", Columns: repoColumns()}
	disabled := repoTable(3)
	disabled.Disabled = true
	noColumns := widgets.Table{ID: "n"}
	invalid := tea.ErrInvalidArgument
	t.Run("empty", func(t *testing.T) {
		runInvoke(t, empty, []invokeCase{
			{name: "select_row has nothing to choose", action: "select_row", args: map[string]any{"index": float64(0)}, errIs: invalid, errHas: []string{"nothing to choose"}},
			{name: "get_rows", action: "get_rows", read: widgets.TablePage{Columns: []string{"name", "stars", "language"}, Offset: 0, Rows: []widgets.TableRow{}, Total: 0}},
		})
	})
	t.Run("disabled", func(t *testing.T) {
		runInvoke(t, disabled, []invokeCase{
			{name: "select_row is not offered", action: "select_row", args: map[string]any{"index": float64(0)}, errIs: tea.ErrUnknownAction, errHas: []string{"offers: get_rows"}},
			{name: "sort is not offered", action: "sort", args: map[string]any{"column": "name", "direction": "asc"}, errIs: tea.ErrUnknownAction},
			{name: "get_rows still reads", action: "get_rows", args: map[string]any{"limit": float64(1)},
				read: widgets.TablePage{Columns: []string{"name", "stars", "language"}, Offset: 0, Rows: []widgets.TableRow{{Keys: []string{"name", "stars", "language"}, Cells: []string{"repo-0", "0", "Go"}}}, Total: 3}},
		})
	})
	t.Run("no columns", func(t *testing.T) {
		runInvoke(t, noColumns, []invokeCase{
			{name: "sort says there are none", action: "sort", args: map[string]any{"column": "x", "direction": "asc"}, errIs: invalid, errHas: []string{"no columns"}},
		})
	})
}

func TestTableHandleKey(t *testing.T) {
	tb := repoTable(100)
	tb.Selected, tb.Height = 50, 8
	tb.SortColumn, tb.SortDirection = "stars", widgets.SortAsc
	sel := func(i int) tea.Msg { return widgets.TableRowSelected{ID: "repos", Index: i} }
	runKeys(t, tb, []keyCase{
		press("up", sel(49)), press("k", sel(49)),
		press("down", sel(51)), press("j", sel(51)),
		press("pgup", sel(42)), press("pgdown", sel(58)),
		press("home", sel(0)), press("end", sel(99)),
		press("s", widgets.TableSorted{ID: "repos", Column: "stars", Direction: widgets.SortDesc}),
		press("x", nil), press("enter", nil),
	})
	t.Run("movement clamps", func(t *testing.T) {
		top, bottom := tb, tb
		top.Selected, bottom.Selected = 3, 97
		runKeys(t, top, []keyCase{press("up", sel(2)), press("pgup", sel(0))})
		top.Selected = 0
		runKeys(t, top, []keyCase{press("up", sel(0))})
		runKeys(t, bottom, []keyCase{press("pgdown", sel(99)), press("down", sel(98))})
	})
	t.Run("s toggles back and defaults to the first column", func(t *testing.T) {
		desc, none := tb, tb
		desc.SortDirection = widgets.SortDesc
		none.SortColumn, none.SortDirection = "", ""
		runKeys(t, desc, []keyCase{press("s", widgets.TableSorted{ID: "repos", Column: "stars", Direction: widgets.SortAsc})})
		runKeys(t, none, []keyCase{press("s", widgets.TableSorted{ID: "repos", Column: "name", Direction: widgets.SortAsc})})
	})
	t.Run("disabled and empty tables ignore keys", func(t *testing.T) {
		off := tb
		off.Disabled = true
		runKeys(t, off, []keyCase{press("down", nil), press("s", nil)})
		runKeys(t, widgets.Table{ID: "e", Columns: repoColumns()}, []keyCase{press("down", nil), press("end", nil)})
	})
	t.Run("page moves by the default height", func(t *testing.T) {
		d := tb
		d.Height = 0
		runKeys(t, d, []keyCase{press("pgdown", sel(50+widgets.DefaultTableHeight))})
	})
}

func TestTableHandleMouse(t *testing.T) {
	tb := repoTable(100)
	tb.Height, tb.Offset, tb.Selected = 5, 20, 22
	tb.SortColumn, tb.SortDirection = "stars", widgets.SortAsc
	// At width 40: marker 2, gaps 1; name and language share 40-2-2-7 = 29:
	// name 15 at x 2..16, stars 7 at x 18..24, language 14 at x 26..39.
	sel := func(i int) tea.Msg { return widgets.TableRowSelected{ID: "repos", Index: i} }
	wheel := func(a tea.MouseAction) tea.Mouse { return tea.Mouse{Action: a} }
	runMouse(t, tb, []mouseCase{
		{"header name sorts ascending", click(2, 0, 40), widgets.TableSorted{ID: "repos", Column: "name", Direction: widgets.SortAsc}},
		{"header name last cell", click(16, 0, 40), widgets.TableSorted{ID: "repos", Column: "name", Direction: widgets.SortAsc}},
		{"gap between headers", click(17, 0, 40), nil},
		{"header of the sort column toggles", click(20, 0, 40), widgets.TableSorted{ID: "repos", Column: "stars", Direction: widgets.SortDesc}},
		{"header language", click(39, 0, 40), widgets.TableSorted{ID: "repos", Column: "language", Direction: widgets.SortAsc}},
		{"marker column of the header", click(0, 0, 40), nil},
		{"first row line is the window start", click(5, 1, 40), sel(20)},
		{"last row line", click(5, 5, 40), sel(24)},
		{"below the window", click(5, 6, 40), nil},
		{"right button", tea.Mouse{X: 5, Y: 1, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"release", tea.Mouse{X: 5, Y: 1, Action: tea.MouseRelease, Button: tea.MouseLeft}, nil},
		{"wheel down", wheel(tea.MouseWheelDown), sel(25)},
		{"wheel up", wheel(tea.MouseWheelUp), sel(19)},
		{"unknown width assumes 80", click(30, 0, 0), widgets.TableSorted{ID: "repos", Column: "name", Direction: widgets.SortAsc}},
	})
	t.Run("the window follows the selection", func(t *testing.T) {
		far := tb
		far.Selected = 60 // window 56..60
		runMouse(t, far, []mouseCase{{"first line", click(3, 1, 40), sel(56)}})
	})
	t.Run("the window respects the given height", func(t *testing.T) {
		short := tb
		short.Selected = 60
		m := click(3, 1, 40)
		m.Height = 3 // header + 2 rows: 59..60
		runMouse(t, short, []mouseCase{{"first line", m, sel(59)}})
	})
	t.Run("clicks past the last row", func(t *testing.T) {
		few := repoTable(2)
		runMouse(t, few, []mouseCase{{"third line", click(3, 3, 40), nil}, {"second row", click(3, 2, 40), sel(1)}})
	})
	t.Run("disabled", func(t *testing.T) {
		off := tb
		off.Disabled = true
		runMouse(t, off, []mouseCase{{"row", click(3, 1, 40), nil}, {"header", click(3, 0, 40), nil}, {"wheel", wheel(tea.MouseWheelDown), nil}})
	})
}

func TestTableRenderFitsEveryWidth(t *testing.T) {
	tb := repoTable(1000)
	tb.Rows[3] = []string{"a name with\nnewlines\tand tabs and a very long tail that never ends", "12345678901", "日本語のテキスト"}
	tb.Selected, tb.SortColumn, tb.SortDirection = 3, "name", widgets.SortDesc
	tb.Columns[0].Title = "名前 wide title"
	tb.Columns[2].Align = widgets.AlignRight
	for _, w := range widths {
		for _, h := range []int{0, 1, 2, 5} {
			for _, focused := range []bool{true, false} {
				out := tb.Render(tea.RenderContext{Width: w, Height: h, Focused: focused})
				checkFits(t, out, w, h)
			}
		}
	}
}

func TestTableRenderDrawsTheWindowAroundTheSelection(t *testing.T) {
	tb := repoTable(100000)
	tb.Offset, tb.Selected = 10, 99990
	out := tb.Render(tea.RenderContext{Width: 60, Focused: true})
	lines := strings.Split(out, "\n")
	if len(lines) != 1+widgets.DefaultTableHeight {
		t.Fatalf("drew %d lines, want header + %d", len(lines), widgets.DefaultTableHeight)
	}
	if !strings.Contains(lines[1], "repo-99981 ") || !strings.Contains(lines[10], "▸ repo-99990") {
		t.Fatalf("window does not end at the selection:\n%s", out)
	}
	tb.Offset, tb.Selected = 99999999, 99999
	lines = strings.Split(tb.Render(tea.RenderContext{Width: 60, Height: 4}), "\n")
	if len(lines) != 4 || !strings.Contains(lines[3], "repo-99999") || !strings.Contains(lines[1], "repo-99997") {
		t.Fatalf("height 4 window: %q", lines)
	}
}

func TestTableRenderHeader(t *testing.T) {
	tests := []struct {
		name, column, direction string
		want                    string
		absent                  []string
	}{
		{"ascending arrow", "stars", widgets.SortAsc, "Stars ▲", []string{"▼"}},
		{"descending arrow", "name", widgets.SortDesc, "Name ▼", []string{"▲"}},
		{"no sort, no arrow", "", "", "Name", []string{"▲", "▼"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := repoTable(3)
			tb.SortColumn, tb.SortDirection = tc.column, tc.direction
			header := strings.Split(tb.Render(tea.RenderContext{Width: 60}), "\n")[0]
			plain := ansi.Strip(header)
			if !strings.Contains(plain, tc.want) {
				t.Fatalf("header %q lacks %q", plain, tc.want)
			}
			for _, a := range tc.absent {
				if strings.Contains(plain, a) {
					t.Fatalf("header %q has %q", plain, a)
				}
			}
			if !strings.Contains(header, "\x1b[1;") && !strings.Contains(header, ";1;") && !strings.Contains(header, "\x1b[1m") {
				t.Fatalf("header is not bold: %q", header)
			}
		})
	}
}

func TestTableRenderCutsCellsWithAnEllipsis(t *testing.T) {
	tb := widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "a", Width: 5}, {Key: "b", Width: 3}}, Rows: [][]string{{"abcdefgh", "xy"}}}
	lines := strings.Split(ansi.Strip(tb.Render(tea.RenderContext{Width: 20})), "\n")
	if want := "▸ abcd… xy "; !strings.HasPrefix(lines[1], want) {
		t.Fatalf("row %q, want prefix %q", lines[1], want)
	}
}

// A table narrower than its columns keeps every column in view, cut with
// an ellipsis, while there is room for a few cells each: at 50 columns the
// search demo's table showed Repository whole, "Stars ▼…" and no Language.
func TestTableNarrowsToFitItsWidth(t *testing.T) {
	tb := widgets.Table{ID: "t", SortColumn: "stars", SortDirection: widgets.SortDesc,
		Columns: []widgets.TableColumn{{Key: "name", Title: "Repository", Width: 36}, {Key: "stars", Title: "Stars", Width: 8, Align: widgets.AlignRight}, {Key: "language", Title: "Language"}},
		Rows:    [][]string{{"freeCodeCamp/freeCodeCamp", "408000", "TypeScript"}, {"donnemartin/system-design-primer", "285000", "Python"}}}
	tests := []struct {
		width        int
		header, row0 string
	}{
		{80, "  Repository                            Stars ▼ Language", "▸ freeCodeCamp/freeCodeCamp              408000 TypeScript"},
		{48, "  Repository                    Stars ▼ Language", "▸ freeCodeCamp/freeCodeCamp      408000 TypeScr…"},
		{40, "  Repository            Stars ▼ Language", "▸ freeCodeCamp/freeCo…   408000 TypeScr…"},
		{30, "  Repository  Stars ▼ Language", "▸ freeCodeC…   408000 TypeScr…"},
		{20, "  Repo… St… ▼ Langu…", "▸ free… 4080… TypeS…"},
	}
	for _, tc := range tests {
		t.Run(strconv.Itoa(tc.width), func(t *testing.T) {
			out := tb.Render(tea.RenderContext{Width: tc.width, Focused: true})
			checkFits(t, out, tc.width, 0)
			lines := strings.Split(ansi.Strip(out), "\n")
			if got := strings.TrimRight(lines[0], " "); got != tc.header {
				t.Errorf("header %q, want %q", got, tc.header)
			}
			if got := strings.TrimRight(lines[1], " "); got != tc.row0 {
				t.Errorf("row %q, want %q", got, tc.row0)
			}
		})
	}
}

func TestTableRenderAlignsColumns(t *testing.T) {
	tests := []struct {
		name       string
		align      widgets.Align
		sort       string
		rows       [][]string
		wantHeader string
		wantRows   []string
	}{
		{"left pads on the right", widgets.AlignLeft, "", [][]string{{"a", "7"}, {"b", "1234"}},
			"  N   Stars   ", []string{"▸ a   7       ", "  b   1234    "}},
		{"right pads on the left, header too", widgets.AlignRight, "", [][]string{{"a", "7"}, {"b", "1234"}},
			"  N      Stars", []string{"▸ a          7", "  b       1234"}},
		{"right-aligned sorted header ends with its arrow", widgets.AlignRight, "stars", [][]string{{"a", "7"}},
			"  N    Stars ▼", []string{"▸ a          7"}},
		{"right-aligned wide text is measured in cells", widgets.AlignRight, "", [][]string{{"a", "日本"}},
			"  N      Stars", []string{"▸ a       日本"}},
		{"right-aligned text too long is cut like any other", widgets.AlignRight, "", [][]string{{"a", "123456789"}},
			"  N      Stars", []string{"▸ a   1234567…"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := widgets.Table{ID: "t", Rows: tc.rows, SortColumn: tc.sort, SortDirection: widgets.SortDesc,
				Columns: []widgets.TableColumn{{Key: "n", Title: "N", Width: 3}, {Key: "stars", Title: "Stars", Width: 8, Align: tc.align}}}
			lines := strings.Split(ansi.Strip(tb.Render(tea.RenderContext{Width: 14, Focused: true})), "\n")
			if lines[0] != tc.wantHeader {
				t.Errorf("header %q, want %q", lines[0], tc.wantHeader)
			}
			for i, want := range tc.wantRows {
				if lines[i+1] != want {
					t.Errorf("row %d %q, want %q", i, lines[i+1], want)
				}
			}
		})
	}
}

func TestTableRenderStatesAreDistinct(t *testing.T) {
	tb := repoTable(5)
	tb.Selected = 2
	off := tb
	off.Disabled = true
	ctx := tea.RenderContext{Width: 50}
	focused := tb.Render(tea.RenderContext{Width: 50, Focused: true})
	unfocused := tb.Render(ctx)
	disabled := off.Render(ctx)
	if focused == unfocused || unfocused == disabled || focused == disabled {
		t.Fatal("focused, unfocused and disabled tables render the same")
	}
	if ansi.Strip(focused) != ansi.Strip(unfocused) {
		t.Fatal("focus changed the text, not just the style")
	}
	if strings.Contains(ansi.Strip(disabled), "▸") {
		t.Fatal("a disabled table shows a cursor")
	}
}

func TestTableRenderEmptyAndZeroWidth(t *testing.T) {
	tb := widgets.Table{ID: "t", Columns: repoColumns()}
	if out := ansi.Strip(tb.Render(tea.RenderContext{Width: 40})); !strings.Contains(out, "(no rows)") {
		t.Fatalf("empty table: %q", out)
	}
	if out := tb.Render(tea.RenderContext{Width: 0}); out != "" {
		t.Fatalf("zero width: %q", out)
	}
}

func TestTableDescribe(t *testing.T) {
	tb := repoTable(100000)
	tb.Selected, tb.SortColumn, tb.SortDirection = 7, "stars", widgets.SortDesc
	d := tb.Describe()
	want := map[string]any{"columns": []string{"name", "stars", "language"}, "rows": 100000, "selected": 7,
		"sort_column": "stars", "sort_direction": "desc", "disabled": false}
	if d.Role != "table" || !reflect.DeepEqual(d.State, want) {
		t.Fatalf("Describe = %+v", d)
	}
}

func TestTableWidgetBasics(t *testing.T) {
	tb := repoTable(1)
	tb.Exclude = true
	if tb.WidgetKind() != "table" || tb.WidgetID() != "repos" || !tb.CanFocus() || !tb.Excluded() || tb.Children() != nil {
		t.Fatal("table widget basics")
	}
	tb.Disabled = true
	if tb.CanFocus() {
		t.Fatal("a disabled table takes focus")
	}
	if len(tb.ShortHelp()) == 0 {
		t.Fatal("no help")
	}
}

func TestTableKeysReachEveryColumn(t *testing.T) {
	cols := []widgets.TableColumn{{Key: "name"}, {Key: "stars"}, {Key: "language"}}
	cases := []struct {
		sorted, key, want string
	}{
		{"stars", ">", "language"},
		{"language", ">", "name"},
		{"name", "<", "language"},
		{"stars", "[", "name"},
		{"", ">", "name"},
		{"", "<", "language"},
	}
	for _, c := range cases {
		tb := widgets.Table{ID: "t", Columns: cols, Rows: [][]string{{"a", "1", "Go"}}, SortColumn: c.sorted, SortDirection: widgets.SortDesc}
		k, _ := tea.ParseKey(c.key)
		got := tb.HandleKey(k)
		want := widgets.TableSorted{ID: "t", Column: c.want, Direction: widgets.SortAsc}
		if got != want {
			t.Errorf("sorted by %q, key %s: %#v, want %#v", c.sorted, c.key, got, want)
		}
	}
}

func TestTableStateAppliesOnlyItsOwnMessages(t *testing.T) {
	s := widgets.TableState{ID: "a", Columns: []widgets.TableColumn{{Key: "n"}}, Rows: [][]string{{"x"}, {"y"}, {"z"}}}
	if s.Update(widgets.TableRowSelected{ID: "b", Index: 2}) || s.Selected != 0 {
		t.Fatalf("applied another table's TableRowSelected: selected %d", s.Selected)
	}
	if s.Update(widgets.TableSorted{ID: "b", Column: "n", Direction: widgets.SortDesc}) || s.Rows[0][0] != "x" {
		t.Fatal("applied another table's TableSorted")
	}
	if s.Update(widgets.ScrubberSeeked{ID: "a"}) {
		t.Fatal("used a message that is not a table's")
	}
	if !s.Update(widgets.TableRowSelected{ID: "a", Index: 2}) || s.Selected != 2 {
		t.Fatalf("did not apply its own TableRowSelected: selected %d", s.Selected)
	}
	anon := widgets.TableState{Columns: s.Columns, Rows: s.Rows}
	if anon.Update(widgets.TableRowSelected{Index: 1}) || anon.Selected != 0 {
		t.Fatal("a state without an id applied a message without one")
	}
}

func TestTableStateSelectionClampsAndScrolls(t *testing.T) {
	s := widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "n"}}, Rows: make([][]string, 50), Height: 5}
	tests := []struct {
		index, selected, offset int
	}{
		{10, 10, 6},
		{8, 8, 6},
		{2, 2, 2},
		{-4, 0, 0},
		{99, 49, 45},
	}
	for _, tc := range tests {
		s.Update(widgets.TableRowSelected{ID: "t", Index: tc.index})
		if s.Selected != tc.selected || s.Offset != tc.offset {
			t.Errorf("TableRowSelected %d: selected %d offset %d, want %d %d", tc.index, s.Selected, s.Offset, tc.selected, tc.offset)
		}
	}
}

func TestTableStateSortsNumbersNumericallyTextCaseInsensitivelyStably(t *testing.T) {
	cols := []widgets.TableColumn{{Key: "name"}, {Key: "stars"}}
	rows := func() [][]string {
		return [][]string{{"bravo", "10"}, {"Alpha", "9"}, {"charlie", "100"}, {"alpha", "9"}, {"Delta", "n/a"}}
	}
	names := func(rs [][]string) string {
		var out []string
		for _, r := range rs {
			out = append(out, r[0])
		}
		return strings.Join(out, ",")
	}
	tests := []struct {
		name      string
		column    string
		direction string
		want      string
	}{
		{"text ascending keeps equal names in order", "name", widgets.SortAsc, "Alpha,alpha,bravo,charlie,Delta"},
		{"text descending keeps equal names in order", "name", widgets.SortDesc, "Delta,charlie,bravo,Alpha,alpha"},
		{"numbers ascending, 9 before 10 before 100", "stars", widgets.SortAsc, "Alpha,alpha,bravo,charlie,Delta"},
		{"numbers descending", "stars", widgets.SortDesc, "Delta,charlie,bravo,Alpha,alpha"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.TableState{ID: "t", Columns: cols, Rows: rows()}
			if !s.Update(widgets.TableSorted{ID: "t", Column: tc.column, Direction: tc.direction}) {
				t.Fatal("TableSorted not applied")
			}
			if got := names(s.Rows); got != tc.want {
				t.Fatalf("sorted %s: %s, want %s", tc.direction, got, tc.want)
			}
			if s.SortColumn != tc.column || s.SortDirection != tc.direction {
				t.Fatalf("sort recorded as %s %s", s.SortColumn, s.SortDirection)
			}
		})
	}
}

func TestTableStateSortKeepsTheSelectedRowAndLeavesOldRowsAlone(t *testing.T) {
	old := [][]string{{"c"}, {"a"}, {"b"}}
	s := widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: old, Selected: 0}
	s.Update(widgets.TableSorted{ID: "t", Column: "k", Direction: widgets.SortAsc})
	if s.Rows[s.Selected][0] != "c" || s.Selected != 2 {
		t.Fatalf("selected row after sort: %d (%v), want 2 (c)", s.Selected, s.Rows[s.Selected])
	}
	if old[0][0] != "c" || old[1][0] != "a" {
		t.Fatalf("sort changed the slice an earlier view holds: %v", old)
	}
}

func TestTableStateRefusesUnknownColumnOrDirection(t *testing.T) {
	s := widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: [][]string{{"b"}, {"a"}}}
	for _, m := range []widgets.TableSorted{{ID: "t", Column: "nope", Direction: widgets.SortAsc}, {ID: "t", Column: "k", Direction: "up"}} {
		if s.Update(m) || s.Rows[0][0] != "b" {
			t.Errorf("applied %+v", m)
		}
	}
}

func TestTableStateViewCarriesTheState(t *testing.T) {
	s := widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: [][]string{{"a"}}, Selected: 0, Offset: 0,
		Height: 7, SortColumn: "k", SortDirection: widgets.SortDesc}
	got := s.View(widgets.Table{})
	want := widgets.Table{ID: "t", Columns: s.Columns, Rows: s.Rows, Height: 7, SortColumn: "k", SortDirection: widgets.SortDesc}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("View = %+v, want %+v", got, want)
	}
}

// repoApp is a tiny app with one table driven by a TableState.
type repoApp struct {
	table widgets.TableState
}

func (a repoApp) Init() tea.Cmd { return nil }

func (a repoApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	a.table.Update(msg)
	return a, nil
}

func (a repoApp) View() tea.Node {
	return tea.Vertical(tea.Label("repos"), a.table.View(widgets.Table{}))
}

func TestTableStateEndToEndThroughTheRuntime(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	app := repoApp{table: widgets.TableState{ID: "repos",
		Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}, {Key: "language", Title: "Language"}},
		Rows: [][]string{
			{"facet", "120", "Go"},
			{"bubbletea", "28000", "Go"},
			{"ratatui", "9000", "Rust"},
			{"Textual", "26000", "Python"},
		}}}
	rt, err := tea.Start(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "repos"}); err != nil {
		t.Fatal(err)
	}
	table := func() widgets.Table {
		w, ok := tea.FindWidget(rt.Snapshot().View, "repos")
		if !ok {
			t.Fatal("table not in view")
		}
		return w.(widgets.Table)
	}
	column := func(key string) []string {
		res, err := table().Invoke("get_rows", map[string]any{"limit": float64(10)})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range res.Value().(widgets.TablePage).Rows {
			out = append(out, r.Cell(key))
		}
		return out
	}

	// A human: "s" sorts by the first column, ascending (the selected row,
	// facet, moves to 1 with it); down selects the next row.
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Char('s')}); err != nil {
		t.Fatal(err)
	}
	if got := column("name"); !reflect.DeepEqual(got, []string{"bubbletea", "facet", "ratatui", "Textual"}) {
		t.Fatalf("after s: %v", got)
	}
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Named(tea.KeyDown)}); err != nil {
		t.Fatal(err)
	}
	if got := table().Selected; got != 2 {
		t.Fatalf("after down: selected %d, want 2", got)
	}

	// An agent: sort by stars, descending, through the same Update.
	res, err := table().Invoke("sort", map[string]any{"column": "stars", "direction": "desc"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, res.Msg()); err != nil {
		t.Fatal(err)
	}
	if got := column("stars"); !reflect.DeepEqual(got, []string{"28000", "26000", "9000", "120"}) {
		t.Fatalf("after sort stars desc: %v", got)
	}
	if tb := table(); tb.SortColumn != "stars" || tb.SortDirection != widgets.SortDesc || tb.Rows[tb.Selected][0] != "ratatui" {
		t.Fatalf("view after sort: column %s %s, selected %v", tb.SortColumn, tb.SortDirection, tb.Rows[tb.Selected])
	}
	out := ansi.Strip(table().Render(tea.RenderContext{Width: 40, Focused: true}))
	if !strings.Contains(out, "Stars ▼") {
		t.Fatalf("header does not show the sort:\n%s", out)
	}
}
