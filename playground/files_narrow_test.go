package playground

import (
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestFilesTreeLeavesThePreviewRoomInANarrowWindow(t *testing.T) {
	tests := []struct {
		size       tea.WindowSizeMsg
		maxTree    int // the tree box's width at most
		minPreview int // the preview box's width at least
	}{
		{tea.WindowSizeMsg{Width: 50, Height: 14}, 20, 25},
		{tea.WindowSizeMsg{Width: 100, Height: 30}, 36, 60},
	}
	for _, tc := range tests {
		t.Run(fmtAny(tc.size), func(t *testing.T) {
			rt := start(t, NewFiles())
			dispatch(t, rt, tc.size)
			snap := rt.Snapshot()
			first := strings.Split(terminal.Draw(snap.View, tc.size.Width, tc.size.Height, snap.Focus), "\n")[0]
			// The top line is the two boxes' top borders: "╭─ shortlink ─…╮ ╭─ README.md ─…╮".
			i := strings.Index(first, "╮")
			tree := widgets.Width(first[:i]) + 1
			preview := widgets.Width(strings.TrimRight(first, " ")) - tree - 1
			if tree > tc.maxTree || preview < tc.minPreview {
				t.Fatalf("tree %d columns (want <= %d), preview %d (want >= %d):\n%s", tree, tc.maxTree, preview, tc.minPreview, first)
			}
		})
	}
}
