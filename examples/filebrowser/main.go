// Command filebrowser browses a directory: a tree on the left, the selected
// file on the right. It shows an embedded sample project, or -dir DIR. It
// runs in the terminal, or serves itself over MCP on stdio with --mcp.
//
//	go run ./examples/filebrowser
//	go run ./examples/filebrowser --mcp
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

func main() {
	dir := flag.String("dir", "", "directory to browse (default: the embedded sample project)")
	serveMCP := flag.Bool("mcp", false, "serve the app over MCP on stdin/stdout instead of the terminal")
	flag.Parse()
	root, err := rootFS(*dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "filebrowser: %v\n", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err = run(ctx, root, *serveMCP)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "filebrowser: %v\n", err)
		os.Exit(1)
	}
}

// run browses root in the terminal, or serves the browser over MCP on
// stdio, where an agent starts it with facet_start {"app": "files"}.
func run(ctx context.Context, root fs.FS, serveMCP bool) error {
	app := mcp.App{Name: "files", Title: "File browser", Description: "Browse a directory tree and read its files.",
		New: func() tea.Model {
			b, err := newBrowser(root)
			if err != nil {
				return errorApp{err}
			}
			return b
		}}
	if !serveMCP {
		return terminal.Run(ctx, app.New(), terminal.WithAppName(app.Name))
	}
	srv, err := mcp.New(mcp.Options{Apps: []mcp.App{app}, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))})
	if err != nil {
		return err
	}
	defer srv.Close()
	return srv.ServeStdio(ctx, os.Stdin, os.Stdout)
}

// rootFS is the directory to browse: dir, or the embedded sample.
func rootFS(dir string) (fs.FS, error) {
	if dir == "" {
		return fs.Sub(sampleFS, "sample")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("-dir %s: not a readable directory", dir)
	}
	return os.DirFS(dir), nil
}
