package web

// The window a page gets: the rule render/ssh applies to an SSH client's
// window, with its numbers (ssh.DefaultMaxWidth x ssh.DefaultMaxHeight, and
// 80x24 for a client that reports no size). A program's screen buffers grow
// with the window it is told, so a page asking for 30000x30000 cells must
// not get them. render/ssh keeps its rule unexported, so the numbers are
// repeated here; a test checks them against render/ssh's.
const (
	maxCols, maxRows         = 1000, 500
	defaultCols, defaultRows = 80, 24
)

// clampWindow is the window a page that reports cols x rows gets: the
// default size when it reports none, and at most maxCols x maxRows.
func clampWindow(cols, rows int) (int, int) {
	if cols <= 0 || rows <= 0 {
		cols, rows = defaultCols, defaultRows
	}
	return min(cols, maxCols), min(rows, maxRows)
}
