package main

import (
	"context"
	"fmt"
	"io"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// runTerminal runs the catalog browser (opened at opts.demo, if set) on
// this terminal until the user quits. extra options follow the defaults
// (tests fix the screen size with them).
func runTerminal(ctx context.Context, opts options, stdin io.Reader, stdout io.Writer, extra ...terminal.Option) error {
	var m tea.Model = playground.NewBrowser()
	if opts.demo != "" {
		b, err := playground.NewBrowserAt(opts.demo)
		if err != nil {
			return &usageError{err: err}
		}
		m = b
	}
	topts := append([]terminal.Option{terminal.WithInput(stdin), terminal.WithOutput(stdout), terminal.WithAppName("playground")}, extra...)
	if err := terminal.Run(ctx, m, topts...); err != nil {
		return fmt.Errorf("run on the terminal: %w", err)
	}
	return nil
}
