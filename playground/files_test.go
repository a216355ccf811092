package playground

import (
	"strings"
	"testing"

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
	dispatch(t, rt, widgets.NodeSelected{ID: "files", NodeID: "internal/store/code.go"})
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
	dispatch(t, rt, widgets.NodeSelected{ID: "files", NodeID: "internal"})
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
