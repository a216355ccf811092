package widgets

// followWindow returns the first index of the window of rows items, out of
// n, that a scrolling widget (SelectList, Menu, Tree, Table, TextArea)
// shows: it starts at offset if it can, always shows cursor (when cursor
// is in [0, n)), and never runs past the end. A widget that keeps no
// offset passes 0, so its window scrolls only once the cursor passes its
// last row.
func followWindow(offset, cursor, rows, n int) int {
	if rows <= 0 || n <= 0 {
		return 0
	}
	start := min(max(offset, 0), max(n-rows, 0))
	if cursor >= 0 {
		if cursor < start {
			start = cursor
		} else if cursor >= start+rows {
			start = cursor - rows + 1
		}
	}
	return start
}
