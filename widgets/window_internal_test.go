package widgets

import (
	"testing"

	"pgregory.net/rapid"
)

// followWindow is the one scroll-window rule of every scrolling widget: the
// window stays inside the items, shows the cursor, moves only as far as it
// must from offset, and with offset 0 starts scrolling only once the cursor
// passes its last row.
func TestFollowWindowShowsTheCursorAndMovesOnlyAsFarAsItMust(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 50).Draw(t, "n")
		rows := rapid.IntRange(-1, 20).Draw(t, "rows")
		cursor := rapid.IntRange(-1, max(n-1, -1)).Draw(t, "cursor")
		offset := rapid.IntRange(-5, 60).Draw(t, "offset")
		top := followWindow(offset, cursor, rows, n)
		if rows <= 0 || n <= 0 {
			if top != 0 {
				t.Fatalf("no window: top %d, want 0", top)
			}
			return
		}
		if top < 0 || top > max(n-rows, 0) {
			t.Fatalf("top %d runs past the items (n %d, rows %d)", top, n, rows)
		}
		if cursor >= 0 && (cursor < top || cursor >= top+rows) {
			t.Fatalf("cursor %d is outside the window [%d, %d)", cursor, top, top+rows)
		}
		inRange := min(max(offset, 0), max(n-rows, 0))
		if (cursor < 0 || (cursor >= inRange && cursor < inRange+rows)) && top != inRange {
			t.Fatalf("the cursor was in view at %d, but the window moved to %d", inRange, top)
		}
		if offset == 0 && cursor < rows && top != 0 {
			t.Fatalf("offset 0 scrolled to %d before the cursor %d passed the last of %d rows", top, cursor, rows)
		}
	})
}
