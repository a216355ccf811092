// Command filebrowser browses a directory: a tree on the left, the selected
// file on the right. It shows an embedded sample project, or -dir DIR. It
// runs in the terminal, or serves itself over MCP on stdio with --mcp stdio.
//
//	go run ./examples/filebrowser
//	go run ./examples/filebrowser --mcp stdio
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

func main() {
	root, _ := rootFS("") // the embedded sample: always there
	flag.Func("dir", "directory to browse (default: the embedded sample project)", func(dir string) error {
		var err error
		root, err = rootFS(dir)
		return err
	})
	facet.Main(tea.App{Name: "files", Title: "File browser", Description: "Browse a directory tree and read its files.",
		New: func() tea.Model {
			b, err := newBrowser(root)
			if err != nil {
				return errorApp{err}
			}
			return b
		}})
}

// rootFS is the directory to browse: dir, or the embedded sample.
func rootFS(dir string) (fs.FS, error) {
	if dir == "" {
		return fs.Sub(sampleFS, "sample")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s is not a readable directory", dir)
	}
	return os.DirFS(dir), nil
}
