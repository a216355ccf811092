package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSmokeMCPModes are the short versions of the agents and idle runs, in
// this process: a few agents for two seconds, a few dozen idle sessions.
// They check exactness, not speed.
func TestSmokeMCPModes(t *testing.T) {
	if testing.Short() {
		t.Skip("serves MCP over HTTP for a few seconds")
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"agents get exactly the rows their query matches", []string{"-mode", "agents", "-agents", "3", "-duration", "2s"}, "| 3 of 3 | "},
		{"paced agents too", []string{"-mode", "agents", "-agents", "3", "-duration", "2s", "-agent-rate", "5"}, "| 3 of 3 | "},
		{"every idle session starts", []string{"-mode", "idle", "-sessions", "40"}, "| 40 | 40 of 40 |"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(append(c.args, "-in-process"), strings.NewReader(""), &out, io.Discard)
			if err != nil {
				t.Fatalf("run %q: %v\n%s", c.args, err, &out)
			}
			if !strings.Contains(out.String(), c.want) {
				t.Fatalf("no row starting %q in:\n%s", c.want, &out)
			}
			if c.args[1] == modeAgents && !strings.Contains(out.String(), " | yes | ") {
				t.Fatalf("the agents' results were not exact:\n%s", &out)
			}
			if c.args[1] == modeAgents && !strings.Contains(out.String(), "\n| agents | search tasks") {
				t.Fatalf("Facet alone, once, should have the agents table without a server column:\n%s", &out)
			}
		})
	}
}

func TestMCPModeSettingsOutOfBoundsAreRefused(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-mode", "swarm"}, `-mode "swarm": one of ssh, agents, idle`},
		{[]string{"-mode", "agents", "-agents", "0"}, "-agents 0: want 1 to 500"},
		{[]string{"-mode", "agents", "-agents", "501"}, "-agents 501: want 1 to 500"},
		{[]string{"-mode", "idle", "-sessions", "10001"}, "-sessions 10001: want 1 to 10000"},
		{[]string{"-mode", "agents", "-duration", "2m"}, "-duration 2m0s: want more than 0 and at most 1m"},
		{[]string{"-mode", "agents", "-agent-rate", "-1"}, "-agent-rate -1: want 0 (back to back) to 100 tasks a second"},
		{[]string{"-mode", "agents", "-agent-rate", "101"}, "-agent-rate 101: want 0 (back to back) to 100 tasks a second"},
		{[]string{"-mode", "agents", "-servers", "facet,plain"}, `-servers: unknown server "plain" for -mode agents: one of facet, echo`},
		{[]string{"-mode", "agents", "-servers", "echo,echo"}, "-servers: echo twice"},
		{[]string{"-mode", "agents", "-rounds", "6"}, "-rounds 6: want 1 to 5"},
		{[]string{"-mode", "idle", "-servers", "echo"}, "-servers: -mode idle loads Facet alone"},
		{[]string{"-servers", "echo"}, `-servers: unknown server "echo"`},
	}
	for _, c := range cases {
		err := run(c.args, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("run %q = %v, want an error containing %q", c.args, err, c.want)
		}
	}
}

func TestExpectedMatchesCountsTheCatalogue(t *testing.T) {
	want, err := expectedMatches()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		query string
		check func(n int) bool
		rule  string
	}{
		{"", func(n int) bool { return n == 390 }, "every repository"},
		{"no such repository", func(n int) bool { return n == 0 }, "none"},
		{"go", func(n int) bool { return n > 0 && n < 390 }, "some"},
	}
	for _, c := range cases {
		if n := want[c.query]; !c.check(n) {
			t.Errorf("query %q matches %d repositories, want %s", c.query, n, c.rule)
		}
	}
}

func TestPageSizeReadsGetRowsStructuredContent(t *testing.T) {
	cases := []struct {
		name        string
		structured  any
		total, rows int
		err         string
	}{
		{"a page", map[string]any{"total": float64(390), "rows": []any{map[string]any{}, map[string]any{}}}, 390, 2, ""},
		{"no match: rows may be null", map[string]any{"total": float64(0), "rows": nil}, 0, 0, ""},
		{"no structured content", nil, 0, 0, "structured content is <nil>"},
		{"total missing", map[string]any{"rows": []any{}}, 0, 0, "total is <nil>, want a number"},
		{"rows not an array", map[string]any{"total": float64(1), "rows": "x"}, 0, 0, "rows is string, want an array"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			total, rows, err := pageSize(c.structured)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("pageSize = %d, %d, %v; want an error containing %q", total, rows, err, c.err)
				}
				return
			}
			if err != nil || total != c.total || rows != c.rows {
				t.Fatalf("pageSize = %d, %d, %v; want %d, %d", total, rows, err, c.total, c.rows)
			}
		})
	}
}

// countingListener counts the connections it accepts.
type countingListener struct {
	net.Listener
	accepted atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted.Add(1)
	}
	return c, err
}

func TestConcurrentAgentsKeepTheirConnectionsAlive(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	counted := &countingListener{Listener: l}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- serveMCP(ctx, counted) }()
	defer func() {
		cancel()
		<-served
	}()
	const agents, calls = 8, 30
	var wg sync.WaitGroup
	errs := make(chan error, agents)
	for i := range agents {
		wg.Go(func() {
			a, err := dialAgent(ctx, l.Addr().String(), "counter", fmt.Sprintf("k%d", i+1))
			if err != nil {
				errs <- err
				return
			}
			defer a.close()
			for range calls {
				if _, err := a.call(ctx, "facet_list", map[string]any{}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// Each agent needs one connection for its calls, one at a time.
	if n := counted.accepted.Load(); n > 2*agents {
		t.Fatalf("%d agents making %d calls each opened %d connections, want at most %d: they should keep theirs alive", agents, calls, n, 2*agents)
	}
}
