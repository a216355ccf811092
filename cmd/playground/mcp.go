package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace/recordtool"
)

// restrictedDemos are left out of the apps an MCP client may start unless
// an operator names them with --startable: repl evaluates expressions and
// runtime shows process internals. Pinned by TestDefaultStartableIsPinned.
var restrictedDemos = []string{"repl", "runtime"}

// listFlag is a comma-separated list flag that remembers whether it was
// given at all, since an empty list is a deliberate, configured choice.
type listFlag struct {
	set    bool
	values []string
}

func (l *listFlag) String() string { return strings.Join(l.values, ",") }

func (l *listFlag) Set(s string) error {
	l.set = true
	l.values = nil
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			l.values = append(l.values, v)
		}
	}
	return nil
}

// list returns nil when the flag was not given and a non-nil (possibly
// empty) slice when it was.
func (l *listFlag) list() []string {
	if !l.set {
		return nil
	}
	if l.values == nil {
		return []string{}
	}
	return l.values
}

// countFlag is a positive integer flag that remembers whether it was
// given at all.
type countFlag struct {
	set bool
	n   int
}

func (c *countFlag) String() string { return strconv.Itoa(c.n) }

func (c *countFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return errors.New("must be a whole number, 1 or more")
	}
	c.set, c.n = true, n
	return nil
}

// mcpOptions are the MCP flags.
type mcpOptions struct {
	stdio     bool
	http      string
	toolNames string
	tools     string
	// schemas is "" or "strict" (mcp.Options.Schemas).
	schemas    string
	production bool
	allowTools listFlag
	allowReads listFlag
	startable  listFlag
	maxStarts  countFlag
	// maxPerClient is --max-sessions-per-client.
	maxPerClient countFlag
	// sessionTools caps each session's derived tools in tools/list.
	sessionTools countFlag
	hosts        listFlag
	origins      listFlag
	// httpLimits are the --http limits.
	httpLimits struct {
		sessions, streams, body countFlag
		agentIdle               time.Duration
	}
}

func addMCPFlags(fs *flag.FlagSet, o *mcpOptions) {
	fs.BoolVar(&o.stdio, "mcp", false, "serve MCP on stdin/stdout for an agent (Claude Code: claude mcp add facet -- go run ./cmd/playground --mcp)")
	fs.StringVar(&o.http, "http", "", "also serve MCP over HTTP on `ADDR` (/mcp streamable HTTP, /sse); needs --allow-tools and --allow-read-methods")
	fs.StringVar(&o.toolNames, "tool-names", mcp.NamesSafe, "advertise derived tools as `safe|dotted` names: safe (<session>_<widget>_<action>, the default) is what every client accepts; dotted is the seed's <session>.<widget>.<action>")
	fs.StringVar(&o.schemas, "schemas", mcp.SchemasDefault, "serve `strict` schemas, as OpenAI's strict mode takes them (every object closed, every property required, optional ones nullable)")
	fs.StringVar(&o.tools, "tools", mcp.ToolListFull, "what tools/list holds: `full|compact` (compact: the facet_* tools and each session's discover_tools, for clients that cap a server's tools; every tool stays callable)")
	fs.BoolVar(&o.production, "production", false, "production defaults: no tool runs and only listing methods are served unless allowed (also FACET_ENV=production)")
	fs.Var(&o.allowTools, "allow-tools", "allow exactly these tools, comma-separated `LIST` (an empty list allows none)")
	fs.Var(&o.allowReads, "allow-read-methods", "allow exactly these read methods, comma-separated `LIST` (tools/list, resources/read, ...)")
	fs.Var(&o.hosts, "http-allowed-hosts", "Host header values (host or host:port) --http accepts besides loopback ones, comma-separated `LIST`; required off loopback")
	fs.Var(&o.origins, "http-allowed-origins", "browser origins (scheme://host[:port]) --http accepts, comma-separated `LIST`")
	o.httpLimits.sessions.n = mcp.DefaultHTTPMaxSessions
	fs.Var(&o.httpLimits.sessions, "http-max-sessions", "refuse --http sessions beyond `N` open at once")
	o.httpLimits.streams.n = mcp.DefaultMaxStreams
	fs.Var(&o.httpLimits.streams, "http-max-streams", "refuse --http event streams beyond `N` open at once")
	o.httpLimits.body.n = mcp.DefaultMaxBodyBytes
	fs.Var(&o.httpLimits.body, "http-max-body", "refuse --http request bodies over `BYTES`")
	fs.DurationVar(&o.httpLimits.agentIdle, "http-agent-idle", mcp.DefaultAgentIdle, "show an --http client as detached after `DURATION` without a request (or when its stream closes)")
	o.maxStarts.n = mcp.DefaultMaxSessions
	fs.Var(&o.maxStarts, "max-sessions", "refuse facet_start beyond `N` running sessions it started (facet_stop one to start another)")
	o.maxPerClient.n = mcp.DefaultMaxSessionsPerClient
	fs.Var(&o.maxPerClient, "max-sessions-per-client", "refuse one client connection's facet_start beyond `N` running sessions it started, within --max-sessions (not over stdio: one client)")
	o.sessionTools.n = mcp.DefaultMaxSessionTools
	fs.Var(&o.sessionTools, "session-tools", "list at most `N` derived tools per session; past it, those of widgets out of view the longest are left out (still callable)")
	fs.Var(&o.startable, "startable", "apps facet_start may start, comma-separated `LIST` (default: every demo but "+strings.Join(restrictedDemos, " and ")+")")
}

// enabled reports whether any MCP transport was asked for.
func (o *mcpOptions) enabled() bool { return o.stdio || o.http != "" }

// mcpApps turns the playground catalog into the MCP renderer's apps.
func mcpApps() []mcp.App {
	var apps []mcp.App
	for _, a := range playground.Catalog() {
		restricted := false
		for _, r := range restrictedDemos {
			restricted = restricted || r == a.Name
		}
		apps = append(apps, mcp.App{Name: a.Name, Title: a.Title, Description: a.Description, New: a.New, Restricted: restricted})
	}
	return apps
}

// serverOptions builds mcp.Options from the flags and the environment. When
// nothing configures the tool policy outside production, the allow-all
// default is chosen here, where it can be seen.
func (o *mcpOptions) serverOptions(getenv func(string) string, sessions *tea.Sessions, logger *slog.Logger) mcp.Options {
	opts := mcp.Options{
		Apps:        mcpApps(),
		UI:          web.HostPage{},
		Startable:   o.startable.list(),
		MaxSessions: o.maxStarts.n,
		// The smaller of the two when only --max-sessions is given.
		MaxSessionsPerClient: o.perClient(),
		ToolNames:            o.toolNames,
		ToolList:             o.tools,
		Schemas:              o.schemas,
		// A person is at every host session here (the terminal's live,
		// each SSH connection's): an Ask about one goes to them.
		AskPerson:       true,
		MaxSessionTools: o.sessionTools.n,
		Sessions:        sessions,
		Logger:          logger,
		Auth: mcp.AuthOptions{
			Production:         o.production || getenv("FACET_ENV") == "production",
			AllowedTools:       o.allowTools.list(),
			AllowedReadMethods: o.allowReads.list(),
		},
		Addr: o.http,
		HTTP: mcp.HTTPOptions{AllowedHosts: o.hosts.list(), AllowedOrigins: o.origins.list(),
			MaxSessions: o.httpLimits.sessions.n, MaxStreams: o.httpLimits.streams.n,
			MaxBodyBytes: int64(o.httpLimits.body.n), AgentIdle: o.httpLimits.agentIdle},
	}
	if opts.Auth.AllowedTools == nil && !opts.Auth.Production {
		// Nothing configured, outside production: the development default,
		// chosen here where it can be seen, and recorded as a default so it
		// can never open a network transport.
		opts.Auth.Authorizer = mcp.AllowAll()
		opts.Auth.PolicySource = mcp.SourceDefault
	}
	return opts
}

// perClient is the per-connection cap: --max-sessions-per-client, or
// when it is not given the default within --max-sessions.
func (o *mcpOptions) perClient() int {
	if o.maxPerClient.set {
		return o.maxPerClient.n
	}
	return min(o.maxPerClient.n, o.maxStarts.n)
}

// check refuses flag combinations that cannot work.
func (o *mcpOptions) check(list bool) error {
	switch {
	case list && o.enabled():
		return &usageError{err: errors.New("--list cannot be combined with --mcp or --http")}
	case o.schemas != mcp.SchemasDefault && o.schemas != mcp.SchemasStrict:
		return &usageError{err: fmt.Errorf("--schemas %q: use %s, or leave it out for the default", o.schemas, mcp.SchemasStrict)}
	case o.tools != mcp.ToolListFull && o.tools != mcp.ToolListCompact:
		return &usageError{err: fmt.Errorf("--tools %q: use %s or %s", o.tools, mcp.ToolListFull, mcp.ToolListCompact)}
	case o.toolNames != mcp.NamesDotted && o.toolNames != mcp.NamesSafe:
		return &usageError{err: fmt.Errorf("--tool-names %q: use %s (the default) or %s", o.toolNames, mcp.NamesSafe, mcp.NamesDotted)}
	case !o.enabled() && (o.allowTools.set || o.allowReads.set || o.startable.set || o.maxStarts.set || o.maxPerClient.set || o.production):
		return &usageError{err: errors.New("--allow-tools, --allow-read-methods, --startable, --max-sessions, --max-sessions-per-client and --production configure MCP: add --mcp or --http ADDR")}
	case !o.enabled() && (o.tools != mcp.ToolListFull || o.sessionTools.set):
		return &usageError{err: errors.New("--tools and --session-tools shape MCP's tool list: add --mcp or --http ADDR")}
	case o.http == "" && (o.hosts.set || o.origins.set):
		return &usageError{err: errors.New("--http-allowed-hosts and --http-allowed-origins need --http ADDR")}
	case o.http == "" && (o.httpLimits.sessions.set || o.httpLimits.streams.set || o.httpLimits.body.set || o.httpLimits.agentIdle != mcp.DefaultAgentIdle):
		return &usageError{err: errors.New("--http-max-sessions, --http-max-streams, --http-max-body and --http-agent-idle limit --http: add --http ADDR")}
	case o.httpLimits.agentIdle <= 0:
		return &usageError{err: fmt.Errorf("--http-agent-idle %v: must be more than 0", o.httpLimits.agentIdle)}
	}
	return nil
}

// LiveSessionID is the MCP session id of the terminal's own session when
// --http serves agents beside it.
const LiveSessionID = "live"

// runShared runs the human surfaces (the terminal, or SSH) and the MCP
// transports over one session registry, so an agent and a human drive the
// same sessions. Whichever part ends first (the user quits, stdin closes,
// a listener fails) ends them all.
func runShared(ctx context.Context, opts options, stdin io.Reader, stdout, stderr io.Writer) error {
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	sessions := tea.NewSessions()
	if opts.record != "" {
		recs, err := newRecorders(opts.record, stderr)
		if err != nil {
			return err
		}
		defer recs.attach(sessions)()
	}
	node, leave, err := joinCluster(ctx, opts.cluster, sessions, stderr)
	if err != nil {
		return err
	}
	defer leave()
	so := opts.mcp.serverOptions(os.Getenv, sessions, logger)
	_, so.HTTP.Authenticator, so.HTTP.ProtectedResource, err = opts.identity.identities(ctx)
	if err != nil {
		return err
	}
	if node != nil {
		so.Cluster = node
	}
	srv, err := mcp.New(so)
	var ce *mcp.ConfigError
	if errors.As(err, &ce) {
		return &usageError{err: err}
	}
	if err != nil {
		return err
	}
	defer srv.Close()
	defer sessions.StopAll()
	if opts.record != "" {
		// Recording is on: agents get the "recording" tool too (kept out
		// of the base tool list otherwise, which has a 4 KB budget).
		recording, err := recordtool.Register(srv)
		if err != nil {
			return err
		}
		defer recording.Close()
	}
	agents, err := serveAgents(srv, opts, stdin, logger)
	if err != nil {
		return err
	}
	if agents != nil {
		defer agents.Close()
		opts.agentLabel = agents.Marker
	}
	if opts.mcp.http != "" {
		if err := srv.NetworkReady(); err != nil {
			return &usageError{err: fmt.Errorf("--http: %w", err)}
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan error, 4)
	parts := 0
	start := func(f func() error) {
		parts++
		go func() { results <- f() }()
	}
	if opts.mcp.http != "" {
		// Listen before anything starts, so a port that cannot be bound
		// fails alone and the address printed is the one bound (a port of
		// 0 picks a free one).
		var lc net.ListenConfig
		ln, err := lc.Listen(ctx, "tcp", opts.mcp.http)
		if err != nil {
			return fmt.Errorf("--http: %w", err)
		}
		// Decide first, print after: the address is announced only once
		// the server has agreed to serve it.
		if err := srv.Ready(ln.Addr()); err != nil {
			ln.Close()
			return &usageError{err: fmt.Errorf("--http: %w", err)}
		}
		fmt.Fprintf(stderr, "playground: serving MCP over HTTP at http://%s/mcp (SSE at /sse)\n", announced(opts.mcp.http, ln.Addr()))
		start(func() error { return srv.Serve(ctx, ln) })
	}
	if opts.mcp.stdio {
		start(func() error { return srv.ServeStdio(ctx, stdin, stdout) })
	}
	if opts.web.addr != "" {
		start(func() error { return runWeb(ctx, opts, stderr, sessions, true) })
	}
	switch {
	case opts.ssh.addr != "":
		start(func() error { return runSSH(ctx, opts, stderr, sessions) })
	case opts.mcp.stdio, opts.web.addr != "":
		// The agent's stdio, or the browsers, are what this run serves.
	case isTerminal(stdin):
		start(func() error { return runLive(ctx, opts, sessions, stdin, stdout) })
	default:
		// --http alone with no terminal: a service. It serves until a
		// signal cancels ctx.
		fmt.Fprintln(stderr, "playground: no terminal on stdin: serving MCP over HTTP only, until SIGINT or SIGTERM")
		start(func() error { <-ctx.Done(); return ctx.Err() })
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

// announced is the address to print for a listener asked for at requested
// and bound at bound: the host asked for (0.0.0.0 stays 0.0.0.0, where Go
// reports the dual-stack [::]) with the port bound (a port of 0 picks one).
func announced(requested string, bound net.Addr) string {
	host, _, err := net.SplitHostPort(requested)
	_, port, err2 := net.SplitHostPort(bound.String())
	if err != nil || err2 != nil || host == "" {
		return bound.String()
	}
	return net.JoinHostPort(host, port)
}

// runLive runs the catalog in this terminal as session "live", which MCP
// clients see in facet_list and drive with live.<widget>.<action>.
func runLive(ctx context.Context, opts options, sessions *tea.Sessions, stdin io.Reader, stdout io.Writer) error {
	m, err := browser(opts)
	if err != nil {
		return err
	}
	sess, err := sessions.Start(ctx, LiveSessionID, "playground", m)
	if err != nil {
		return err
	}
	defer func() { _ = sessions.Stop(LiveSessionID) }()
	return drawOnTerminal(ctx, nil, opts, stdin, stdout, terminal.WithRuntime(sess.Runtime), terminal.WithAgentLabel(opts.agentLabel))
}
