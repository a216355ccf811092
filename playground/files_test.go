package playground

import (
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestFilesStartsOnTheReadme(t *testing.T) {
	rt := start(t, NewFiles())
	if got := textOf(t, rt, "preview"); !strings.HasPrefix(got, "# shortlink") {
		t.Fatalf("preview = %q", got)
	}
	tree := widget[widgets.Tree](t, rt, "files")
	if tree.Selected != "README.md" || !tree.Expanded["cmd"] {
		t.Fatalf("tree selected %q expanded %v", tree.Selected, tree.Expanded)
	}
}

func TestFilesSelectingAFileShowsItsContent(t *testing.T) {
	rt := start(t, NewFiles())
	dispatch(t, rt, widgets.TreeNodeSelected{ID: "files", NodeID: "internal/store/code.go"})
	if got := textOf(t, rt, "preview"); !strings.Contains(got, "func newCode(n int) string") {
		t.Fatalf("preview = %q", got)
	}
	tree := widget[widgets.Tree](t, rt, "files")
	if !tree.Expanded["internal/store"] || !tree.Expanded["internal"] {
		t.Errorf("selecting a nested file did not open its directories: %v", tree.Expanded)
	}
}

func TestFilesSelectingADirectoryShowsASummary(t *testing.T) {
	rt := start(t, NewFiles())
	dispatch(t, rt, widgets.TreeNodeSelected{ID: "files", NodeID: "internal"})
	got := textOf(t, rt, "preview")
	for _, want := range []string{"internal/", "2 directories", "0 files", "8 files in all", "api/", "store/"} {
		if !strings.Contains(got, want) {
			t.Errorf("preview %q lacks %q", got, want)
		}
	}
}

func TestFilesKeysMoveAndExpand(t *testing.T) {
	rt := start(t, NewFiles())
	if f := rt.Snapshot().Focus; f != "files" {
		t.Fatalf("focus = %q, want files", f)
	}
	press(t, rt, "home")
	if got := modelOf[FilesDemo](t, rt).Selected(); got != ".github" {
		t.Fatalf("home selects %q, want .github", got)
	}
	press(t, rt, "right", "down", "right", "down")
	if got := modelOf[FilesDemo](t, rt).Selected(); got != ".github/workflows/ci.yml" {
		t.Fatalf("selected %q, want .github/workflows/ci.yml", got)
	}
	if got := textOf(t, rt, "preview"); !strings.HasPrefix(got, "name: ci") {
		t.Fatalf("preview = %q", got)
	}
}

func TestFilesTreeHoldsEveryEmbeddedFile(t *testing.T) {
	f := NewFiles()
	var count func([]widgets.TreeNode) int
	count = func(nodes []widgets.TreeNode) int {
		n := 0
		for _, node := range nodes {
			if len(node.Children) == 0 {
				n++
				if _, ok := f.files[node.ID]; !ok {
					t.Errorf("leaf %q has no content", node.ID)
				}
			}
			n += count(node.Children)
		}
		return n
	}
	if got := count(f.tree.Nodes); got != len(f.files) || got < 15 {
		t.Fatalf("tree has %d files, want all %d (at least 15)", got, len(f.files))
	}
}

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
