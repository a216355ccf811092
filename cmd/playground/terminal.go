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
	m, err := browser(opts)
	if err != nil {
		return err
	}
	// No MCP server shares this terminal's model: terminal.Run leaves the
	// detach key off for a model it starts itself.
	if opts.record == "" {
		return drawOnTerminal(ctx, m, opts, stdin, stdout, extra...)
	}
	recs, err := newRecorders(opts.record, io.Discard)
	if err != nil {
		return err
	}
	sessions := tea.NewSessions()
	defer recs.attach(sessions)()
	defer sessions.StopAll()
	sess, err := sessions.Start(ctx, "terminal", "playground", m)
	if err != nil {
		return err
	}
	return drawOnTerminal(ctx, nil, opts, stdin, stdout, append([]terminal.Option{terminal.WithRuntime(sess.Runtime), terminal.WithDetachKey("")}, extra...)...)
}

// browser is the catalog browser, opened at opts.demo when it is set.
func browser(opts options) (tea.Model, error) {
	if opts.demo == "" {
		return playground.NewBrowser(), nil
	}
	b, err := playground.NewBrowserAt(opts.demo)
	if err != nil {
		return nil, &usageError{err: err}
	}
	return b, nil
}

// drawOnTerminal runs m (or, with terminal.WithRuntime among extra, that
// runtime) on this terminal, spoken for a screen reader with
// --accessible.
func drawOnTerminal(ctx context.Context, m tea.Model, opts options, stdin io.Reader, stdout io.Writer, extra ...terminal.Option) error {
	topts := []terminal.Option{terminal.WithInput(stdin), terminal.WithOutput(stdout), terminal.WithAppName("playground")}
	if opts.accessible {
		topts = append(topts, terminal.WithAccessible())
	}
	topts = append(topts, extra...)
	if err := terminal.Run(ctx, m, topts...); err != nil {
		return fmt.Errorf("run on the terminal: %w", err)
	}
	return nil
}
