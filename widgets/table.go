package widgets

import (
	"cmp"
	"github.com/facetui/facet/internal/jsonstring"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

// Table shows rows of cells under a header, one row selected. Only the
// visible window is drawn: Height rows (10 when 0, fewer when the space given
// is shorter) starting at Offset, moved so that Selected is always in view,
// so a table of a hundred thousand rows costs what a table of forty does.
//
// Keys move the selection (TableRowSelected) and "s" re-sorts by SortColumn in the
// other direction (TableSorted); a click selects a row or sorts by a header. The
// app does the sorting: TableState applies both messages in one line.
// A disabled Table cannot be focused and offers only get_rows.
type Table struct {
	ID      string
	Columns []TableColumn
	// Rows holds the cells in display order, each row aligned with Columns
	// (a short row shows blanks, extra cells are ignored).
	Rows [][]string
	// Selected is the index of the selected row in Rows.
	Selected int
	// Offset is the first row drawn; Render moves it to keep Selected in view.
	Offset int
	// Height is the number of rows drawn below the header (10 when 0).
	Height int
	// SortColumn is the key of the column the rows are sorted by ("" for
	// none) and SortDirection "asc" or "desc".
	SortColumn    string
	SortDirection string
	Disabled      bool
	Exclude       bool
	// Keys overrides the keys it answers to; nil means DefaultTableKeyMap().
	Keys  *TableKeyMap
	Theme *Theme
}

// TableColumn is one column of a Table: Key names it in messages and tools,
// Title heads it on screen (Key when empty), Width, when positive, fixes its
// width in cells (columns without a Width share what is left), and Align
// places text narrower than the column, its title included.
type TableColumn struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Width int    `json:"width"`
	Align Align  `json:"align"`
	// Numeric marks a column of numbers: get_rows reads its cells as JSON
	// numbers (a cell that is not one stays a string).
	Numeric bool `json:"numeric,omitempty"`
}

// Align is where a Table column places text narrower than the column.
type Align int

// The alignments of a Table column. AlignLeft, the zero value, pads on the
// right; AlignRight pads on the left, as numbers read best.
const (
	AlignLeft Align = iota
	AlignRight
)

// TableRowSelected reports that the user or an agent selected row Index of table
// ID.
type TableRowSelected struct {
	ID    string
	Index int
}

// TableSorted asks the app to sort table ID by Column ("asc" or "desc").
type TableSorted struct {
	ID        string
	Column    string
	Direction string
}

// Sort directions of a Table.
const (
	SortAsc  = "asc"
	SortDesc = "desc"
)

// DefaultTableHeight is the number of rows a Table draws when Height is 0.
const DefaultTableHeight = 10

// tableMarker prefixes every line: the selected row shows tableCursor in it.
const (
	tableMarkerWidth = 2
	tableCursor      = "▸ "
	tableColumnGap   = 1
	// tableWheelRows is how far one wheel notch moves the selection.
	tableWheelRows = 3
	// getRowsLimit and getRowsMaxLimit bound get_rows' page size.
	getRowsLimit    = 100
	getRowsMaxLimit = 1000
)

// TableKeyMap holds the keys of a Table.
type TableKeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Home     key.Binding
	End      key.Binding
	Sort     key.Binding
	// SortNext and SortPrev sort by the next or previous column, so the
	// keyboard reaches every column the mouse reaches by its header.
	SortNext key.Binding
	SortPrev key.Binding
}

// DefaultTableKeyMap returns the keys a focused Table answers to.
func DefaultTableKeyMap() TableKeyMap {
	return TableKeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first")),
		End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last")),
		Sort:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")),
		SortNext: key.NewBinding(key.WithKeys(">", "]"), key.WithHelp(">/]", "sort next column")),
		SortPrev: key.NewBinding(key.WithKeys("<", "["), key.WithHelp("</[", "sort previous column")),
	}
}

// defaultTableKeys is DefaultTableKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultTableKeys = DefaultTableKeyMap()

// keys returns Keys, or DefaultTableKeyMap() when it is nil.
func (t Table) keys() TableKeyMap {
	if t.Keys != nil {
		return *t.Keys
	}
	return defaultTableKeys
}

// Children implements tea.Node.
func (Table) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (t Table) WidgetID() string { return t.ID }

// WidgetKind implements tea.Widget.
func (Table) WidgetKind() string { return "table" }

// CanFocus implements tea.Focusable.
func (t Table) CanFocus() bool { return !t.Disabled }

// Excluded implements tea.Excludable.
func (t Table) Excluded() bool { return t.Exclude }

// Describe implements tea.Describer: a table showing Height rows at once
// and its column headers (a click on one sorts by its column: descending
// when it sorts ascending already, ascending otherwise); its rows are its
// parts (DescribeParts). Its State, what an agent reads in outlines, holds
// the row count, the selected index and the sort, never the rows
// themselves (get_rows pages through those).
func (t Table) Describe() tea.Description {
	height := t.Height
	if height <= 0 {
		height = DefaultTableHeight
	}
	headers := make([]tea.Part, len(t.Columns))
	// The headers' sort actions share one array of arguments, and the
	// directions are constants, which an interface holds without
	// allocating: a table is described on every change of its view.
	var args []tea.Arg
	if !t.Disabled {
		args = make([]tea.Arg, 2*len(t.Columns))
	}
	for i, c := range t.Columns {
		var next any = SortAsc
		sort := ""
		if c.Key == t.SortColumn {
			sort = "ascending"
			if t.SortDirection == SortDesc {
				sort = "descending"
			} else {
				next = SortDesc
			}
		}
		// Numeric says the column is drawn aligned right, as numbers are.
		headers[i] = tea.Part{Role: "columnheader", ID: c.Key, Label: c.Title, Sort: sort, Numeric: c.Align == AlignRight}
		if args != nil {
			a := args[2*i : 2*i+2 : 2*i+2]
			a[0], a[1] = tea.Arg{Name: "column", Value: c.Key}, tea.Arg{Name: "direction", Value: next}
			headers[i].Action = tea.Act{Name: "sort", Args: a}
		}
	}
	return tea.Description{Role: "table", State: map[string]any{
		"columns":        t.columnKeys(),
		"rows":           len(t.Rows),
		"selected":       t.selected(),
		"sort_column":    t.SortColumn,
		"sort_direction": t.SortDirection,
		"disabled":       t.Disabled,
	}, States: tea.States{Disabled: t.Disabled}, Lines: height, Headers: headers}
}

// DescribeShown implements tea.ShownDescriber: a Table is never hidden.
func (t Table) DescribeShown() bool { return true }

// DescribeParts implements tea.PartsDescriber: every row, a click on one
// selecting it.
func (t Table) DescribeParts() []tea.Part {
	rows := make([]tea.Part, len(t.Rows))
	acts := newIndexActs(!t.Disabled, len(t.Rows), "select_row", "index")
	for i := range t.Rows {
		rows[i] = t.rowPart(i, acts)
	}
	return rows
}

// DescribeRows implements tea.RowsDescriber: the first n rows that have
// cells, as DescribeParts describes them, and how many have.
func (t Table) DescribeRows(n int) ([]tea.Part, int) {
	total, end := 0, 0
	for i, r := range t.Rows {
		if len(r) == 0 {
			continue
		}
		if total < n {
			end = i + 1
		}
		total++
	}
	rows := make([]tea.Part, 0, min(n, total))
	acts := newIndexActs(!t.Disabled, end, "select_row", "index")
	for i := range end {
		if len(t.Rows[i]) > 0 {
			rows = append(rows, t.rowPart(i, acts))
		}
	}
	return rows, total
}

// rowPart describes row i, whose Act is acts'.
func (t Table) rowPart(i int, acts indexActs) tea.Part {
	return tea.Part{Role: "row", Cells: t.Rows[i], States: tea.States{Selected: i == t.Selected}, Action: acts.of(i)}
}

// Render implements tea.Widget: a bold header with ▲/▼ on the sorted column,
// then the visible window of rows, the selected one highlighted (dimmed when
// unfocused, plain when disabled). Cells are cut with an ellipsis.
func (t Table) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	th := themeIn(t.Theme, ctx)
	spans := t.layout(ctx.Width)
	rows := t.visibleRows(ctx.Height)
	start := t.windowStart(rows)
	end := min(start+rows, len(t.Rows))
	sel := t.selected()

	// Every line is laid out to lineW cells, so padding needs no measuring.
	lineW := tableMarkerWidth
	if len(spans) > 0 {
		lineW = spans[len(spans)-1].x + spans[len(spans)-1].w
	}
	// fill pads a line laid out in buf to the width (or cuts it, when the
	// columns are wider than it).
	fill := func(buf []byte) []byte {
		if lineW > ctx.Width {
			return append(buf[:0], Pad(string(buf), ctx.Width)...)
		}
		return appendSpaces(buf, ctx.Width-lineW)
	}
	var b strings.Builder
	// Each line takes about a width of bytes, and the styles' sequences.
	b.Grow((max(end-start, 0) + 1) * (ctx.Width + 24))

	// The built-in themes' styles are learnt once (see tableStyles);
	// another theme's as this drawing needs them.
	learnt := learntTableStyles(th)
	var header runStyle
	switch {
	case learnt != nil && t.Disabled:
		header = learnt.headerDisabled
	case learnt != nil && ctx.Focused:
		header = learnt.headerFocused
	case learnt != nil:
		header = learnt.header
	case t.Disabled:
		header = newRunStyle(th.Disabled.Bold(true))
	case ctx.Focused:
		header = newRunStyle(th.Header.Inherit(th.Accent))
	default:
		header = newRunStyle(th.Header)
	}
	// buf holds one line at a time, laid out before it is styled.
	buf := make([]byte, 0, lineW+ctx.Width)
	buf = fill(t.appendHeader(buf, spans))
	b.WriteString(header.render(string(buf), ctx.Width))

	if len(t.Rows) == 0 && rows > 0 {
		b.WriteByte('\n')
		b.WriteString(renderLine(th.Muted, Pad(strings.Repeat(" ", tableMarkerWidth)+"(no rows)", ctx.Width), ctx.Width))
	}
	// Every row but the selected one is drawn in one style. Learning it
	// costs two lipgloss renders, so it pays from three rows on.
	rest := lineStyle{style: th.Normal}
	selected := lineStyle{style: th.Selected}
	if !ctx.Focused {
		selected.style = th.SelectedDim
	}
	switch {
	case learnt != nil && t.Disabled:
		rest = learnt.disabled
	case learnt != nil:
		rest, selected = learnt.rows, learnt.selected
		if !ctx.Focused {
			selected = learnt.selectedDim
		}
	case t.Disabled:
		rest.style = th.Disabled
		fallthrough
	default:
		if end-start > 2 {
			rest = newLineStyle(rest.style)
		}
	}
	for i := start; i < end; i++ {
		b.WriteByte('\n')
		if t.Disabled || i != sel {
			buf = fill(t.appendRow(append(buf[:0], "  "...), t.Rows[i], spans))
			rest.write(&b, buf, ctx.Width)
			continue
		}
		buf = fill(t.appendRow(append(buf[:0], tableCursor...), t.Rows[i], spans))
		selected.write(&b, buf, ctx.Width)
	}
	return b.String()
}

// renderLine styles one line of exactly width cells. Only a style that
// changes the width (padding, margins, borders, a fixed width or a
// transform) needs the result measured and cut again.
func renderLine(style lipgloss.Style, text string, width int) string {
	out := style.Render(text)
	if style.GetHorizontalFrameSize() == 0 && style.GetWidth() == 0 && style.GetTransform() == nil {
		return out
	}
	return Fit(out, width)
}

// renderRuns styles one line of exactly width cells as style.Render does,
// but once per run of spaces or of other text instead of once per
// character. A style that underlines or strikes through (the header's) makes
// lipgloss style every grapheme on its own, spaces differently from the
// rest, which costs an escape sequence per cell; the runs keep each cell's
// attributes. Styles whose Render does more than that fall back to
// renderLine.
func renderRuns(style lipgloss.Style, text string, width int) string {
	return newRunStyle(style).render(text, width)
}

// runStyle is a style as renderRuns applies it, with the sequences that
// open and close a run of text and a run of spaces learnt (two lipgloss
// renders), so that a theme's can be learnt once.
type runStyle struct {
	style                      lipgloss.Style
	on, off, spaceOn, spaceOff string
	// runs is set when the style is applied run by run; otherwise it
	// falls back to renderLine.
	runs bool
}

// newRunStyle learns style's runs.
func newRunStyle(style lipgloss.Style) runStyle {
	r := runStyle{style: style}
	if link, _ := style.GetHyperlink(); link != "" || style.GetHorizontalFrameSize() != 0 ||
		style.GetWidth() != 0 || style.GetTransform() != nil {
		return r
	}
	var ok, spaceOK bool
	r.on, r.off, ok = strings.Cut(style.Render("x"), "x")
	r.spaceOn, r.spaceOff, spaceOK = strings.Cut(style.Render(" "), " ")
	r.runs = ok && spaceOK && (r.on != r.spaceOn || r.off != r.spaceOff)
	return r
}

// render styles text, one line of exactly width cells, as renderRuns does.
func (r runStyle) render(text string, width int) string {
	if !r.runs || strings.ContainsAny(text, "\t\r\n\x1b") {
		return renderLine(r.style, text, width)
	}
	on, off, spaceOn, spaceOff := r.on, r.off, r.spaceOn, r.spaceOff
	var b strings.Builder
	b.Grow(len(text) + 4*(len(on)+len(off)))
	run := func(s string, space bool) {
		if s == "" {
			return
		}
		if space {
			b.WriteString(spaceOn)
			b.WriteString(s)
			b.WriteString(spaceOff)
			return
		}
		b.WriteString(on)
		b.WriteString(s)
		b.WriteString(off)
	}
	start, inSpace := 0, false
	var state byte
	for i := 0; i < len(text); {
		seq, w, n, newState := ansi.DecodeSequence(text[i:], state, nil)
		if n == 0 {
			break
		}
		state = newState
		if w == 0 {
			// lipgloss passes zero-width sequences through unstyled.
			run(text[start:i], inSpace)
			b.WriteString(seq)
			i += n
			start = i
			continue
		}
		space := isSpaceSequence(seq)
		if space != inSpace {
			run(text[start:i], inSpace)
			start, inSpace = i, space
		}
		i += n
	}
	run(text[start:], inSpace)
	return b.String()
}

// isSpaceSequence reports whether the grapheme s is all white space, as
// lipgloss decides which style a grapheme gets.
func isSpaceSequence(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return s != ""
}

// colSpan is where a column is drawn: x is its first cell after the marker.
type colSpan struct{ x, w int }

// tableColumnMin and tableColumnMinMax bound what a column keeps while
// the table narrows: the width of its title, but at least tableColumnMin
// and at most tableColumnMinMax cells (a fixed Width below that is kept).
const (
	tableColumnMin    = 3
	tableColumnMinMax = 8
)

// layout places the columns in width cells. With room, the fixed widths
// are kept and the columns without one share what is left. A table too
// wide for width narrows so that every column stays in view: the flexible
// columns shrink first, down to their minimum (their title's width, 3 to
// 8 cells); then the fixed ones, widest first, down to theirs; then every
// column, widest first, down to one cell. Cells cut by it end in an
// ellipsis (writeCell).
func (t Table) layout(width int) []colSpan {
	n := len(t.Columns)
	spans := make([]colSpan, n)
	avail := width - tableMarkerWidth - tableColumnGap*max(n-1, 0)
	ws := make([]int, n)
	mins := make([]int, n)
	rest, flex := avail, 0
	for i, c := range t.Columns {
		mins[i] = min(max(Width(t.title(i)), tableColumnMin), tableColumnMinMax)
		if c.Width > 0 {
			ws[i] = c.Width
			mins[i] = min(mins[i], c.Width)
			rest -= c.Width
		} else {
			flex++
		}
	}
	share, extra := 0, 0
	if flex > 0 && rest > 0 {
		share, extra = rest/flex, rest%flex
	}
	total := 0
	for i, c := range t.Columns {
		if c.Width <= 0 {
			ws[i] = share
			if extra > 0 {
				ws[i]++
				extra--
			}
			ws[i] = max(ws[i], mins[i])
		}
		total += ws[i]
	}
	if over := total - avail; over > 0 {
		over = shrinkWidest(ws, mins, over)
		ones := make([]int, n)
		for i := range ones {
			ones[i] = 1
		}
		shrinkWidest(ws, ones, over)
	}
	x := tableMarkerWidth
	for i, w := range ws {
		spans[i] = colSpan{x: x, w: w}
		x += w + tableColumnGap
	}
	return spans
}

// shrinkWidest takes over cells from ws, one at a time from the widest
// column still wider than its floor (the first of equals), and returns
// how many it could not take.
func shrinkWidest(ws, floor []int, over int) int {
	for over > 0 {
		widest := -1
		for i, w := range ws {
			if w > floor[i] && (widest < 0 || w > ws[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		ws[widest]--
		over--
	}
	return over
}

// title is the heading of column i: its Title, or its Key.
func (t Table) title(i int) string {
	if title := OneLine(t.Columns[i].Title); title != "" {
		return title
	}
	return t.Columns[i].Key
}

// appendHeader appends the header's text, laid out in spans, to dst.
func (t Table) appendHeader(dst []byte, spans []colSpan) []byte {
	dst = appendSpaces(dst, tableMarkerWidth)
	for i, c := range t.Columns {
		if i > 0 {
			dst = appendSpaces(dst, tableColumnGap)
		}
		title := t.title(i)
		w := spans[i].w
		if c.Key == t.SortColumn && t.SortColumn != "" {
			arrow := "▲"
			if t.SortDirection == SortDesc {
				arrow = "▼"
			}
			if w >= 3 {
				title = Fit(title, w-2) + " " + arrow
			} else {
				title = arrow
			}
		}
		dst = appendCell(dst, title, w, c.Align)
	}
	return dst
}

// appendRow appends row's cells, laid out in spans, to dst.
func (t Table) appendRow(dst []byte, row []string, spans []colSpan) []byte {
	for i, c := range t.Columns {
		if i > 0 {
			dst = appendSpaces(dst, tableColumnGap)
		}
		cell := ""
		if i < len(row) {
			cell = OneLine(row[i])
		}
		dst = appendCell(dst, cell, spans[i].w, c.Align)
	}
	return dst
}

// appendCell appends s cut or padded to exactly w cells, the padding on
// the side align says. Plain ASCII text, whose width is its length, takes a
// fast path: measuring graphemes dominates drawing a table otherwise.
func appendCell(dst []byte, s string, w int, align Align) []byte {
	if w <= 0 {
		return dst
	}
	sw := len(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			s = Fit(s, w)
			sw = Width(s)
			break
		}
	}
	if sw > w {
		s, sw = s[:w-1]+Ellipsis, w
	}
	if align == AlignRight {
		dst = appendSpaces(dst, w-sw)
		return append(dst, s...)
	}
	dst = append(dst, s...)
	return appendSpaces(dst, w-sw)
}

// blanks is a run of spaces that appendSpaces copies from.
const blanks = "                                                                "

// appendSpaces appends n spaces without allocating a string for them.
func appendSpaces(dst []byte, n int) []byte {
	for n > len(blanks) {
		dst = append(dst, blanks...)
		n -= len(blanks)
	}
	if n > 0 {
		dst = append(dst, blanks[:n]...)
	}
	return dst
}

// visibleRows is how many rows are drawn below the header when the widget
// gets height lines (0: unbounded).
func (t Table) visibleRows(height int) int {
	rows := t.Height
	if rows <= 0 {
		rows = DefaultTableHeight
	}
	if height > 0 {
		rows = min(rows, height-1)
	}
	return max(rows, 0)
}

// windowStart is the first row drawn: Offset, moved so Selected is in view
// and the window does not run past the last row.
func (t Table) windowStart(rows int) int {
	return followWindow(t.Offset, t.selected(), rows, len(t.Rows))
}

// selected returns Selected clamped to the rows, or -1 when there are none.
func (t Table) selected() int {
	if len(t.Rows) == 0 {
		return -1
	}
	return min(max(t.Selected, 0), len(t.Rows)-1)
}

func (t Table) columnKeys() []string {
	keys := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		keys[i] = c.Key
	}
	return keys
}

// HandleKey implements tea.KeyHandler. Movement clamps to the rows; PgUp and
// PgDn move by the visible height.
func (t Table) HandleKey(k tea.Key) tea.Msg {
	km := t.keys()
	if t.Disabled {
		return nil
	}
	switch {
	case key.Matches(k, km.Sort):
		return t.resort(t.SortColumn)
	case key.Matches(k, km.SortNext):
		return t.sortBy(1)
	case key.Matches(k, km.SortPrev):
		return t.sortBy(-1)
	}
	page := t.visibleRows(0)
	sel := t.selected()
	switch {
	case len(t.Rows) == 0:
		return nil
	case key.Matches(k, km.Up):
		return t.selectRow(sel - 1)
	case key.Matches(k, km.Down):
		return t.selectRow(sel + 1)
	case key.Matches(k, km.PageUp):
		return t.selectRow(sel - max(page, 1))
	case key.Matches(k, km.PageDown):
		return t.selectRow(sel + max(page, 1))
	case key.Matches(k, km.Home):
		return t.selectRow(0)
	case key.Matches(k, km.End):
		return t.selectRow(len(t.Rows) - 1)
	}
	return nil
}

// HandleMouse implements tea.MouseHandler: a click on the header sorts by
// that column (toggling the direction when it is already the sort column), a
// click on a row selects it, and the wheel moves the selection. Without the
// rendered size in the event, the layout assumes 80 columns.
func (t Table) HandleMouse(m tea.Mouse) tea.Msg {
	if t.Disabled {
		return nil
	}
	switch m.Action {
	case tea.MouseWheelUp:
		if len(t.Rows) == 0 {
			return nil
		}
		return t.selectRow(t.selected() - tableWheelRows)
	case tea.MouseWheelDown:
		if len(t.Rows) == 0 {
			return nil
		}
		return t.selectRow(t.selected() + tableWheelRows)
	case tea.MousePress:
	default:
		return nil
	}
	if m.Button != tea.MouseLeft || m.Y < 0 {
		return nil
	}
	if m.Y == 0 {
		width := m.Width
		if width <= 0 {
			width = assumedWidth
		}
		for i, s := range t.layout(width) {
			if m.X >= s.x && m.X < s.x+s.w {
				return t.resort(t.Columns[i].Key)
			}
		}
		return nil
	}
	rows := t.visibleRows(m.Height)
	if m.Y > rows {
		return nil
	}
	idx := t.windowStart(rows) + m.Y - 1
	if idx >= len(t.Rows) {
		return nil
	}
	return TableRowSelected{ID: t.ID, Index: idx}
}

// assumedWidth is the width mouse hit-testing assumes when the event does
// not carry the widget's rendered width.
const assumedWidth = 80

// selectRow returns TableRowSelected for i clamped to the rows.
func (t Table) selectRow(i int) tea.Msg {
	return TableRowSelected{ID: t.ID, Index: min(max(i, 0), len(t.Rows)-1)}
}

// resort returns TableSorted for column: the other direction when the table is
// already sorted by it ascending, else ascending. An empty column means the
// sort column, or the first column.
func (t Table) resort(column string) tea.Msg {
	if column == "" {
		if len(t.Columns) == 0 {
			return nil
		}
		column = t.Columns[0].Key
	}
	dir := SortAsc
	if column == t.SortColumn && t.SortDirection != SortDesc {
		dir = SortDesc
	}
	return TableSorted{ID: t.ID, Column: column, Direction: dir}
}

// sortBy sorts by the column step places from the sorted one (wrapping),
// ascending.
func (t Table) sortBy(step int) tea.Msg {
	n := len(t.Columns)
	if n == 0 {
		return nil
	}
	cur := -1
	for i, c := range t.Columns {
		if c.Key == t.SortColumn {
			cur = i
		}
	}
	next := ((cur+step)%n + n) % n
	if cur < 0 && step < 0 {
		next = n - 1
	}
	return TableSorted{ID: t.ID, Column: t.Columns[next].Key, Direction: SortAsc}
}

// ShortHelp lists the keys for the help line.
func (t Table) ShortHelp() []key.Binding {
	km := t.keys()
	return []key.Binding{km.Up, km.Down, km.PageDown, km.Sort, km.SortNext}
}

// Actions implements tea.ToolProvider. A disabled Table offers get_rows only.
func (t Table) Actions() []tea.Action {
	getRows := readAs(read("get_rows", "Read rows by page, with the columns and the total.",
		getRowsArgsSpec.schema()), outRows)
	if t.Disabled {
		return []tea.Action{getRows}
	}
	return []tea.Action{
		write("select_row", "Select a row.",
			selectRowArgsSpec.schema()),
		write("sort", "Sort by a column.",
			sortArgsSpec.schema()),
		getRows,
	}
}

// Offers implements tea.ActionOfferer: get_rows always, select_row and
// sort unless disabled (as Actions lists them).
func (t Table) Offers(action string) bool {
	switch action {
	case "get_rows":
		return true
	case "select_row", "sort":
		return !t.Disabled
	}
	return false
}

// selectRowArgs are the arguments of select_row.
type selectRowArgs struct {
	Index int `json:"index" jsonschema:"0-based, in display order." minimum:"0"`
}

// selectRowArgsSpec reads selectRowArgs once.
var selectRowArgsSpec = newArgSpec[selectRowArgs]()

// sortArgs are the arguments of sort; Direction's enum is SortAsc and
// SortDesc.
type sortArgs struct {
	Column    string `json:"column" jsonschema:"A column key (see get_rows)."`
	Direction string `json:"direction" jsonschema:"Sort direction." enum:"asc,desc"`
}

// sortArgsSpec reads sortArgs once.
var sortArgsSpec = newArgSpec[sortArgs]()

// getRowsArgs are the arguments of get_rows; Limit's maximum is
// getRowsMaxLimit.
type getRowsArgs struct {
	Offset int `json:"offset,omitempty" minimum:"0"`
	Limit  int `json:"limit,omitempty" jsonschema:"Default 100." minimum:"1" maximum:"1000"`
}

// getRowsArgsSpec reads getRowsArgs once.
var getRowsArgsSpec = newArgSpec[getRowsArgs]()

// Invoke implements tea.ToolProvider.
func (t Table) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch {
	case action == "get_rows":
		return t.getRows(args)
	case t.Disabled:
	case action == "select_row":
		in, err := selectRowArgsSpec.bind(action, args, within("index", 0, len(t.Rows)-1))
		if err != nil {
			return tea.Result{}, err
		}
		return tea.Write(TableRowSelected{ID: t.ID, Index: in.Index}), nil
	case action == "sort":
		in, err := sortArgsSpec.bind(action, args)
		keys := t.columnKeys()
		switch {
		case isArg(err, "column"):
			return tea.Result{}, argErr(action, "column", "%s: one of %s", ruleOf(err), strings.Join(keys, ", "))
		case err != nil && !isArg(err, "direction"):
			return tea.Result{}, err
		}
		col := in.Column
		if !slices.Contains(keys, col) {
			if len(keys) == 0 {
				return tea.Result{}, argErr(action, "column", "unknown column %q: the table has no columns", col)
			}
			return tea.Result{}, argErr(action, "column", "unknown column %q: one of %s", col, strings.Join(keys, ", "))
		}
		if err != nil {
			return tea.Result{}, err
		}
		return tea.Write(TableSorted{ID: t.ID, Column: col, Direction: in.Direction}), nil
	}
	return tea.Result{}, tea.UnknownActionError("table", action, t.Actions())
}

// getRows answers a page of rows; it touches only the rows it returns.
func (t Table) getRows(args map[string]any) (tea.Result, error) {
	in, err := getRowsArgsSpec.bind("get_rows", args, within("offset", 0, len(t.Rows)))
	if err != nil {
		return tea.Result{}, err
	}
	offset, limit := in.Offset, cmp.Or(in.Limit, getRowsLimit) // 0: absent, as 0 is refused
	keys := t.columnKeys()
	var numeric []bool // nil while no column is numeric
	for i, c := range t.Columns {
		if c.Numeric {
			if numeric == nil {
				numeric = make([]bool, len(t.Columns))
			}
			numeric[i] = true
		}
	}
	end := min(offset+limit, len(t.Rows))
	rows := make([]TableRow, 0, end-offset)
	for _, r := range t.Rows[offset:end] {
		// One cell per column: the row's own cells when it has enough
		// (capped, so nothing appends into the table's row), a copy
		// padded with "" when it is short.
		cells := r
		if len(r) < len(keys) {
			cells = make([]string, len(keys))
			copy(cells, r)
		}
		rows = append(rows, TableRow{Keys: keys, Cells: cells[:len(keys):len(keys)], Numeric: numeric})
	}
	return tea.Read(TablePage{Columns: keys, Offset: offset, Rows: rows, Total: len(t.Rows)}), nil
}

// TablePage is what get_rows reads: a page of rows, the column keys in
// display order, the page's offset and the table's total number of rows.
// Its fields are declared in the order of their JSON names, so it encodes
// as a map of the same members would.
type TablePage struct {
	Columns []string   `json:"columns"`
	Offset  int        `json:"offset"`
	Rows    []TableRow `json:"rows"`
	Total   int        `json:"total"`
}

// AppendJSON appends the page's JSON to dst, byte for byte what
// encoding/json.Marshal writes for it, in one pass: encoding/json would
// check and copy every row's MarshalJSON output again.
func (p TablePage) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"columns":`...)
	if p.Columns == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, c := range p.Columns {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonstring.Append(dst, c)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"offset":`...)
	dst = strconv.AppendInt(dst, int64(p.Offset), 10)
	dst = append(dst, `,"rows":`...)
	if p.Rows == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, r := range p.Rows {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = r.AppendJSON(dst)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"total":`...)
	dst = strconv.AppendInt(dst, int64(p.Total), 10)
	return append(dst, '}')
}

// PageHeader implements tea.RowPage.
func (p TablePage) PageHeader() (columns []string, offset, total, rows int) {
	rows = len(p.Rows)
	if p.Rows == nil {
		rows = -1
	}
	return p.Columns, p.Offset, p.Total, rows
}

// PageRow implements tea.RowPage.
func (p TablePage) PageRow(i int) (keys, cells []string) { return p.Rows[i].Keys, p.Rows[i].Cells }

// PageNumber implements tea.RowPage.
func (p TablePage) PageNumber(i, c int) bool { return p.Rows[i].Number(c) }

// MarshalJSON implements json.Marshaler with AppendJSON.
func (p TablePage) MarshalJSON() ([]byte, error) {
	n := 64
	for _, r := range p.Rows {
		n += r.size()
	}
	return p.AppendJSON(make([]byte, 0, n)), nil
}

// TableRow is one row as get_rows reads it: Cells[i] under Keys[i], the
// column keys in display order. It encodes as a JSON object whose members
// follow the columns' order, as a person reads the row, where a map would
// sort them by key.
type TableRow struct {
	Keys  []string
	Cells []string
	// Numeric[i] encodes Cells[i] as a JSON number when it is one.
	Numeric []bool
}

// Cell returns the cell under column key, or "" when the row has none.
func (r TableRow) Cell(key string) string {
	for i, k := range r.Keys {
		if k == key && i < len(r.Cells) {
			return r.Cells[i]
		}
	}
	return ""
}

// MarshalJSON implements json.Marshaler: {"key": "cell", ...} in column
// order; a missing cell is "". Keys and cells are escaped as encoding/json
// escapes strings, written straight into one buffer.
func (r TableRow) MarshalJSON() ([]byte, error) {
	return r.AppendJSON(make([]byte, 0, r.size())), nil
}

// size is about the length of the row's JSON, unescaped.
func (r TableRow) size() int {
	n := 2
	for i, k := range r.Keys {
		n += len(k) + 4
		if i < len(r.Cells) {
			n += len(r.Cells[i]) + 2
		}
	}
	return n
}

// Number reports whether cell i encodes as a JSON number: its column is
// numeric and the cell is a number as JSON spells it.
func (r TableRow) Number(i int) bool {
	return i < len(r.Numeric) && r.Numeric[i] && i < len(r.Cells) && isJSONNumber(r.Cells[i])
}

// AppendJSON appends the row's JSON (see MarshalJSON) to b.
func (r TableRow) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	for i, k := range r.Keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonstring.Append(b, k)
		b = append(b, ':')
		v := ""
		if i < len(r.Cells) {
			v = r.Cells[i]
		}
		if r.Number(i) {
			b = append(b, v...)
			continue
		}
		b = jsonstring.Append(b, v)
	}
	return append(b, '}')
}

// TableState is a Table's model: rows, selection, scroll offset and sort.
// Update applies TableRowSelected and TableSorted for ID; sorting builds a new Rows
// slice, never changing the old one in place.
type TableState struct {
	ID            string        `json:"id"`
	Columns       []TableColumn `json:"columns"`
	Rows          [][]string    `json:"rows"`
	Selected      int           `json:"selected"`
	Offset        int           `json:"offset"`
	Height        int           `json:"height"`
	SortColumn    string        `json:"sort_column"`
	SortDirection string        `json:"sort_direction"`
	// sorted keeps the last sort's keys, so that sorting again parses only
	// the cells that changed since. A sort replaces it, never writing into
	// it: a copy of the state keeps its own.
	sorted sortMemo
}

// View returns w, the Table as the app configures it, showing the state:
// its ID is s.ID and its Columns, Rows, Selected, Offset, Height,
// SortColumn and SortDirection come from s.
func (s *TableState) View(w Table) Table {
	w.ID = s.ID
	w.Columns = s.Columns
	w.Rows = s.Rows
	w.Selected = s.Selected
	w.Offset = s.Offset
	w.Height = s.Height
	w.SortColumn = s.SortColumn
	w.SortDirection = s.SortDirection
	return w
}

// Update applies TableRowSelected (moving Offset so the row stays in view) and
// TableSorted (sorting Rows stably by the column: numerically when both cells
// parse as numbers, otherwise case-insensitively; the selected row stays
// selected wherever it lands). It reports whether it used msg.
func (s *TableState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case TableRowSelected:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Selected = min(max(m.Index, 0), max(len(s.Rows)-1, 0))
		s.follow()
		return true
	case TableSorted:
		if !ownID(s.ID, m.ID) || (m.Direction != SortAsc && m.Direction != SortDesc) {
			return false
		}
		col := slices.IndexFunc(s.Columns, func(c TableColumn) bool { return c.Key == m.Column })
		if col < 0 {
			return false
		}
		s.sort(col, m.Direction == SortDesc)
		s.SortColumn, s.SortDirection = m.Column, m.Direction
		s.follow()
		return true
	}
	return false
}

// follow moves Offset so Selected is in the window.
func (s *TableState) follow() {
	h := s.Height
	if h <= 0 {
		h = DefaultTableHeight
	}
	s.Offset = followWindow(s.Offset, s.Selected, h, len(s.Rows))
}

// sortKey is a cell prepared for comparison once, not per comparison,
// and the cell it was made from.
type sortKey struct {
	cell  string
	fold  string
	num   float64
	isNum bool
}

// sortMemo is what a sort leaves for the next: the keys of the cells in
// column col, the one it sorted by, with keys[byRow[i]] the key of the row
// it put at i. keys is never changed once made, so copies of a state
// share it: a sort that finds every row's cell as the last one left it
// reuses the array and allocates only the new order.
type sortMemo struct {
	col   int
	keys  []sortKey
	byRow []int32
	// desc is the direction of the sort, and uniform whether keys are all
	// numbers or all text: rows that hold every key where the sort left
	// it are in that order, and need no comparing to tell.
	desc, uniform bool
}

// at is the key kept for row i whose cell is cell, or false when there is
// none or it was made from another cell.
func (m sortMemo) at(i int, cell string) (sortKey, bool) {
	if i >= len(m.byRow) {
		return sortKey{}, false
	}
	k := m.keys[m.byRow[i]]
	return k, k.cell == cell
}

// newSortKey prepares cell for comparison: folded to lower case, and read
// as a number when it is one (NaN is not).
func newSortKey(cell string) sortKey {
	k := sortKey{cell: cell, fold: strings.ToLower(cell)}
	if t := strings.TrimSpace(cell); mayBeNumber(t) {
		if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsNaN(f) {
			k.num, k.isNum = f, true
		}
	}
	return k
}

// mayBeNumber reports whether strconv.ParseFloat could read s: it begins
// with a sign, a digit, a point, or the i or n of inf and nan. Text that
// cannot is not parsed, which would allocate its error.
func mayBeNumber(s string) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c == '+', c == '-', c == '.', '0' <= c && c <= '9', c == 'i', c == 'I', c == 'n', c == 'N':
		return true
	}
	return false
}

func compareSortKeys(a, b sortKey) int {
	if a.isNum && b.isNum {
		return cmp.Compare(a.num, b.num)
	}
	return strings.Compare(a.fold, b.fold)
}

// rowKeys are the sort keys of a table's rows: keys[at[i]] is row i's.
type rowKeys struct {
	keys []sortKey
	at   []int32
}

func (r rowKeys) of(i int) *sortKey { return &r.keys[r.at[i]] }

// sortedOrder returns the indexes of the rows in sorted order, descending
// when desc, equal keys in index order (a stable sort). A column of
// numbers only or of text only is ordered totally by its keys: when they
// are in order already, either way, it is read off them (see presorted),
// and otherwise they are sorted as key and index pairs, without an index
// into keys per comparison. A mixed column, whose comparison need not be
// transitive, keeps the stable sort's own order.
func sortedOrder(rk rowKeys, desc bool) []int32 {
	order := make([]int32, len(rk.at))
	for i := range order {
		order[i] = int32(i)
	}
	if !uniformKeys(rk.keys) {
		slices.SortStableFunc(order, func(a, b int32) int {
			if desc {
				return compareSortKeys(*rk.of(int(b)), *rk.of(int(a)))
			}
			return compareSortKeys(*rk.of(int(a)), *rk.of(int(b)))
		})
		return order
	}
	sign := 1
	if desc {
		sign = -1
	}
	if presorted(rk, order, sign) {
		return order
	}
	if len(rk.keys) > 0 && rk.keys[0].isNum {
		return orderBy(rk, order, sign, func(k *sortKey) float64 { return k.num })
	}
	return orderBy(rk, order, sign, func(k *sortKey) string { return k.fold })
}

// orderBy fills order with the indexes of the rows sorted by key(k),
// stably: ascending for sign 1, descending for -1, equal keys in their
// first order.
func orderBy[K cmp.Ordered](rk rowKeys, order []int32, sign int, key func(*sortKey) K) []int32 {
	type entry struct {
		k K
		i int32
	}
	es := make([]entry, len(rk.at))
	for i := range rk.at {
		es[i] = entry{key(rk.of(i)), int32(i)}
	}
	slices.SortFunc(es, func(a, b entry) int {
		if c := cmp.Compare(a.k, b.k); c != 0 {
			return sign * c
		}
		return cmp.Compare(a.i, b.i)
	})
	for i, e := range es {
		order[i] = e.i
	}
	return order
}

// presorted fills order without sorting when the keys, all numbers or all
// text, are ordered already: ascending for sign 1 and descending for -1
// leaves order as it is (0, 1, ...); ordered the other way, as the
// previous sort in the other direction left them, the runs of equal keys
// are taken from last to first, each kept in its order. It reports false,
// leaving order alone, when the keys are in neither order.
func presorted(rk rowKeys, order []int32, sign int) bool {
	along, against := true, true
	n := len(rk.at)
	for i := 1; i < n && (along || against); i++ {
		c := sign * compareSortKeys(*rk.of(i - 1), *rk.of(i))
		along, against = along && c <= 0, against && c >= 0
	}
	switch {
	case along:
		return true
	case against:
		inOrder(rk, order, true)
		return true
	}
	return false
}

// inOrder fills order with the order of rows whose keys, all numbers or
// all text, are sorted already: as they are, or, reversed, the runs of
// equal keys taken from last to first, each kept in its order (a stable
// sort the other way).
func inOrder(rk rowKeys, order []int32, reversed bool) []int32 {
	n := len(rk.at)
	if !reversed {
		for i := range order {
			order[i] = int32(i)
		}
		return order
	}
	j := 0
	for end := n; end > 0; {
		start := end - 1
		for start > 0 && sameUniformKey(rk.of(start-1), rk.of(start)) {
			start--
		}
		for i := start; i < end; i++ {
			order[j] = int32(i)
			j++
		}
		end = start
	}
	return order
}

// sameUniformKey reports whether two keys of a column of numbers only or
// of text only compare equal (compareSortKeys(*a, *b) == 0), without
// copying them.
func sameUniformKey(a, b *sortKey) bool {
	if a.isNum {
		return a.num == b.num
	}
	return a.fold == b.fold
}

// uniformKeys reports whether keys are all numbers or all text.
func uniformKeys(keys []sortKey) bool {
	for _, k := range keys {
		if k.isNum != keys[0].isNum {
			return false
		}
	}
	return true
}

// sort orders a new copy of Rows by column col, keeping the selected row.
// A row whose cell is the very one the last sort left at its place takes
// that sort's key instead of parsing the cell again; when every row's
// does, the last sort's keys are used as they are.
func (s *TableState) sort(col int, desc bool) {
	memo := s.sorted
	if memo.col != col {
		memo = sortMemo{}
	}
	rk := rowKeys{keys: memo.keys, at: memo.byRow}
	uniform := memo.uniform
	var order []int32
	if memo.holds(s.Rows, col) && uniform {
		// The rows are as the last sort by col left them, ordered
		// already: the same way, or the other (see inOrder).
		order = inOrder(rk, make([]int32, len(rk.at)), desc != memo.desc)
	} else {
		if !memo.holds(s.Rows, col) {
			rk = rowKeys{keys: make([]sortKey, len(s.Rows)), at: make([]int32, len(s.Rows))}
			for i, r := range s.Rows {
				cell := cellAt(r, col)
				if k, ok := memo.at(i, cell); ok {
					rk.keys[i] = k
				} else {
					rk.keys[i] = newSortKey(cell)
				}
				rk.at[i] = int32(i)
			}
			uniform = uniformKeys(rk.keys)
		}
		order = sortedOrder(rk, desc)
	}
	rows := make([][]string, len(order))
	selected := 0
	for i, from := range order {
		rows[i] = s.Rows[from]
		if int(from) == s.Selected {
			selected = i
		}
		// order becomes where each row's key is, in the new order.
		order[i] = rk.at[from]
	}
	s.Rows, s.Selected, s.sorted = rows, selected, sortMemo{col: col, keys: rk.keys, byRow: order, desc: desc, uniform: uniform}
}

// holds reports whether m has the key of every one of rows' cells in
// column col, each at its row.
func (m sortMemo) holds(rows [][]string, col int) bool {
	if len(m.byRow) != len(rows) || len(m.keys) != len(rows) {
		return false
	}
	for i, r := range rows {
		if m.keys[m.byRow[i]].cell != cellAt(r, col) {
			return false
		}
	}
	return true
}

// cellAt is row's cell in column col, or "" when the row is shorter.
func cellAt(row []string, col int) string {
	if col < len(row) {
		return row[col]
	}
	return ""
}
