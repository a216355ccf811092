package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/balancertest"
)

// modeBalancer loads playground nodes on one NATS cluster behind haproxy,
// and one of those nodes alone, in the same run.
const modeBalancer = "balancer"

// The clients of the balancer mode.
const (
	// clientsStateless speak MCP 2026-07-28: every request stands alone,
	// so the balancer sends each to the next node.
	clientsStateless = "stateless"
	// clientsSession speak 2025-11-25 with an Mcp-Session-Id, which the
	// balancer pins to the node that set it.
	clientsSession = "session"
)

// balancerRun is what a balancer run is asked to do.
type balancerRun struct {
	agents, nodes, rounds int
	duration              time.Duration
	clients               string
	// kill, after the rounds, kills a node and measures how soon its
	// session answers stale on the others.
	kill bool
	// playground is the playground binary; "" builds it.
	playground string
	// wait bounds a node's start and each call of the kill check.
	wait time.Duration
}

// check refuses settings out of bounds.
func (r balancerRun) check() error {
	switch {
	case r.agents < 1 || r.agents > 500:
		return fmt.Errorf("-agents %d: want 1 to 500", r.agents)
	case r.nodes < 2 || r.nodes > 5:
		return fmt.Errorf("-nodes %d: want 2 to 5", r.nodes)
	case r.rounds < 1 || r.rounds > 5:
		return fmt.Errorf("-rounds %d: want 1 to 5", r.rounds)
	case r.duration <= 0 || r.duration > time.Minute:
		return fmt.Errorf("-duration %s: want more than 0 and at most 1m", r.duration)
	case r.clients != clientsStateless && r.clients != clientsSession:
		return fmt.Errorf("-clients %q: one of %s, %s", r.clients, clientsStateless, clientsSession)
	}
	return nil
}

// protocol is the MCP version the run's clients speak.
func (r balancerRun) protocol() string {
	if r.clients == clientsSession {
		return sdk.ProtocolVersion20251125
	}
	return sdk.ProtocolVersion20260728
}

// target is where a run's agents send their requests.
type target struct {
	label string // in the report
	key   string // in session ids: b, n
	url   string // base URL
}

// balancedOutcome is one run of the agents against one target.
type balancedOutcome struct {
	target            string
	round             int
	agents, connected int
	tasks, inexact    int
	calls             int
	latency           summary
	wall              time.Duration
	// cpu is every node's and haproxy's CPU time over the run.
	cpu  time.Duration
	errs []error
}

func (o balancedOutcome) exact() bool { return o.inexact == 0 && o.connected == o.agents }

func (o balancedOutcome) rate() float64 {
	if o.wall <= 0 {
		return 0
	}
	return float64(o.calls) / o.wall.Seconds()
}

func (o balancedOutcome) cpuPerCall() time.Duration {
	if o.calls == 0 {
		return 0
	}
	return o.cpu / time.Duration(o.calls)
}

// principals writes a tokens file (--http-tokens) in dir naming n
// principals, agent1 to agentN, each with a random token, and answers the
// tokens in order.
func principals(dir string, n int) (path string, tokens []string, err error) {
	var b strings.Builder
	for i := range n {
		raw := make([]byte, 20)
		if _, err := rand.Read(raw); err != nil {
			return "", nil, fmt.Errorf("tokens: %w", err)
		}
		tokens = append(tokens, hex.EncodeToString(raw))
		fmt.Fprintf(&b, "agent%d %s\n", i+1, tokens[i])
	}
	path = filepath.Join(dir, "tokens")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return "", nil, fmt.Errorf("tokens: %w", err)
	}
	return path, tokens, nil
}

// bearer is the header a principal's requests carry.
func bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token}
}

// runBalancerMode starts r.nodes playground nodes on one cluster behind
// haproxy and, for each of r.rounds, runs the agents against the balancer
// and against one node alone, alternating which goes first; then writes
// the runs, their medians and the ratios, and, with r.kill, how soon a
// killed node's session answers stale elsewhere.
func runBalancerMode(r balancerRun, stdout, stderr io.Writer) (err error) {
	limit := time.Duration(r.rounds)*2*(r.duration+2*time.Minute) + 5*time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	dir, err := os.MkdirTemp("", "facet-loadtest-balancer-")
	if err != nil {
		return fmt.Errorf("balancer: %w", err)
	}
	defer os.RemoveAll(dir)
	bin := r.playground
	if bin == "" {
		fmt.Fprintln(stderr, "loadtest: building the playground")
		if bin, err = balancertest.Build(ctx, dir); err != nil {
			return err
		}
	}
	tokensFile, tokens, err := principals(dir, r.agents)
	if err != nil {
		return err
	}
	c, err := balancertest.StartCluster(balancertest.ClusterOptions{
		Binary: bin, Nodes: r.nodes, Tmp: dir, Wait: r.wait,
		Args: []string{"--http-tokens", tokensFile, "--allow-tools=*", "--allow-read-methods=*",
			// The node alone holds every agent's session.
			fmt.Sprint("--max-sessions=", r.agents+r.nodes), fmt.Sprint("--http-max-sessions=", 2*r.agents+r.nodes)},
	})
	if err != nil {
		return err
	}
	defer func() {
		if cerr := c.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	lb, err := balancertest.StartBalancer(dir, c.URLs, r.wait)
	if err != nil {
		return err
	}
	defer lb.Close()
	procs := []procStats{{pid: lb.Pid()}}
	for _, n := range c.Nodes {
		procs = append(procs, procStats{pid: n.Pid()})
	}
	// The node alone is one that joined, as most of a cluster's are (n1
	// also runs the NATS server).
	alone := 1
	targets := []target{
		{label: fmt.Sprintf("balancer (%d nodes)", r.nodes), key: "b", url: lb.URL},
		{label: "one node (" + c.Nodes[alone].Name + ")", key: "n", url: c.URLs[alone]},
	}
	fmt.Fprintf(stdout, "%d %s MCP agents (protocol %s, a bearer token each), each starting its own session of the search demo and running the search task through facet_act (type_into, click, get_rows of 100) for %s: through haproxy (round robin) in front of %d playground nodes on one NATS cluster, and through one of those nodes alone; loopback, every process on this machine's %d CPUs\n\n",
		r.agents, r.clients, r.protocol(), r.duration, r.nodes, numCPU())
	var outcomes []balancedOutcome
	var failed []error
	for round := range r.rounds {
		order := slices.Clone(targets)
		if round%2 == 1 {
			slices.Reverse(order)
		}
		for _, t := range order {
			o, err := runBalanced(ctx, r, t, round+1, tokens, procs)
			if err != nil {
				return fmt.Errorf("%s, round %d: %w", t.label, round+1, err)
			}
			outcomes = append(outcomes, o)
			if !o.exact() {
				failed = append(failed, fmt.Errorf("%s, round %d: not exact: %d of %d tasks wrong, %d of %d agents connected",
					o.target, o.round, o.inexact, o.tasks, o.connected, o.agents))
			}
			if len(o.errs) > 0 {
				failed = append(failed, fmt.Errorf("%s, round %d: %w", o.target, o.round, firstErrors(o.errs, 5)))
			}
		}
	}
	writeBalanced(stdout, outcomes)
	fmt.Fprintln(stdout)
	writeBalancedMedians(stdout, outcomes, targets[0].label, targets[1].label)
	if r.kill {
		k, err := killOne(ctx, c, tokens[0], r.wait)
		if err != nil {
			return errors.Join(append(failed, err)...)
		}
		fmt.Fprintln(stdout)
		writeKill(stdout, k)
		if !k.ok() {
			failed = append(failed, fmt.Errorf("kill: %w", firstErrors(k.errs, 5)))
		}
	}
	return errors.Join(failed...)
}

// runBalanced connects r.agents agents to t, each starting a session of
// the search demo as its own principal, drives them for r.duration and
// stops their sessions.
func runBalanced(ctx context.Context, r balancerRun, t target, round int, tokens []string, procs []procStats) (balancedOutcome, error) {
	out := balancedOutcome{target: t.label, round: round, agents: r.agents}
	want, err := expectedMatches()
	if err != nil {
		return out, err
	}
	agents := make([]*agent, r.agents)
	errs := make([]error, r.agents)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range agents {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			agents[i], errs[i] = dialBalanced(ctx, t.url, tokens[i], r.protocol(), fmt.Sprintf("r%d%sa%d", round, t.key, i+1))
		})
	}
	wg.Wait()
	defer func() {
		for _, a := range agents {
			if a == nil {
				continue
			}
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				_, _ = a.call(ctx, "facet_stop", map[string]any{"id": a.session})
				a.close()
			})
		}
		wg.Wait()
	}()
	for i, a := range agents {
		if a != nil {
			out.connected++
		} else {
			out.errs = append(out.errs, fmt.Errorf("agent %d: %w", i+1, errs[i]))
		}
	}
	cpu0, err := cpuOf(procs)
	if err != nil {
		return out, err
	}
	d := drive(ctx, agents, r.duration, 0, want)
	cpu1, err := cpuOf(procs)
	if err != nil {
		return out, err
	}
	out.tasks, out.inexact, out.wall, out.cpu = d.tasks, d.inexact, d.wall, cpu1-cpu0
	out.errs = append(out.errs, d.errs...)
	out.calls = len(d.took)
	out.latency = summarize(d.took)
	return out, nil
}

// dialBalanced connects an agent to the MCP endpoint of base as the
// principal of token, speaking version, and starts its session id of the
// search demo; the agent drives it through facet_act.
func dialBalanced(ctx context.Context, base, token, version, id string) (*agent, error) {
	a, got, err := dialMCP(ctx, base+"/mcp", bearer(token), version)
	if err != nil {
		return nil, err
	}
	if got != version {
		a.close()
		return nil, fmt.Errorf("initialize: the server chose protocol %s, want %s", got, version)
	}
	a.session, a.viaAct = id, true
	if _, err := a.call(ctx, "facet_start", map[string]any{"app": "search", "id": id}); err != nil {
		a.close()
		return nil, err
	}
	return a, nil
}

// cpuOf is the CPU time of procs so far, together.
func cpuOf(procs []procStats) (time.Duration, error) {
	var sum time.Duration
	for _, p := range procs {
		d, err := p.cpu()
		if err != nil {
			return 0, err
		}
		sum += d
	}
	return sum, nil
}

// writeBalanced writes the runs as a Markdown table.
func writeBalanced(w io.Writer, outcomes []balancedOutcome) {
	fmt.Fprintln(w, "| through | round | agents | search tasks (3 calls each) | exact | calls/s | p50 per call | p99 per call | max | nodes' and haproxy's CPU per call |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for _, o := range outcomes {
		exact := "yes"
		if !o.exact() {
			exact = fmt.Sprintf("NO (%d tasks wrong, %d agents not connected)", o.inexact, o.agents-o.connected)
		}
		fmt.Fprintf(w, "| %s | %d | %d of %d | %d | %s | %.0f | %s | %s | %s | %.0f µs |\n",
			o.target, o.round, o.connected, o.agents, o.tasks, exact, o.rate(),
			ms(o.latency.p50), ms(o.latency.p99), ms(o.latency.max), float64(o.cpuPerCall())/float64(time.Microsecond))
	}
}

// writeBalancedMedians writes each target's medians over the rounds and
// the balancer's figures as ratios of the node alone's.
func writeBalancedMedians(w io.Writer, outcomes []balancedOutcome, balanced, alone string) {
	type medians struct {
		rounds        int
		rate          float64
		p50, p99, cpu time.Duration
	}
	of := func(target string) medians {
		var rates []float64
		var p50, p99, cpu []time.Duration
		for _, o := range outcomes {
			if o.target != target {
				continue
			}
			rates = append(rates, o.rate())
			p50, p99, cpu = append(p50, o.latency.p50), append(p99, o.latency.p99), append(cpu, o.cpuPerCall())
		}
		slices.Sort(rates)
		for _, v := range [][]time.Duration{p50, p99, cpu} {
			slices.Sort(v)
		}
		m := medians{rounds: len(rates), p50: percentile(p50, 50), p99: percentile(p99, 50), cpu: percentile(cpu, 50)}
		if len(rates) > 0 {
			m.rate = rates[(len(rates)-1)/2]
		}
		return m
	}
	b, a := of(balanced), of(alone)
	fmt.Fprintln(w, "| through | rounds | median calls/s | median p50 | median p99 | median CPU per call |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, x := range []struct {
		label string
		m     medians
	}{{balanced, b}, {alone, a}} {
		fmt.Fprintf(w, "| %s | %d | %.0f | %s | %s | %.0f µs |\n", x.label, x.m.rounds, x.m.rate, ms(x.m.p50), ms(x.m.p99), float64(x.m.cpu)/float64(time.Microsecond))
	}
	ratio := func(x, y float64) string {
		if y == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.2fx", x/y)
	}
	fmt.Fprintf(w, "\nThrough the balancer, against one node alone (medians): calls/s %s, p50 %s, p99 %s, CPU per call %s.\n",
		ratio(b.rate, a.rate), ratio(float64(b.p50), float64(a.p50)), ratio(float64(b.p99), float64(a.p99)), ratio(float64(b.cpu), float64(a.cpu)))
	writePairedRatios(w, outcomes, balanced, alone)
}

// writePairedRatios writes, for runs of several rounds, the balancer's
// figures as ratios of the node alone's round by round, each pair run
// back to back, and their medians: on a shared machine whose load drifts
// over a run, a pair shares its moment.
func writePairedRatios(w io.Writer, outcomes []balancedOutcome, balanced, alone string) {
	byRound := map[int]map[string]balancedOutcome{}
	var rounds []int
	for _, o := range outcomes {
		if byRound[o.round] == nil {
			byRound[o.round] = map[string]balancedOutcome{}
			rounds = append(rounds, o.round)
		}
		byRound[o.round][o.target] = o
	}
	if len(rounds) < 2 {
		return
	}
	figures := []struct {
		name string
		of   func(balancedOutcome) float64
	}{
		{"calls/s", balancedOutcome.rate},
		{"p50", func(o balancedOutcome) float64 { return float64(o.latency.p50) }},
		{"p99", func(o balancedOutcome) float64 { return float64(o.latency.p99) }},
		{"CPU per call", func(o balancedOutcome) float64 { return float64(o.cpuPerCall()) }},
	}
	var parts []string
	for _, f := range figures {
		var rs []float64
		var each []string
		for _, r := range rounds {
			b, okB := byRound[r][balanced]
			a, okA := byRound[r][alone]
			if !okB || !okA || f.of(a) == 0 {
				continue
			}
			rs = append(rs, f.of(b)/f.of(a))
			each = append(each, fmt.Sprintf("%.2f", f.of(b)/f.of(a)))
		}
		if len(rs) == 0 {
			continue
		}
		slices.Sort(rs)
		parts = append(parts, fmt.Sprintf("%s %.2fx (%s)", f.name, rs[(len(rs)-1)/2], strings.Join(each, ", ")))
	}
	fmt.Fprintf(w, "Round by round (each pair back to back), the median ratio and each round's: %s.\n", strings.Join(parts, "; "))
}
