package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
)

// kindMCP is Facet's MCP server over streamable HTTP, the server of the
// agents and idle modes.
const kindMCP = "mcp"

// mcpMaxSessions caps the sessions the MCP server under load starts: the
// idle mode's most, and then some.
const mcpMaxSessions = maxIdleSessions + 100

// serveMCP serves the playground's apps over MCP (streamable HTTP at /mcp)
// on l, a loopback listener, until ctx ends. Every tool is allowed: the
// clients are this program's.
func serveMCP(ctx context.Context, l net.Listener) error {
	var apps []mcp.App
	for _, a := range playground.Catalog() {
		apps = append(apps, mcp.App{Name: a.Name, Title: a.Title, Description: a.Description, New: a.New})
	}
	srv, err := mcp.New(mcp.Options{
		Apps:        apps,
		ToolNames:   mcp.NamesSafe,
		MaxSessions: mcpMaxSessions,
		// The idle mode's few clients start every session between them.
		MaxSessionsPerClient: mcpMaxSessions,
		Authorizer:           mcp.AllowAll(),
		AllowedReadMethods:   []string{"*"},
	})
	if err != nil {
		_ = l.Close()
		return fmt.Errorf("mcp: %w", err)
	}
	defer srv.Sessions().StopAll()
	return srv.ServeHTTPListener(ctx, l)
}

// agent is one MCP client over HTTP with its own session of the search
// demo.
type agent struct {
	c       *mcpclient.Client
	session string
}

// dialAgent connects to the MCP server at addr and, with a session id,
// starts a session of app under it.
func dialAgent(ctx context.Context, addr, app, session string) (*agent, error) {
	c, err := mcpclient.NewStreamableHttpClient("http://" + addr + "/mcp")
	if err != nil {
		return nil, err
	}
	if err := c.Start(ctx); err != nil {
		_ = c.Close()
		return nil, err
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "facet-loadtest", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("initialize: %w", err)
	}
	a := &agent{c: c, session: session}
	if session != "" {
		if _, err := a.call(ctx, "facet_start", map[string]any{"app": app, "id": session}); err != nil {
			_ = c.Close()
			return nil, err
		}
	}
	return a, nil
}

// errToolError is a call that answered an error result.
var errToolError = errors.New("the tool answered an error")

// call calls tool and answers its structured content as JSON (the value an
// agent's code reads), or its first text block when it has none; an error
// result is an error.
func (a *agent) call(ctx context.Context, tool string, args map[string]any) (string, error) {
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := a.c.CallTool(ctx, req)
	if err != nil {
		return "", fmt.Errorf("%s: %w", tool, err)
	}
	var text []string
	for _, c := range res.Content {
		if t, ok := c.(sdk.TextContent); ok {
			text = append(text, t.Text)
		}
	}
	if res.IsError {
		return "", fmt.Errorf("%s: %w: %s", tool, errToolError, strings.Join(text, " "))
	}
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return "", fmt.Errorf("%s: structured content: %w", tool, err)
		}
		return string(b), nil
	}
	if len(text) == 0 {
		return "", nil
	}
	return text[0], nil
}

// searchQueries are what the agents search for, in turn.
var searchQueries = []string{"go", "rust", "data", "", "web", "terminal", "no such repository"}

// expectedMatches counts the search demo's repositories matching each
// query as the demo does: name or description contains it, case aside.
func expectedMatches() (map[string]int, error) {
	repos, err := playground.Repos()
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, q := range searchQueries {
		needle := strings.ToLower(strings.TrimSpace(q))
		for _, r := range repos {
			if needle == "" || strings.Contains(strings.ToLower(r.Name), needle) || strings.Contains(strings.ToLower(r.Description), needle) {
				out[q]++
			}
		}
	}
	return out, nil
}

// searchOnce runs the search task once: type the query, press Search, read
// the first page of results. It answers each call's duration and whether
// the page is exactly what the query matches.
func (a *agent) searchOnce(ctx context.Context, q string, want int) ([]time.Duration, bool, error) {
	steps := []struct {
		tool string
		args map[string]any
	}{
		{a.session + "_search_type_into", map[string]any{"text": q}},
		{a.session + "_submit_click", map[string]any{}},
		{a.session + "_results_get_rows", map[string]any{"limit": 100}},
	}
	var took []time.Duration
	var page string
	for _, s := range steps {
		start := time.Now()
		text, err := a.call(ctx, s.tool, s.args)
		if err != nil {
			return took, false, err
		}
		took = append(took, time.Since(start))
		page = text
	}
	var rows struct {
		Total int               `json:"total"`
		Rows  []json.RawMessage `json:"rows"`
	}
	if err := json.Unmarshal([]byte(page), &rows); err != nil {
		return took, false, fmt.Errorf("get_rows: %w", err)
	}
	return took, rows.Total == want && len(rows.Rows) == min(want, 100), nil
}

// agentsOutcome is what an agents run measured.
type agentsOutcome struct {
	agents, connected int
	tasks, inexact    int
	latency           summary
	calls             int
	rssBase, rssPeak  int64
	cpu, wall         time.Duration
	errs              []error
}

// runAgents has n agents, each in its own session of the search demo,
// run the search task in a loop for d against the server srv.
func runAgents(ctx context.Context, n int, d time.Duration, srv *server) (agentsOutcome, error) {
	out := agentsOutcome{agents: n}
	want, err := expectedMatches()
	if err != nil {
		return out, err
	}
	proc := procStats{pid: srv.pid}
	if out.rssBase, err = proc.rss(); err != nil {
		return out, err
	}
	peak := sampleRSS(proc, 100*time.Millisecond)
	agents := make([]*agent, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range agents {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			agents[i], errs[i] = dialAgent(ctx, srv.addr, "search", fmt.Sprintf("a%d", i+1))
		})
	}
	wg.Wait()
	defer func() {
		for _, a := range agents {
			if a != nil {
				_ = a.c.Close()
			}
		}
	}()
	for i, a := range agents {
		if a != nil {
			out.connected++
		} else {
			out.errs = append(out.errs, fmt.Errorf("agent %d: %w", i+1, errs[i]))
		}
	}
	cpu0, err := proc.cpu()
	if err != nil {
		return out, err
	}
	start := time.Now()
	run, stop := context.WithTimeout(ctx, d)
	defer stop()
	var mu sync.Mutex
	var all []time.Duration
	for i, a := range agents {
		if a == nil {
			continue
		}
		wg.Go(func() {
			for k := 0; run.Err() == nil; k++ {
				q := searchQueries[(i+k)%len(searchQueries)]
				took, exact, err := a.searchOnce(ctx, q, want[q])
				mu.Lock()
				all = append(all, took...)
				switch {
				case err != nil:
					out.errs = append(out.errs, fmt.Errorf("agent %d: %w", i+1, err))
					out.inexact++
				case !exact:
					out.inexact++
				}
				out.tasks++
				mu.Unlock()
				if err != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	out.wall = time.Since(start)
	cpu1, err := proc.cpu()
	if err != nil {
		return out, err
	}
	out.cpu = cpu1 - cpu0
	out.calls = len(all)
	out.latency = summarize(all)
	if out.rssPeak, err = peak.end(); err != nil {
		return out, err
	}
	return out, nil
}

// writeAgents writes an agents run as a Markdown table.
func writeAgents(w io.Writer, o agentsOutcome) {
	exact := "yes"
	if o.inexact > 0 || o.connected < o.agents {
		exact = fmt.Sprintf("NO (%d tasks wrong, %d agents not connected)", o.inexact, o.agents-o.connected)
	}
	perCall := time.Duration(0)
	if o.calls > 0 {
		perCall = o.cpu / time.Duration(o.calls)
	}
	cores := 0.0
	if o.wall > 0 {
		cores = o.cpu.Seconds() / o.wall.Seconds()
	}
	fmt.Fprintln(w, "| agents | search tasks (3 calls each) | exact | p50 per call | p99 per call | max | RSS before / peak | RSS per agent | server CPU (cores) | server CPU per call |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d of %d | %d | %s | %s | %s | %s | %s / %s | %s | %.2f | %.0f µs |\n",
		o.connected, o.agents, o.tasks, exact, ms(o.latency.p50), ms(o.latency.p99), ms(o.latency.max),
		mb(o.rssBase), mb(o.rssPeak), kb((o.rssPeak-o.rssBase)/int64(max(o.connected, 1))), cores,
		float64(perCall)/float64(time.Microsecond))
}

func kb(n int64) string { return fmt.Sprintf("%.0f KB", float64(n)/(1<<10)) }

// maxIdleSessions bounds the idle mode.
const maxIdleSessions = 10000

// idleOutcome is what an idle run measured.
type idleOutcome struct {
	sessions, started int
	rssBase, rssAfter int64
	took              time.Duration
	errs              []error
}

// runIdle starts n sessions of the counter on the server srv from a few
// MCP clients and leaves them idle, then measures the server's RSS.
func runIdle(ctx context.Context, n int, srv *server) (idleOutcome, error) {
	out := idleOutcome{sessions: n}
	proc := procStats{pid: srv.pid}
	var err error
	if out.rssBase, err = proc.rss(); err != nil {
		return out, err
	}
	const clients = 8
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []*agent
	for c := range clients {
		wg.Go(func() {
			a, err := dialAgent(ctx, srv.addr, "", "")
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				out.errs = append(out.errs, fmt.Errorf("client %d: %w", c+1, err))
				return
			}
			conns = append(conns, a)
			for i := c; i < n; i += clients {
				mu.Unlock()
				_, err := a.call(ctx, "facet_start", map[string]any{"app": "counter", "id": fmt.Sprintf("s%d", i+1)})
				mu.Lock()
				if err != nil {
					out.errs = append(out.errs, fmt.Errorf("session %d: %w", i+1, err))
					continue
				}
				out.started++
			}
		})
	}
	wg.Wait()
	out.took = time.Since(start)
	defer func() {
		for _, a := range conns {
			_ = a.c.Close()
		}
	}()
	// Let the sessions settle (first renders, collections) before measuring.
	select {
	case <-ctx.Done():
		return out, ctx.Err()
	case <-time.After(3 * time.Second):
	}
	if out.rssAfter, err = proc.rss(); err != nil {
		return out, err
	}
	return out, nil
}

// writeIdle writes an idle run as a Markdown table.
func writeIdle(w io.Writer, o idleOutcome) {
	fmt.Fprintln(w, "| idle sessions | started | RSS before / after | RSS per session | time to start them |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d | %d of %d | %s / %s | %s | %s |\n", o.sessions, o.started, o.sessions,
		mb(o.rssBase), mb(o.rssAfter), kb((o.rssAfter-o.rssBase)/int64(max(o.started, 1))), o.took.Round(time.Millisecond))
}

// runMCPMode runs the agents or idle mode against a fresh MCP server, in
// a child process unless inProcess.
func runMCPMode(mode string, agents, sessions int, duration time.Duration, inProcess bool, stdout io.Writer) error {
	limit := duration + 3*time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var srv *server
	var err error
	if inProcess {
		srv, err = startInProcess(kindMCP)
	} else {
		srv, err = startChild(kindMCP, limit)
	}
	if err != nil {
		return err
	}
	var runErr error
	switch mode {
	case modeAgents:
		fmt.Fprintf(stdout, "%d MCP agents over streamable HTTP, each in its own session of the search demo, running the search task (type_into, click, get_rows of 100) for %s, loopback; GOMAXPROCS on this machine: %d CPUs\n\n", agents, duration, numCPU())
		var o agentsOutcome
		o, runErr = runAgents(ctx, agents, duration, srv)
		if runErr == nil {
			writeAgents(stdout, o)
			if o.inexact > 0 || o.connected < o.agents {
				runErr = fmt.Errorf("agents: not exact: %d of %d tasks wrong, %d of %d agents connected", o.inexact, o.tasks, o.connected, o.agents)
			}
			if len(o.errs) > 0 {
				runErr = errors.Join(runErr, firstErrors(o.errs, 5))
			}
		}
	case modeIdle:
		fmt.Fprintf(stdout, "%d idle sessions of the counter demo, started over MCP (streamable HTTP, loopback)\n\n", sessions)
		var o idleOutcome
		o, runErr = runIdle(ctx, sessions, srv)
		if runErr == nil {
			writeIdle(stdout, o)
			if o.started < o.sessions {
				runErr = fmt.Errorf("idle: %d of %d sessions started", o.started, o.sessions)
			}
			if len(o.errs) > 0 {
				runErr = errors.Join(runErr, firstErrors(o.errs, 5))
			}
		}
	}
	if serr := srv.stop(); serr != nil && runErr == nil {
		runErr = fmt.Errorf("stopping the MCP server: %w", serr)
	}
	return runErr
}

// The load modes.
const (
	modeSSH    = "ssh"
	modeAgents = "agents"
	modeIdle   = "idle"
)

// checkMCPMode refuses agents and idle settings out of bounds.
func checkMCPMode(mode string, agents, sessions int, duration time.Duration) error {
	switch {
	case mode != modeAgents && mode != modeIdle:
		return fmt.Errorf("-mode %q: one of %s, %s, %s", mode, modeSSH, modeAgents, modeIdle)
	case agents < 1 || agents > 500:
		return fmt.Errorf("-agents %d: want 1 to 500", agents)
	case sessions < 1 || sessions > maxIdleSessions:
		return fmt.Errorf("-sessions %d: want 1 to %d", sessions, maxIdleSessions)
	case duration <= 0 || duration > time.Minute:
		return fmt.Errorf("-duration %s: want more than 0 and at most 1m", duration)
	}
	return nil
}
