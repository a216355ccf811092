package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// webOptions are the --web flags.
type webOptions struct {
	addr    string // --web ADDR: "" means no browser
	hosts   listFlag
	origins listFlag
}

// addWebFlags declares the --web flags into o.
func addWebFlags(fs *flag.FlagSet, o *webOptions) {
	fs.StringVar(&o.addr, "web", "", "serve the catalog to browsers on `ADDR` (such as 127.0.0.1:8809), one session per tab (web1, web2, ...)")
	fs.Var(&o.hosts, "web-allowed-hosts", "Host header values (host or host:port) --web accepts besides loopback ones, comma-separated `LIST`; required off loopback")
	fs.Var(&o.origins, "web-allowed-origins", "browser origins (scheme://host[:port]) --web accepts besides its own, comma-separated `LIST`")
}

// check reports --web flags that make no sense.
func (o webOptions) check(list bool) error {
	switch {
	case o.addr == "" && (o.hosts.set || o.origins.set):
		return &usageError{err: errors.New("--web-allowed-hosts and --web-allowed-origins need --web ADDR")}
	case o.addr != "" && list:
		return &usageError{err: errors.New("--list and --web cannot be combined")}
	}
	return nil
}

// runWeb serves the catalog browser (opened at opts.demo, if set) to every
// browser tab, each in its own session in sessions, until ctx ends. agents
// says whether an MCP transport shares sessions (the page then shows the
// agent status and the detach control).
func runWeb(ctx context.Context, opts options, stderr io.Writer, sessions *tea.Sessions, agents bool) error {
	if _, err := browser(opts); err != nil {
		return err
	}
	tokens, err := opts.identity.loadTokens()
	if err != nil {
		return err
	}
	srv, err := web.New(web.Options{
		App: tea.App{Name: "playground", Title: "Facet playground",
			New: func() tea.Model { m, _ := browser(opts); return m.(playground.Browser).OnPage() }}, // checked above
		Sessions:       sessions,
		AllowedHosts:   opts.web.hosts.list(),
		AllowedOrigins: opts.web.origins.list(),
		NoAgents:       !agents,
		Login:          tokens,
		Invites:        invite.New(invite.Options{}),
		Logger:         slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
	if err != nil {
		return &usageError{err: fmt.Errorf("--web: %w", err)}
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", opts.web.addr)
	if err != nil {
		return fmt.Errorf("--web: %w", err)
	}
	// Decide first, print after: the address is announced only once the
	// server has agreed to serve it.
	if err := srv.Ready(ln.Addr()); err != nil {
		ln.Close()
		return &usageError{err: fmt.Errorf("--web %s: %w", opts.web.addr, err)}
	}
	fmt.Fprintf(stderr, "playground: serving the catalog to browsers at http://%s/\n", announced(opts.web.addr, ln.Addr()))
	err = srv.Serve(ctx, ln)
	var ce *web.ConfigError
	if errors.As(err, &ce) {
		return &usageError{err: fmt.Errorf("--web %s: %w", opts.web.addr, err)}
	}
	return err
}

// runServices runs the surfaces that serve people elsewhere (--web, and
// --ssh beside it) without MCP, over one session registry, until ctx ends
// or one of them fails.
func runServices(ctx context.Context, opts options, stderr io.Writer) error {
	sessions := tea.NewSessions()
	defer sessions.StopAll()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan error, 2)
	parts := 1
	go func() { results <- runWeb(ctx, opts, stderr, sessions, false) }()
	if opts.ssh.addr != "" {
		parts++
		go func() { results <- runSSH(ctx, opts, stderr, sessions) }()
	}
	first := <-results
	cancel()
	for i := 1; i < parts; i++ {
		<-results
	}
	if errors.Is(first, context.Canceled) {
		return nil
	}
	return first
}
