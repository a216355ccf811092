package main

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

//go:embed sample
var sampleFS embed.FS

// maxFileBytes is how much of a file the viewer reads.
const maxFileBytes = 256 << 10

// browser shows a directory tree and the selected file. Widgets: Tree
// "tree" and Viewport "content", in a box titled with the selected path.
type browser struct {
	root    fs.FS
	dirs    map[string]bool
	Tree    widgets.TreeState     `json:"tree"`
	Content widgets.ViewportState `json:"content"`
}

func newBrowser(root fs.FS) (browser, error) {
	b := browser{root: root, dirs: map[string]bool{".": true}}
	nodes, err := b.scan(".")
	if err != nil {
		return b, err
	}
	b.Tree = widgets.TreeState{ID: "tree", Nodes: nodes, Expanded: map[string]bool{}, Height: 30}
	b.Content = widgets.ViewportState{ID: "content", Height: 28}
	if len(nodes) > 0 {
		b = b.show(nodes[0].ID)
	}
	return b, nil
}

// scan builds the tree under dir: directories first, then files, by name.
func (b browser) scan(dir string) ([]widgets.TreeNode, error) {
	entries, err := fs.ReadDir(b.root, dir)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].IsDir() != entries[j].IsDir() {
			return entries[i].IsDir()
		}
		return entries[i].Name() < entries[j].Name()
	})
	nodes := make([]widgets.TreeNode, 0, len(entries))
	for _, e := range entries {
		p := path.Join(dir, e.Name())
		n := widgets.TreeNode{ID: p, Label: e.Name()}
		if e.IsDir() {
			b.dirs[p] = true
			n.Label += "/"
			if n.Children, err = b.scan(p); err != nil {
				return nil, err
			}
		}
		nodes = append(nodes, n)
	}
	return nodes, nil
}

func (b browser) Init() tea.Cmd { return nil }

func (b browser) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	before := b.Tree.Selected
	if b.Tree.Update(msg) {
		if b.Tree.Selected != before {
			b = b.show(b.Tree.Selected)
		}
		return b, nil
	}
	if b.Content.Update(msg) {
		return b, nil
	}
	if m, ok := msg.(tea.WindowSizeMsg); ok {
		b.Tree.Height = max(m.Height-4, 3)
		b.Content.Height = max(m.Height-6, 3)
	}
	return b, nil
}

// show selects p and loads what the viewer shows for it.
func (b browser) show(p string) browser {
	b.Tree.Selected = p
	b.Content.Top = 0
	b.Content.Lines = b.lines(p)
	return b
}

func (b browser) lines(p string) []string {
	if b.dirs[p] {
		entries, err := fs.ReadDir(b.root, p)
		if err != nil {
			return []string{"cannot read this directory: " + err.Error()}
		}
		out := []string{fmt.Sprintf("%s/ holds %s:", p, entriesCount(len(entries)))}
		for _, e := range entries {
			out = append(out, "  "+e.Name())
		}
		return out
	}
	f, err := b.root.Open(p)
	if err != nil {
		return []string{"cannot open this file: " + err.Error()}
	}
	defer f.Close()
	buf := make([]byte, maxFileBytes)
	n, _ := f.Read(buf)
	data := buf[:n]
	if !utf8.Valid(data) || strings.ContainsRune(string(data), 0) {
		return []string{fmt.Sprintf("%s is a binary file.", p)}
	}
	return strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\t", "    "), "\n"), "\n")
}

// entriesCount spells n entries: "no entries", "1 entry", "2 entries".
func entriesCount(n int) string {
	switch n {
	case 0:
		return "no entries"
	case 1:
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}

func (b browser) View() tea.Node {
	return tea.Row{Gap: 1, Items: []tea.Node{
		tea.Box{Title: "Files", Width: 34, Child: b.Tree.View(widgets.Tree{})},
		tea.Box{Title: b.Tree.Selected, Child: b.Content.View(widgets.Viewport{})},
	}}
}

// errorApp shows why the browser could not start.
type errorApp struct{ err error }

func (e errorApp) Init() tea.Cmd                       { return nil }
func (e errorApp) Update(tea.Msg) (tea.Model, tea.Cmd) { return e, nil }
func (e errorApp) View() tea.Node                      { return tea.Label("filebrowser: " + e.err.Error()) }
