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
// this terminal until the user quits.
func runTerminal(ctx context.Context, opts options, stdin io.Reader, stdout io.Writer) error {
	var m tea.Model = playground.NewBrowser()
	if opts.demo != "" {
		b, err := playground.NewBrowserAt(opts.demo)
		if err != nil {
			return &usageError{err: err}
		}
		m = b
	}
	if err := terminal.Run(ctx, m, terminal.WithInput(stdin), terminal.WithOutput(stdout), terminal.WithAppName("playground")); err != nil {
		return fmt.Errorf("run on the terminal: %w", err)
	}
	return nil
}
