package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	mcptransport "github.com/mark3labs/mcp-go/client/transport"
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
		// and the agents, all from loopback, hold an MCP session each.
		HTTP: mcp.HTTPOptions{MaxSessions: mcpMaxSessions},
		Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll(), AllowedReadMethods: []string{"*"}},
	})
	if err != nil {
		_ = l.Close()
		return fmt.Errorf("mcp: %w", err)
	}
	defer srv.Sessions().StopAll()
	return srv.Serve(ctx, l)
}

// agent is one MCP client over HTTP with its own session of the search
// demo.
type agent struct {
	c       *mcpclient.Client
	tr      *http.Transport
	session string
	// viaAct has the agent drive its session through facet_act (the
	// session id an argument), as a stateless client whose calls land on
	// any node does, rather than through the session's own tools.
	viaAct bool
	// received counts the bytes of the HTTP response bodies the agent
	// has read.
	received *atomic.Int64
	// answers and sizes are the last search task's answers and their
	// response bodies' bytes, a step each (searchSteps).
	answers [len(searchSteps)]*sdk.CallToolResult
	sizes   [len(searchSteps)]int64
}

// close ends the agent's MCP session and its connections.
func (a *agent) close() {
	_ = a.c.Close()
	a.tr.CloseIdleConnections()
}

// dialAgent connects to the MCP server at addr and, with a session id,
// starts a session of app under it.
func dialAgent(ctx context.Context, addr, app, session string) (*agent, error) {
	a, _, err := dialMCP(ctx, "http://"+addr+"/mcp", nil, sdk.LATEST_PROTOCOL_VERSION)
	if err != nil {
		return nil, err
	}
	a.session = session
	if session != "" {
		if _, err := a.call(ctx, "facet_start", map[string]any{"app": app, "session": session}); err != nil {
			a.close()
			return nil, err
		}
	}
	return a, nil
}

// dialMCP connects an MCP client to the streamable HTTP endpoint url,
// sending headers with every request, initializes it asking for protocol
// version, and answers the version the server chose.
//
// Each agent has its own HTTP transport, as an agent in a process of its
// own would, and keeps its connection alive between calls. mcp-go's
// client uses http.DefaultTransport, which keeps two idle connections per
// host for the whole process: with more agents than that, almost every
// call dialled a new TCP connection (9,400 sockets in TIME_WAIT after 10 s
// of 200 agents), a cost the server and the clients paid on every call
// that no real agent pays.
func dialMCP(ctx context.Context, url string, headers map[string]string, version string) (*agent, string, error) {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 2 // a call, and the event stream if one opens
	// The headers go on every request through the HTTP client: mcp-go's
	// WithHTTPHeaders leaves them off the DELETE that Close sends to end
	// an HTTP session, which a server with bearer tokens then refuses, so
	// the session stayed open until it idled out.
	received := new(atomic.Int64)
	t, err := mcptransport.NewStreamableHTTP(url,
		mcptransport.WithHTTPBasicClient(&http.Client{Transport: withHeaders{base: tr, headers: headers, received: received}}))
	if err != nil {
		return nil, "", err
	}
	c := mcpclient.NewClient(t)
	if err := c.Start(ctx); err != nil {
		_ = c.Close()
		tr.CloseIdleConnections()
		return nil, "", err
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = version
	init.Params.ClientInfo = sdk.Implementation{Name: "facet-loadtest", Version: "1"}
	res, err := c.Initialize(ctx, init)
	if err != nil {
		_ = c.Close()
		tr.CloseIdleConnections()
		return nil, "", fmt.Errorf("initialize: %w", err)
	}
	return &agent{c: c, tr: tr, received: received}, res.ProtocolVersion, nil
}

// withHeaders sets headers on every request before base sends it, and
// counts the bytes of the response bodies read into received.
type withHeaders struct {
	base     http.RoundTripper
	headers  map[string]string
	received *atomic.Int64
}

// RoundTrip implements http.RoundTripper.
func (h withHeaders) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(h.headers) > 0 {
		req = req.Clone(req.Context())
		for k, v := range h.headers {
			req.Header.Set(k, v)
		}
	}
	res, err := h.base.RoundTrip(req)
	if err == nil && h.received != nil {
		res.Body = countedBody{ReadCloser: res.Body, n: h.received}
	}
	return res, err
}

// countedBody adds the bytes read from a response body to n.
type countedBody struct {
	io.ReadCloser
	n *atomic.Int64
}

// Read implements io.Reader.
func (b countedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

// errToolError is a call that answered an error result.
var errToolError = errors.New("the tool answered an error")

// call calls tool and answers its result; an error result is an error
// naming its text.
func (a *agent) call(ctx context.Context, tool string, args map[string]any) (*sdk.CallToolResult, error) {
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := a.c.CallTool(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tool, err)
	}
	if res.IsError {
		var text []string
		for _, c := range res.Content {
			if t, ok := c.(sdk.TextContent); ok {
				text = append(text, t.Text)
			}
		}
		return nil, fmt.Errorf("%s: %w: %s", tool, errToolError, strings.Join(text, " "))
	}
	return res, nil
}

// pageSize reads get_rows' structured content as the client decoded it
// ({"total": N, "rows": [...]}, JSON numbers as float64): how many rows
// match in all and how many came. It reads the decoded value rather than
// encoding and decoding it again: the agents share the machine with the
// server, and every microsecond they spend is one the server does not
// get.
func pageSize(structured any) (total, rows int, err error) {
	m, ok := structured.(map[string]any)
	if !ok {
		return 0, 0, fmt.Errorf("get_rows: structured content is %T, want an object with total and rows", structured)
	}
	t, ok := m["total"].(float64)
	if !ok {
		return 0, 0, fmt.Errorf("get_rows: total is %T, want a number", m["total"])
	}
	r, ok := m["rows"].([]any)
	if !ok && m["rows"] != nil {
		return 0, 0, fmt.Errorf("get_rows: rows is %T, want an array", m["rows"])
	}
	return int(t), len(r), nil
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

// searchSteps are the search task's calls, in order: the widget, the
// action and its arguments but the query (type_into's text).
var searchSteps = [...]struct {
	widget, action string
	args           map[string]any
}{
	{"search", "type_into", nil},
	{"submit", "click", map[string]any{}},
	{"results", "get_rows", map[string]any{"limit": 100}},
}

// searchOnce runs the search task once: type the query, press Search, read
// the first page of results. It answers each call's duration and whether
// the page is exactly what the query matches, and keeps each call's
// answer (a.answers) and the bytes of its HTTP response body (a.sizes).
func (a *agent) searchOnce(ctx context.Context, q string, want int) ([]time.Duration, bool, error) {
	var took []time.Duration
	var page *sdk.CallToolResult
	for i, s := range searchSteps {
		tool, args := a.session+"_"+s.widget+"_"+s.action, s.args
		if i == 0 {
			args = map[string]any{"text": q}
		}
		if a.viaAct {
			tool, args = "facet_act", map[string]any{"session": a.session, "widget": s.widget, "action": s.action, "args": args}
		}
		received := a.received.Load()
		start := time.Now()
		res, err := a.call(ctx, tool, args)
		if err != nil {
			return took, false, err
		}
		took = append(took, time.Since(start))
		a.sizes[i] = a.received.Load() - received
		a.answers[i] = res
		page = res
	}
	total, rows, err := pageSize(page.StructuredContent)
	if err != nil {
		return took, false, err
	}
	return took, total == want && rows == min(want, 100), nil
}

// agentsOutcome is what an agents run measured.
type agentsOutcome struct {
	// server is the server's kind (facet or echo) and round its round
	// (from 1), 0 when the run has one.
	server            string
	round             int
	agents, connected int
	tasks, inexact    int
	latency           summary
	calls             int
	rssBase, rssPeak  int64
	cpu, wall         time.Duration
	// clientCPU is the CPU time of this process, the agents', over the
	// same span: with the server in-process it includes the server's.
	clientCPU time.Duration
	// machineCPU is the whole machine's busy CPU time over the same span:
	// the server, the agents and whatever else runs.
	machineCPU time.Duration
	inProcess  bool
	// rate is each agent's tasks a second; 0 is back to back.
	rate float64
	// sizes are the median bytes of the answers' response bodies, per
	// step of the search task (searchSteps).
	sizes [len(searchSteps)]int64
	errs  []error
}

// runAgents has r.agents agents, each in its own session of the search
// demo, run the search task in a loop for r.duration against the server
// srv: back to back, or r.agentRate tasks a second each, spread evenly.
// atEnd, when set, runs once the loop ends, before the agents close.
func runAgents(ctx context.Context, r mcpRun, srv *server, atEnd func() error) (agentsOutcome, error) {
	n := r.agents
	out := agentsOutcome{agents: n, rate: r.agentRate}
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
				a.close()
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
	self := procStats{pid: os.Getpid()}
	out.inProcess = self.pid == srv.pid
	cpu0, err := proc.cpu()
	if err != nil {
		return out, err
	}
	self0, err := self.cpu()
	if err != nil {
		return out, err
	}
	machine0, err := machineCPU{}.busy()
	if err != nil {
		return out, err
	}
	d := drive(ctx, agents, r.duration, r.agentRate, want)
	out.tasks, out.inexact, out.wall = d.tasks, d.inexact, d.wall
	out.errs = append(out.errs, d.errs...)
	all := d.took
	if atEnd != nil {
		if err := atEnd(); err != nil {
			return out, err
		}
	}
	cpu1, err := proc.cpu()
	if err != nil {
		return out, err
	}
	self1, err := self.cpu()
	if err != nil {
		return out, err
	}
	machine1, err := machineCPU{}.busy()
	if err != nil {
		return out, err
	}
	out.cpu, out.clientCPU, out.machineCPU = cpu1-cpu0, self1-self0, machine1-machine0
	out.calls = len(all)
	out.latency = summarize(all)
	for i, v := range d.sizes {
		slices.Sort(v)
		if len(v) > 0 {
			out.sizes[i] = v[(len(v)-1)/2]
		}
	}
	if out.rssPeak, err = peak.end(); err != nil {
		return out, err
	}
	return out, nil
}

// driven is what a run of the search task measured.
type driven struct {
	took []time.Duration // every call's
	// sizes are, per step of the search task (searchSteps), every
	// answer's response body in bytes.
	sizes          [len(searchSteps)][]int64
	tasks, inexact int
	wall           time.Duration
	errs           []error
}

// drive has every agent that is not nil run the search task in a loop for
// d, back to back or rate tasks a second each (spread evenly), checking
// each page of results against want. An agent whose call fails stops.
func drive(ctx context.Context, agents []*agent, d time.Duration, rate float64, want map[string]int) driven {
	var out driven
	var interval time.Duration
	if rate > 0 {
		interval = time.Duration(float64(time.Second) / rate)
	}
	n := len(agents)
	start := time.Now()
	run, stop := context.WithTimeout(ctx, d)
	defer stop()
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, a := range agents {
		if a == nil {
			continue
		}
		wg.Go(func() {
			next := start.Add(interval * time.Duration(i) / time.Duration(n))
			for k := 0; run.Err() == nil; k++ {
				if interval > 0 {
					// Paced: a task that starts late starts at once,
					// and the next keeps the schedule.
					select {
					case <-run.Done():
						return
					case <-time.After(time.Until(next)):
					}
					next = next.Add(interval)
				}
				q := searchQueries[(i+k)%len(searchQueries)]
				took, exact, err := a.searchOnce(ctx, q, want[q])
				mu.Lock()
				out.took = append(out.took, took...)
				if err == nil {
					for i, n := range a.sizes {
						out.sizes[i] = append(out.sizes[i], n)
					}
				}
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
	return out
}

// writeAgents writes an agents run as a Markdown table, and what the
// clients cost beside the server.
func writeAgents(w io.Writer, o agentsOutcome) {
	fmt.Fprintln(w, "| agents "+agentsColumns)
	fmt.Fprintln(w, strings.Repeat("|---", 11)+"|")
	fmt.Fprintf(w, "| %s |\n", o.cells())
	fmt.Fprintf(w, "\nThe agents ran %s. The machine was busy %s", o.pace(), o.machine())
}

// agentsColumns are the agents table's columns after the first.
const agentsColumns = "| search tasks (3 calls each) | exact | calls/s | p50 per call | p99 per call | max | RSS before / peak | RSS per agent | server CPU (cores) | server CPU per call |"

// cells are the run's row of the agents table, without its outer bars.
func (o agentsOutcome) cells() string {
	exact := "yes"
	if o.inexact > 0 || o.connected < o.agents {
		exact = fmt.Sprintf("NO (%d tasks wrong, %d agents not connected)", o.inexact, o.agents-o.connected)
	}
	return fmt.Sprintf("%d of %d | %d | %s | %.0f | %s | %s | %s | %s / %s | %s | %.2f | %.0f µs",
		o.connected, o.agents, o.tasks, exact, o.callRate(), ms(o.latency.p50), ms(o.latency.p99), ms(o.latency.max),
		mb(o.rssBase), mb(o.rssPeak), kb((o.rssPeak-o.rssBase)/int64(max(o.connected, 1))), o.cores(o.cpu), o.perCall(o.cpu))
}

// perCall is d per call, in microseconds.
func (o agentsOutcome) perCall(d time.Duration) float64 {
	if o.calls == 0 {
		return 0
	}
	return float64(d) / float64(o.calls) / float64(time.Microsecond)
}

// cores is d over the run's wall time.
func (o agentsOutcome) cores(d time.Duration) float64 {
	if o.wall <= 0 {
		return 0
	}
	return d.Seconds() / o.wall.Seconds()
}

// callRate is the calls a second.
func (o agentsOutcome) callRate() float64 {
	if o.wall <= 0 {
		return 0
	}
	return float64(o.calls) / o.wall.Seconds()
}

// pace says how the agents ran.
func (o agentsOutcome) pace() string {
	if o.rate > 0 {
		return fmt.Sprintf("%g tasks a second each (%.0f calls a second offered)", o.rate, 3*o.rate*float64(o.connected))
	}
	return "back to back"
}

// machine says what the machine's cores went to, ending the sentence
// (and the line).
func (o agentsOutcome) machine() string {
	s := fmt.Sprintf("%.2f of its %d cores", o.cores(o.machineCPU), numCPU())
	if o.inProcess {
		return s + "; the server ran in this process, so its CPU above includes the agents'.\n"
	}
	return s + fmt.Sprintf(": the server %.2f, the agents (this process) %.2f (%.0f µs per call), everything else %.2f.\n",
		o.cores(o.cpu), o.cores(o.clientCPU), o.perCall(o.clientCPU), o.cores(max(0, o.machineCPU-o.cpu-o.clientCPU)))
}

// label names the run's server, and its round when there are several.
func (o agentsOutcome) label() string {
	if o.round == 0 {
		return o.server
	}
	return fmt.Sprintf("%s #%d", o.server, o.round)
}

// writeAgentsRuns writes the runs of several servers or rounds: a row
// each, what the machine's cores went to in each, the median bytes of
// each step's answers, and with several rounds each server's medians;
// with Facet and echo, the ratio of their server CPU per call.
func writeAgentsRuns(w io.Writer, runs []agentsOutcome) {
	fmt.Fprintln(w, "| server | agents "+agentsColumns)
	fmt.Fprintln(w, strings.Repeat("|---", 12)+"|")
	for _, o := range runs {
		fmt.Fprintf(w, "| %s | %s |\n", o.label(), o.cells())
	}
	fmt.Fprintf(w, "\nThe agents ran %s.\n", runs[0].pace())
	for _, o := range runs {
		fmt.Fprintf(w, "- %s: the machine was busy %s", o.label(), o.machine())
	}
	fmt.Fprintln(w)
	var head, rule string
	for _, s := range searchSteps {
		head += " " + s.action + " |"
		rule += "---|"
	}
	fmt.Fprintln(w, "| server | median answer bytes:"+head)
	fmt.Fprintln(w, "|---|"+rule)
	for _, o := range runs {
		fmt.Fprintf(w, "| %s |", o.label())
		for _, n := range o.sizes {
			fmt.Fprintf(w, " %d |", n)
		}
		fmt.Fprintln(w)
	}
	servers, runsOf := byServer(runs, func(o agentsOutcome) string { return o.server })
	if len(runsOf[servers[0]]) > 1 {
		fmt.Fprintln(w, "\n| server | rounds | median calls/s | median p50 | median p99 | median server CPU per call |")
		fmt.Fprintln(w, "|---|---|---|---|---|---|")
		for _, s := range servers {
			rs := runsOf[s]
			med := func(f func(agentsOutcome) float64) float64 {
				v := make([]float64, len(rs))
				for i, o := range rs {
					v[i] = f(o)
				}
				return median(v)
			}
			fmt.Fprintf(w, "| %s | %d | %.0f | %s | %s | %.0f µs |\n", s, len(rs),
				med(agentsOutcome.callRate),
				ms(time.Duration(med(func(o agentsOutcome) float64 { return float64(o.latency.p50) }))),
				ms(time.Duration(med(func(o agentsOutcome) float64 { return float64(o.latency.p99) }))),
				med(func(o agentsOutcome) float64 { return o.perCall(o.cpu) }))
		}
	}
	if ratios := cpuRatios(runs); len(ratios) > 0 {
		var each []string
		for _, r := range ratios {
			each = append(each, fmt.Sprintf("%.2fx", r))
		}
		fmt.Fprintf(w, "\nFacet's server CPU per call is %.2fx echo's (the median of the rounds' ratios: %s).\n",
			median(ratios), strings.Join(each, ", "))
	}
}

// cpuRatios are, per round with both, Facet's server CPU per call over
// echo's.
func cpuRatios(runs []agentsOutcome) []float64 {
	facet, echo := map[int]float64{}, map[int]float64{}
	var rounds []int
	for _, o := range runs {
		switch o.server {
		case kindFacet:
			facet[o.round] = o.perCall(o.cpu)
			rounds = append(rounds, o.round)
		case kindEcho:
			echo[o.round] = o.perCall(o.cpu)
		}
	}
	var out []float64
	for _, r := range rounds {
		if e, ok := echo[r]; ok && e > 0 {
			out = append(out, facet[r]/e)
		}
	}
	return out
}

// median is the median of v (the mean of the middle two of an even
// count), 0 for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
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
// atIdle, when set, runs once the sessions have settled, before the
// clients close.
func runIdle(ctx context.Context, n int, srv *server, atIdle func() error) (idleOutcome, error) {
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
				_, err := a.call(ctx, "facet_start", map[string]any{"app": "counter", "session": fmt.Sprintf("s%d", i+1)})
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
			a.close()
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
	if atIdle != nil {
		if err := atIdle(); err != nil {
			return out, err
		}
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

// mcpRun is what an agents or idle run is asked to do.
type mcpRun struct {
	mode             string
	agents, sessions int
	duration         time.Duration
	agentRate        float64 // each agent's search tasks a second; 0: back to back
	inProcess        bool
	cpuProfile       string // the server's CPU profile
	memProfile       string // with inProcess: the heap profile, once loaded
	// servers are the agents mode's servers (facet, echo), loaded one
	// after the other rounds times, alternating which goes first.
	servers []string
	rounds  int
}

// checkServers reads -servers (list, set when given on the command line)
// for the agents mode: facet, echo or both; and checks -rounds. The
// other MCP modes load Facet alone.
func (r *mcpRun) checkServers(list string, set bool) error {
	if r.mode != modeAgents {
		if set {
			return fmt.Errorf("-servers: -mode %s loads Facet alone", r.mode)
		}
		return nil
	}
	if r.rounds < 1 || r.rounds > 5 {
		return fmt.Errorf("-rounds %d: want 1 to 5", r.rounds)
	}
	if !set {
		return nil
	}
	r.servers = nil
	for kind := range strings.SplitSeq(list, ",") {
		kind = strings.TrimSpace(kind)
		if kind != kindFacet && kind != kindEcho {
			return fmt.Errorf("-servers: unknown server %q for -mode agents: one of %s, %s", kind, kindFacet, kindEcho)
		}
		if slices.Contains(r.servers, kind) {
			return fmt.Errorf("-servers: %s twice", kind)
		}
		r.servers = append(r.servers, kind)
	}
	return nil
}

// startCPUProfile profiles this process's CPU into path until stop.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}, nil
}

// runMCPMode runs the agents or idle mode against a fresh MCP server, in
// a child process unless inProcess.
func runMCPMode(r mcpRun, stdout io.Writer) error {
	if r.memProfile != "" && !r.inProcess {
		return errors.New("-memprofile needs -in-process: the heap profiled is this process's")
	}
	if r.mode == modeAgents {
		return runAgentsMode(r, stdout)
	}
	sessions := r.sessions
	limit := r.duration + 3*time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	if r.inProcess && r.cpuProfile != "" {
		stop, err := startCPUProfile(r.cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	srv, err := startMCPServer(kindMCP, r.inProcess, limit, "", r.cpuProfile)
	if err != nil {
		return err
	}
	var atLoaded func() error
	if r.memProfile != "" {
		atLoaded = func() error { return writeHeapProfile(r.memProfile) }
	}
	fmt.Fprintf(stdout, "%d idle sessions of the counter demo, started over MCP (streamable HTTP, loopback)\n\n", sessions)
	o, runErr := runIdle(ctx, sessions, srv, atLoaded)
	if runErr == nil {
		writeIdle(stdout, o)
		if o.started < o.sessions {
			runErr = fmt.Errorf("idle: %d of %d sessions started", o.started, o.sessions)
		}
		if len(o.errs) > 0 {
			runErr = errors.Join(runErr, firstErrors(o.errs, 5))
		}
	}
	if serr := srv.stop(); serr != nil && runErr == nil {
		runErr = fmt.Errorf("stopping the MCP server: %w", serr)
	}
	return runErr
}

// startMCPServer starts kind (Facet's MCP server or the echo, answering
// the answers in the file at path answers) in this process or in a child
// that profiles its CPU into cpuProfile when set.
func startMCPServer(kind string, inProcess bool, limit time.Duration, answers, cpuProfile string) (*server, error) {
	if inProcess {
		return startInProcess(kind, answers)
	}
	var extra []string
	if cpuProfile != "" {
		extra = append(extra, "-cpuprofile", cpuProfile)
	}
	if answers != "" {
		extra = append(extra, "-echo-answers", answers)
	}
	return startChild(kind, limit, extra...)
}

// runAgentsMode runs the agents mode against each of r.servers in turn,
// r.rounds times, alternating which goes first. With the echo server
// among them, Facet's answers to the search task are captured first
// (captureAnswers) for it to answer. A run of Facet alone, once, writes
// the agents table as it always has; several runs write a row each.
func runAgentsMode(r mcpRun, stdout io.Writer) error {
	runs := len(r.servers) * r.rounds
	limit := r.duration + 3*time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(runs)*limit+time.Minute)
	defer cancel()
	fmt.Fprintf(stdout, "%d MCP agents over streamable HTTP, each in its own session of the search demo, running the search task (type_into, click, get_rows of 100) for %s, loopback; GOMAXPROCS on this machine: %d CPUs\n\n", r.agents, r.duration, numCPU())
	var answers string
	if slices.Contains(r.servers, kindEcho) {
		captured, err := captureAnswers(ctx)
		if err != nil {
			return err
		}
		if answers, err = writeAnswers(captured); err != nil {
			return err
		}
		defer os.Remove(answers)
	}
	if r.inProcess && r.cpuProfile != "" {
		stop, err := startCPUProfile(r.cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	// A file per run when there are several: FILE.facet, FILE.echo.2...
	file := func(path, kind string, round int) string {
		if path == "" || runs == 1 {
			return path
		}
		if r.rounds > 1 {
			return fmt.Sprintf("%s.%s.%d", path, kind, round+1)
		}
		return path + "." + kind
	}
	var outcomes []agentsOutcome
	var failed []error
	for round := range r.rounds {
		order := slices.Clone(r.servers)
		if round%2 == 1 {
			slices.Reverse(order)
		}
		for _, kind := range order {
			serverKind, kindAnswers, profile := kindMCP, "", ""
			if kind == kindEcho {
				serverKind, kindAnswers = kindEcho, answers
			}
			if !r.inProcess {
				profile = file(r.cpuProfile, kind, round)
			}
			srv, err := startMCPServer(serverKind, r.inProcess, limit, kindAnswers, profile)
			if err != nil {
				return err
			}
			var atLoaded func() error
			if r.memProfile != "" {
				path := file(r.memProfile, kind, round)
				atLoaded = func() error { return writeHeapProfile(path) }
			}
			o, err := runAgents(ctx, r, srv, atLoaded)
			if serr := srv.stop(); serr != nil && err == nil {
				err = fmt.Errorf("stopping the %s server: %w", kind, serr)
			}
			if err != nil {
				return fmt.Errorf("%s: %w", kind, err)
			}
			o.server = kind
			if r.rounds > 1 {
				o.round = round + 1
			}
			outcomes = append(outcomes, o)
			var errs []error
			if o.inexact > 0 || o.connected < o.agents {
				errs = append(errs, fmt.Errorf("agents: not exact: %d of %d tasks wrong, %d of %d agents connected", o.inexact, o.tasks, o.connected, o.agents))
			}
			if len(o.errs) > 0 {
				errs = append(errs, firstErrors(o.errs, 5))
			}
			if err := errors.Join(errs...); err != nil && runs > 1 {
				failed = append(failed, fmt.Errorf("%s: %w", o.label(), err))
			} else if err != nil {
				failed = append(failed, err)
			}
		}
	}
	if runs == 1 && r.servers[0] == kindFacet {
		writeAgents(stdout, outcomes[0])
	} else {
		writeAgentsRuns(stdout, outcomes)
	}
	return errors.Join(failed...)
}

// The load modes.
const (
	modeSSH    = "ssh"
	modeAgents = "agents"
	modeIdle   = "idle"
)

// checkMCPMode refuses agents and idle settings out of bounds.
func checkMCPMode(mode string, agents, sessions int, duration time.Duration, agentRate float64) error {
	switch {
	case agentRate < 0 || agentRate > 100:
		return fmt.Errorf("-agent-rate %g: want 0 (back to back) to 100 tasks a second", agentRate)
	case mode != modeAgents && mode != modeIdle:
		return fmt.Errorf("-mode %q: one of %s, %s, %s, %s", mode, modeSSH, modeAgents, modeIdle, modeBalancer)
	case agents < 1 || agents > 500:
		return fmt.Errorf("-agents %d: want 1 to 500", agents)
	case sessions < 1 || sessions > maxIdleSessions:
		return fmt.Errorf("-sessions %d: want 1 to %d", sessions, maxIdleSessions)
	case duration <= 0 || duration > time.Minute:
		return fmt.Errorf("-duration %s: want more than 0 and at most 1m", duration)
	}
	return nil
}
