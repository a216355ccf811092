package playground

import (
	"cmp"
	_ "embed"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

//go:embed data/project.txt
var projectTxt string

// filesOverhead is how many lines the files demo's boxes take besides the
// tree: the top and bottom border.
const filesOverhead = 2

// FilesDemo browses a fixed project tree. Widgets: Tree "files" and Text
// "preview", which shows the selected file's content or a summary of the
// selected directory.
type FilesDemo struct {
	files map[string]string // path -> content, never changed
	dirs  map[string]bool   // directory paths, never changed
	tree  widgets.TreeState
	// treeWidth is the tree's box width: filesTreeWidth, narrower in a
	// narrow window so the preview keeps room.
	treeWidth int
}

// filesTreeWidth is the tree's width when the window has room for it.
const filesTreeWidth = 36

// NewFiles returns the file browser with the top directories open and
// README.md selected.
func NewFiles() FilesDemo {
	files := parseProject(projectTxt)
	dirs := map[string]bool{}
	for p := range files {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	return FilesDemo{files: files, dirs: dirs, tree: widgets.TreeState{
		ID:       "files",
		Nodes:    buildTree("", files, dirs),
		Expanded: map[string]bool{"cmd": true, "internal": true, "cmd/shortlink": true},
		Selected: "README.md",
		Height:   40 - chromeLines - helpLines - filesOverhead,
	}}
}

// parseProject splits the embedded project into files: each starts with a
// "=== path" line.
func parseProject(s string) map[string]string {
	files := map[string]string{}
	var name string
	var body []string
	flush := func() {
		if name != "" {
			files[name] = strings.TrimRight(strings.Join(body, "\n"), "\n")
		}
	}
	for _, line := range strings.Split(s, "\n") {
		if p, ok := strings.CutPrefix(line, "=== "); ok {
			flush()
			name, body = p, nil
			continue
		}
		body = append(body, line)
	}
	flush()
	return files
}

// buildTree returns the nodes directly under dir ("" for the root):
// directories first, then files, each sorted by name.
func buildTree(dir string, files map[string]string, dirs map[string]bool) []widgets.TreeNode {
	var subdirs, leaves []string
	parent := func(p string) string {
		if d := path.Dir(p); d != "." {
			return d
		}
		return ""
	}
	for d := range dirs {
		if parent(d) == dir {
			subdirs = append(subdirs, d)
		}
	}
	for f := range files {
		if parent(f) == dir {
			leaves = append(leaves, f)
		}
	}
	sort.Strings(subdirs)
	sort.Strings(leaves)
	nodes := make([]widgets.TreeNode, 0, len(subdirs)+len(leaves))
	for _, d := range subdirs {
		nodes = append(nodes, widgets.TreeNode{ID: d, Label: path.Base(d) + "/", Children: buildTree(d, files, dirs)})
	}
	for _, f := range leaves {
		nodes = append(nodes, widgets.TreeNode{ID: f, Label: path.Base(f)})
	}
	return nodes
}

// Init implements tea.Model.
func (f FilesDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (f FilesDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if f.tree.Update(msg) {
		return f, nil
	}
	if m, ok := msg.(tea.WindowSizeMsg); ok {
		f.tree.Height = max(m.Height-helpLines-filesOverhead, 3)
		// Two fifths of the window at most: at 50 columns the tree took
		// 36 and left the preview 9.
		f.treeWidth = min(filesTreeWidth, max(m.Width*2/5, 16))
	}
	return f, nil
}

// Selected returns the selected node's path.
func (f FilesDemo) Selected() string { return f.tree.Selected }

// Preview returns what the preview shows for the selected node.
func (f FilesDemo) Preview() string {
	sel := f.tree.Selected
	if content, ok := f.files[sel]; ok {
		return content
	}
	if !f.dirs[sel] {
		return "Select a file to see its content."
	}
	var names []string
	nfiles, ndirs := 0, 0
	for _, n := range findTreeNode(f.tree.Nodes, sel).Children {
		names = append(names, n.Label)
		if len(n.Children) > 0 {
			ndirs++
		} else {
			nfiles++
		}
	}
	total := 0
	for p := range f.files {
		if strings.HasPrefix(p, sel+"/") {
			total++
		}
	}
	return fmt.Sprintf("%s/ — %s, %s (%s in all)\n\n%s", sel,
		plural(ndirs, "directory", "directories"), plural(nfiles, "file", "files"),
		plural(total, "file", "files"), strings.Join(names, "\n"))
}

// findTreeNode returns the node with id, or a zero node.
func findTreeNode(nodes []widgets.TreeNode, id string) widgets.TreeNode {
	for _, n := range nodes {
		if n.ID == id {
			return n
		}
		if got := findTreeNode(n.Children, id); got.ID != "" {
			return got
		}
	}
	return widgets.TreeNode{}
}

// plural spells n with the right noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// View implements tea.Model.
func (f FilesDemo) View() tea.Node {
	title := f.tree.Selected
	if f.dirs[title] {
		title += "/"
	}
	return tea.Row{Gap: 1, Items: []tea.Node{
		tea.Box{Title: "shortlink", Width: cmp.Or(f.treeWidth, filesTreeWidth), Child: f.tree.View(widgets.Tree{})},
		tea.Box{Title: title, Child: widgets.Text{ID: "preview", Content: f.Preview()}},
	}}
}
