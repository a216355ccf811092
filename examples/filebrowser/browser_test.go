package main

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/facetui/facet/facettest"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/render/terminal"
)

func sample(t *testing.T) browser {
	t.Helper()
	root, err := rootFS("")
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBrowser(root)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func visible(c mcptest.Component) []string {
	var ids []string
	nodes, _ := c.Reads["get_nodes"].(map[string]any)["nodes"].([]any)
	for _, n := range nodes {
		ids = append(ids, n.(map[string]any)["id"].(string))
	}
	return ids
}

func TestBrowserExpandsAndShowsAFile(t *testing.T) {
	s := facettest.Start(t, sample(t))
	s.AssertComponent("tree", func(c mcptest.Component) bool {
		return strings.Join(visible(c), " ") == "docs src README.md"
	}).AssertComponent("tree", func(c mcptest.Component) bool { return c.State["selected"] == "docs" }).
		AssertScreenContains("╭─ docs ─").
		AssertScreenContains("docs/ holds 2 entries:")

	s.Expand("tree", "docs").
		AssertComponent("tree", func(c mcptest.Component) bool {
			return strings.Join(visible(c), " ") == "docs docs/guide.txt docs/notes.md src README.md"
		}).
		SelectNode("tree", "docs/notes.md").
		AssertScreenContains("╭─ docs/notes.md ─").
		AssertScreenContains("- the tree is on the left")

	s.SelectNode("tree", "src/main.go.txt").
		AssertScreenContains(`fmt.Println("hello from the sample")`).
		AssertComponent("tree", func(c mcptest.Component) bool {
			return strings.Contains(strings.Join(visible(c), " "), "src/main.go.txt") // selecting opened src
		})

	s.Collapse("tree", "src").
		AssertComponent("tree", func(c mcptest.Component) bool { return c.State["selected"] == "src" })
	s.ExpectError("node_id").Expand("tree", "nope")
}

func TestBrowserScrollsALongFile(t *testing.T) {
	s := facettest.Start(t, sample(t))
	s.SelectNode("tree", "docs/guide.txt").
		ScrollTo("content", 20).
		AssertScreenContains("Line 21 of the guide.").
		AssertScreenNotContains("Line 1 of the guide.").
		AssertComponent("content", func(c mcptest.Component) bool {
			r, _ := c.Reads["get_visible_range"].(map[string]any)
			return r["top"] == 20.0
		})
	// Selecting another file starts at its top.
	s.SelectNode("tree", "README.md").AssertComponent("content", func(c mcptest.Component) bool {
		r, _ := c.Reads["get_visible_range"].(map[string]any)
		return r["top"] == 0.0
	})
}

func TestBrowserSaysABinaryFileIsBinary(t *testing.T) {
	b, err := newBrowser(fstest.MapFS{"blob.bin": {Data: []byte{0, 1, 2, 0xff}}, "a.txt": {Data: []byte("text")}})
	if err != nil {
		t.Fatal(err)
	}
	facettest.Start(t, b).SelectNode("tree", "blob.bin").AssertScreenContains("blob.bin is a binary file.")
}

func TestRootFSRefusesAMissingDirectory(t *testing.T) {
	if _, err := rootFS(t.TempDir() + "/missing"); err == nil {
		t.Error("rootFS accepted a missing directory")
	}
	if root, err := rootFS(t.TempDir()); err != nil {
		t.Error(err)
	} else if _, err := fs.ReadDir(root, "."); err != nil {
		t.Error(err)
	}
}

func TestBrowserCountsEntriesInWords(t *testing.T) {
	b, err := newBrowser(fstest.MapFS{
		"one/a.txt": {Data: []byte("a")},
		"two/a.txt": {Data: []byte("a")},
		"two/b.txt": {Data: []byte("b")},
		"zero":      {Mode: fs.ModeDir},
	})
	if err != nil {
		t.Fatal(err)
	}
	facettest.Start(t, b).AssertScreenContains("one/ holds 1 entry:").
		SelectNode("tree", "two").AssertScreenContains("two/ holds 2 entries:").
		SelectNode("tree", "zero").AssertScreenContains("zero/ holds no entries:")
}

// The preview's title (the path) is in its box's top edge, and a preview
// that fits draws no scroll bar.
func TestBrowserTitlesThePreviewBoxAndDrawsNoIdleScrollBar(t *testing.T) {
	b := sample(t).show("README.md")
	screen := terminal.Draw(b.View(), 100, 20, "tree")
	lines := strings.Split(screen, "\n")
	if !strings.Contains(lines[0], "╭─ README.md ─") {
		t.Fatalf("the preview's box is not titled README.md:\n%s", screen)
	}
	for _, l := range lines[1:] {
		if strings.Contains(l, "┃") {
			t.Fatalf("a scroll bar beside a file that fits:\n%s", screen)
		}
	}
}
