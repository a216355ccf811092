// Command loadtest puts SSH load on Facet and on the same counter written
// the plain Charm way (wish v2 + Bubble Tea v2, a string view), and
// compares them.
//
// Each of -conns Go SSH clients (golang.org/x/crypto/ssh) opens an 80x24
// PTY on the counter demo and presses Enter -rate times a second for
// -duration. A client draws what it receives on a virtual terminal; a
// key's latency runs from sending it to the screen showing the count it
// makes. At the end every client's screen must show exactly the keys it
// sent. The servers run one after the other, each in a child process of
// this program on a loopback port, so that their RSS and CPU are their
// own:
//
//	go run ./cmd/loadtest -conns 100 -duration 30s
//
// -servers facet,facet-notravel,plain adds Facet with time travel off
// (ssh.Options.TimeTravelFrames -1), for what its frames cost.
//
// Two more modes load Facet's MCP server over streamable HTTP: -mode
// agents has -agents MCP clients, each in its own session of the search
// demo, run the search task (type_into, click, get_rows) in a loop for
// -duration, checking every page of results against what the query
// matches; -mode idle starts -sessions sessions and leaves them idle, then
// reports the server's RSS per session. -agent-rate paces each agent (so
// many tasks a second) instead of running tasks back to back, and the
// agents report says what the machine's cores went to: the server, the
// agents, everything else.
//
//	go run ./cmd/loadtest -mode agents -agents 200 -duration 30s
//	go run ./cmd/loadtest -mode idle -sessions 10000
//
// In the agents mode, -servers facet,echo also loads an echo: a bare
// mcp-go server (the same streamable HTTP transport and options, no
// Facet) whose tools answer Facet's own answers to the search task,
// captured from a Facet server at start-up, so that it sends the same
// bytes. What the echo's server CPU per call costs is the transport's
// floor; the report gives Facet's as a ratio to it. With -rounds, the
// servers alternate which goes first, as in the SSH mode, and
// -cpuprofile FILE writes a profile per server and round (FILE.facet.1,
// FILE.echo.1...):
//
//	go run ./cmd/loadtest -mode agents -servers facet,echo -rounds 3
//
// -mode balancer starts -nodes playground nodes (the built cmd/playground)
// on one NATS cluster behind Debian's haproxy (round robin, generated
// config), each agent a principal with its own bearer token
// (--http-tokens), and runs the agents' search task, through facet_act,
// through the balancer and through one of the nodes alone, alternating
// over -rounds; -clients says whether they speak stateless MCP
// (2026-07-28, each request to the next node) or keep a session
// (2025-11-25, pinned to one node). -kill then kills a node and reports
// how soon its session answers stale on the others:
//
//	go run ./cmd/loadtest -mode balancer -agents 30 -duration 20s -rounds 3 -kill
//
// Everything is bounded: at most 1000 connections, 500 agents, 10,000
// sessions, 100 keys a second, a minute of typing and 5 rounds; every
// server stops by itself.
//
// On a shared machine the servers' figures move with the machine's other
// work. -rounds N runs every server N times, alternating which goes first,
// and adds the median of each server's figures and the ratio of Facet's
// p99 to the plain counter's:
//
//	go run ./cmd/loadtest -conns 500 -duration 30s -rounds 3
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// run is main with its streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		cfg        config
		servers    string
		inProcess  bool
		cpuProfile string
		memProfile string
		serveKind  string
		serveLimit time.Duration
		answers    string
		mode       string
		agents     int
		sessions   int
		agentRate  float64
		balanced   = balancerRun{wait: time.Minute}
	)
	fs.IntVar(&cfg.conns, "conns", 100, "SSH connections, each typing (1 to 1000)")
	fs.Float64Var(&cfg.rate, "rate", 10, "keys a second each connection types")
	fs.DurationVar(&cfg.duration, "duration", 30*time.Second, "how long each connection types (at most 1m)")
	fs.IntVar(&cfg.dialers, "dialers", 16, "connections opened at once while connecting")
	fs.IntVar(&cfg.rounds, "rounds", 1, "times each server is loaded, alternating which goes first (1 to 5); more than 1 adds the medians")
	fs.StringVar(&servers, "servers", kindFacet+","+kindPlain, "the servers to load, one after the other: facet, plain, facet-notravel (Facet with time travel off); with -mode agents (default facet): facet, echo (a bare mcp-go server answering Facet's answers)")
	fs.BoolVar(&inProcess, "in-process", false, "run the servers in this process (their RSS and CPU then include the clients')")
	fs.StringVar(&cpuProfile, "cpuprofile", "", "write the Facet server's CPU profile to `FILE` (-mode agents with several servers or rounds: one per server and round, FILE.facet.1, FILE.echo.1...)")
	fs.StringVar(&memProfile, "memprofile", "", "with -in-process, write the heap profile to `FILE` (one per server: FILE.facet, FILE.plain) once the keys have settled (-mode idle: the sessions), before the connections close, and the goroutine profile to FILE.goroutines (FILE.facet.goroutines...)")
	fs.StringVar(&mode, "mode", modeSSH, "what to load: ssh (people typing), agents (MCP agents over HTTP running the search task), idle (idle MCP sessions), balancer (the search task through haproxy in front of playground nodes on one cluster, and through one node alone)")
	fs.IntVar(&agents, "agents", 200, "with -mode agents or balancer: MCP agents, each in its own session (1 to 500)")
	fs.IntVar(&balanced.nodes, "nodes", 3, "with -mode balancer: playground nodes behind haproxy (2 to 5)")
	fs.StringVar(&balanced.clients, "clients", clientsStateless, "with -mode balancer: the agents speak `stateless` MCP (2026-07-28: each request to the next node) or keep a `session` (2025-11-25: pinned to one node)")
	fs.BoolVar(&balanced.kill, "kill", false, "with -mode balancer: after the rounds, kill a node (SIGKILL) and report how soon its session answers stale on the others (a stateless client straight to each node; over 10s fails)")
	fs.StringVar(&balanced.playground, "playground", "", "with -mode balancer: the playground binary `PATH` (default: go build it)")
	fs.Float64Var(&agentRate, "agent-rate", 0, "with -mode agents: search tasks a second each agent starts, spread evenly (0: back to back, each task as soon as the last ends)")
	fs.IntVar(&sessions, "sessions", maxIdleSessions, "with -mode idle: idle sessions to start (1 to 10000)")
	fs.StringVar(&serveKind, "serve", "", "internal: serve `KIND` on a loopback port (the child side)")
	fs.DurationVar(&serveLimit, "serve-limit", 5*time.Minute, "internal: the child server stops after this long")
	fs.StringVar(&answers, "echo-answers", "", "internal: with -serve echo, the `FILE` of Facet's answers to answer")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if serveKind != "" {
		if cpuProfile != "" {
			f, err := os.Create(cpuProfile)
			if err != nil {
				return err
			}
			defer f.Close()
			if err := pprof.StartCPUProfile(f); err != nil {
				return err
			}
			defer pprof.StopCPUProfile()
		}
		return serveChild(serveKind, serveLimit, answers, stdin, stdout)
	}
	if mode == modeBalancer {
		balanced.agents, balanced.rounds, balanced.duration = agents, cfg.rounds, cfg.duration
		if err := balanced.check(); err != nil {
			return err
		}
		return runBalancerMode(balanced, stdout, stderr)
	}
	if mode != modeSSH {
		if err := checkMCPMode(mode, agents, sessions, cfg.duration, agentRate); err != nil {
			return err
		}
		r := mcpRun{mode: mode, agents: agents, sessions: sessions, duration: cfg.duration, agentRate: agentRate,
			inProcess: inProcess, cpuProfile: cpuProfile, memProfile: memProfile, servers: []string{kindFacet}, rounds: cfg.rounds}
		set := false
		fs.Visit(func(f *flag.Flag) { set = set || f.Name == "servers" })
		if err := r.checkServers(servers, set); err != nil {
			return err
		}
		return runMCPMode(r, stdout)
	}
	if err := cfg.check(); err != nil {
		return err
	}
	if memProfile != "" && !inProcess {
		return errors.New("-memprofile needs -in-process: the heap profiled is this process's")
	}

	// The whole run is bounded: connecting, typing and settling, for
	// every round.
	limit := time.Duration(cfg.rounds) * (2*cfg.duration + 3*time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	fmt.Fprintf(stdout, "%d connections, Enter %g times a second each for %s, 80x24, loopback; GOMAXPROCS on this machine: %d CPUs\n\n",
		cfg.conns, cfg.rate, cfg.duration, numCPU())
	var kinds []string
	for kind := range strings.SplitSeq(servers, ",") {
		kind = strings.TrimSpace(kind)
		if kind != kindFacet && kind != kindPlain && kind != kindFacetNoTravel {
			return fmt.Errorf("-servers: unknown server %q: one of %s, %s, %s", kind, kindFacet, kindPlain, kindFacetNoTravel)
		}
		kinds = append(kinds, kind)
	}
	var outcomes []outcome
	var failed []error
	for round := range cfg.rounds {
		order := slices.Clone(kinds)
		if round%2 == 1 {
			slices.Reverse(order)
		}
		for _, kind := range order {
			o, err := loadOnce(ctx, cfg, kind, inProcess, limit, cpuProfile, memProfile)
			if err != nil {
				return err
			}
			if cfg.rounds > 1 {
				o.round = round + 1
			}
			outcomes = append(outcomes, o)
			if !o.exact() {
				failed = append(failed, fmt.Errorf("%s: not exact: %d of %d connected, %d keys sent, %d applied, %d connections short, %d over",
					o.label(), o.connected, o.conns, o.sent, o.applied, o.short, o.over))
			}
			if len(o.errs) > 0 {
				failed = append(failed, fmt.Errorf("%s: %w", o.label(), firstErrors(o.errs, 5)))
			}
		}
	}
	writeTable(stdout, outcomes)
	if cfg.rounds > 1 {
		fmt.Fprintln(stdout)
		writeMedians(stdout, outcomes)
	}
	return errors.Join(failed...)
}

// loadOnce starts kind's server (a child process unless inProcess), loads
// it with cfg and stops it.
func loadOnce(ctx context.Context, cfg config, kind string, inProcess bool, limit time.Duration, cpuProfile, memProfile string) (outcome, error) {
	var srv *server
	var err error
	cfg.atEnd = nil
	if memProfile != "" {
		cfg.atEnd = func() error { return writeHeapProfile(memProfile + "." + kind) }
	}
	if inProcess {
		srv, err = startInProcess(kind, "")
	} else {
		srv, err = startChild(kind, limit, childArgs(kind, cpuProfile)...)
	}
	if err != nil {
		return outcome{}, err
	}
	o, err := load(ctx, cfg, kind, srv)
	if serr := srv.stop(); serr != nil && err == nil {
		err = fmt.Errorf("stopping the %s server: %w", kind, serr)
	}
	if err != nil {
		return o, fmt.Errorf("%s: %w", kind, err)
	}
	return o, nil
}

// writeHeapProfile writes this process's heap profile to path, and its
// goroutine profile to path.goroutines: an idle session's or a
// connection's goroutines weigh at least a stack each, which the heap
// profile does not show.
func writeHeapProfile(path string) error {
	runtime.GC()
	for _, p := range []struct{ path, profile string }{{path, "heap"}, {path + ".goroutines", "goroutine"}} {
		f, err := os.Create(p.path)
		if err != nil {
			return fmt.Errorf("-memprofile: %w", err)
		}
		if err := pprof.Lookup(p.profile).WriteTo(f, 0); err != nil {
			_ = f.Close()
			return fmt.Errorf("-memprofile: %w", err)
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("-memprofile: %w", err)
		}
	}
	return nil
}

// childArgs are the extra flags of kind's server process.
func childArgs(kind, cpuProfile string) []string {
	if kind == kindFacet && cpuProfile != "" {
		return []string{"-cpuprofile", cpuProfile}
	}
	return nil
}
