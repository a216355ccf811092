package facet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// part is one thing Run runs until ctx ends: a server, or the terminal.
type part func(ctx context.Context) error

// Run serves o.App where o says, on one session registry, until ctx ends,
// the person at the terminal quits, or a server fails. It listens on every
// address before it serves any, and writes each one to o.Log once it is
// served; a port of 0 takes a free one. It returns nil when ctx ends or the
// person quits, and the first server's error otherwise.
func Run(ctx context.Context, o Options) error {
	o, err := o.resolve()
	if err != nil {
		return err
	}
	sessions := o.Sessions
	if sessions == nil {
		sessions = tea.NewSessions()
		defer sessions.StopAll()
	}
	logger := slog.New(slog.NewTextHandler(o.Log, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var (
		parts     []part
		announce  []string
		listeners []net.Listener
	)
	defer func() {
		for _, ln := range listeners {
			_ = ln.Close() // served ones are closed already
		}
	}()
	listen := func(what, addr string) (net.Listener, error) {
		var lc net.ListenConfig
		ln, err := lc.Listen(ctx, "tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("facet: %s: %w", what, err)
		}
		listeners = append(listeners, ln)
		return ln, nil
	}

	if o.MCP != "" {
		a, err := newAgents(o, sessions, logger)
		if err != nil {
			return fmt.Errorf("facet: MCP: %w", err)
		}
		defer a.close()
		if o.MCP == Stdio {
			parts = append(parts, func(ctx context.Context) error { return a.serveStdio(ctx, o.Input, o.Output) })
		} else {
			ln, err := listen("MCP", o.MCP)
			if err != nil {
				return err
			}
			if err := a.ready(ln.Addr()); err != nil {
				return fmt.Errorf("facet: MCP on %s: %w", ln.Addr(), err)
			}
			parts = append(parts, func(ctx context.Context) error { return a.serve(ctx, ln) })
			announce = append(announce, fmt.Sprintf("serving MCP to agents at http://%s/mcp", ln.Addr()))
		}
	}
	if o.SSH != "" {
		so := o.SSHOptions
		so.Addr, so.App, so.Sessions, so.NoAgents = o.SSH, o.App, sessions, o.MCP == ""
		if so.Logger == nil {
			so.Logger = logger
		}
		srv, err := ssh.New(so)
		if err != nil {
			return fmt.Errorf("facet: SSH: %w", err)
		}
		ln, err := listen("SSH", o.SSH)
		if err != nil {
			return err
		}
		parts = append(parts, func(ctx context.Context) error { return srv.Serve(ctx, ln) })
		port := ln.Addr().(*net.TCPAddr).Port
		host, _, _ := net.SplitHostPort(ln.Addr().String())
		announce = append(announce, fmt.Sprintf("serving %s over SSH on %s: ssh -p %d %s", o.App.Name, ln.Addr(), port, host))
	}
	if o.Web != "" {
		wo := o.WebOptions
		wo.Addr, wo.App, wo.Sessions, wo.NoAgents = o.Web, o.App, sessions, o.MCP == ""
		if wo.Logger == nil {
			wo.Logger = logger
		}
		srv, err := web.New(wo)
		if err != nil {
			return fmt.Errorf("facet: Web: %w", err)
		}
		ln, err := listen("Web", o.Web)
		if err != nil {
			return err
		}
		if err := srv.Ready(ln.Addr()); err != nil {
			return fmt.Errorf("facet: Web on %s: %w", ln.Addr(), err)
		}
		parts = append(parts, func(ctx context.Context) error { return srv.Serve(ctx, ln) })
		announce = append(announce, fmt.Sprintf("serving %s to browsers at http://%s/", o.App.Name, ln.Addr()))
	}
	if o.Terminal {
		parts = append(parts, func(ctx context.Context) error { return runTerminal(ctx, o, sessions) })
	}

	for _, line := range announce {
		fmt.Fprintf(o.Log, "facet: %s\n", line)
	}
	return runParts(ctx, parts)
}

// runParts runs every part until the first returns (or ctx ends), then
// ends the others and waits for them. It returns the first error that is
// not one of the ending.
func runParts(ctx context.Context, parts []part) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan error, len(parts))
	for _, p := range parts {
		go func() { results <- p(ctx) }()
	}
	var first error
	for range parts {
		err := <-results
		if first == nil && err != nil && ctx.Err() == nil {
			first = err
		}
		cancel()
	}
	if errors.Is(first, context.Canceled) {
		return nil
	}
	return first
}

// runTerminal runs o.App in the terminal as session LiveSession until the
// person quits or ctx ends.
func runTerminal(ctx context.Context, o Options, sessions *tea.Sessions) error {
	sess, err := sessions.Start(ctx, LiveSession, o.App.Name, o.App.New())
	if err != nil {
		return fmt.Errorf("facet: the terminal's session: %w", err)
	}
	defer func() { _ = sessions.Stop(LiveSession) }()
	detachKey := terminal.DefaultDetachKey
	if o.MCP == "" {
		detachKey = "" // no agent can reach the session: nothing to detach
	}
	topts := append([]terminal.Option{terminal.WithRuntime(sess.Runtime), terminal.WithInput(o.Input),
		terminal.WithOutput(o.Output), terminal.WithAppName(o.App.Name), terminal.WithDetachKey(detachKey)},
		o.TerminalOptions...)
	if err := terminal.Run(ctx, nil, topts...); err != nil && ctx.Err() == nil {
		return fmt.Errorf("facet: terminal: %w", err)
	}
	return nil
}
