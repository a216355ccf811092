package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// serveEnv set in its environment makes the test binary the MCP server of
// measureCalls, as -serve-mcp makes the bench binary.
const serveEnv = "FACET_BENCH_TEST_SERVE_MCP=1"

func TestMain(m *testing.M) {
	if os.Getenv("FACET_BENCH_TEST_SERVE_MCP") == "1" {
		if err := serveMCP(context.Background(), os.Stdin, os.Stdout, ""); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestMeasureCallsEchoesEachAnswersSize makes real calls through a child
// server: every kind is timed each round beside a same-size echo whose
// answer the client receives at the kind's very size, and the table shows
// both ratios from those times.
func TestMeasureCallsEchoesEachAnswersSize(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const rounds = 3
	c, err := dialGo(ctx, serverCommand{path: exe, env: []string{serveEnv}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	run, err := measureCalls(ctx, c, rounds, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range callKinds {
		if len(run.times[i]) != rounds || len(run.sized[i]) != rounds {
			t.Errorf("%s: %d times and %d same-size echo times, want %d of each", k.name, len(run.times[i]), len(run.sized[i]), rounds)
		}
		if run.bytes[i] == 0 || run.sizedBytes[i] != run.bytes[i] {
			t.Errorf("%s: answers %d bytes, its same-size echo %d", k.name, run.bytes[i], run.sizedBytes[i])
		}
	}
	// The page of rows is the answer the same-size echo is for.
	rows := -1
	for i, k := range callKinds {
		if k.tool == "search_results_get_rows" {
			rows = i
		}
	}
	if rows < 0 || run.bytes[rows] < 5000 {
		t.Fatalf("the page of 100 rows answers %d bytes", run.bytes[max(rows, 0)])
	}
	var b strings.Builder
	writeCalls(&b, rounds, []callRun{run})
	out := b.String()
	// get_rows, 100 rows | median µs | p90 µs | vs echo | vs same-size
	// echo | result bytes | same-size echo bytes | goal (one run: no range)
	found := false
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "get_rows," {
			continue
		}
		found = true
		size := fmt.Sprint(run.bytes[rows])
		if len(f) < 11 || !strings.HasSuffix(f[7], "x") || !strings.HasSuffix(f[8], "x") || f[9] != size || f[10] != size {
			t.Fatalf("the get_rows line lacks its ratios to both echoes or its sizes:\n%s", out)
		}
	}
	if !found {
		t.Fatalf("the table has no get_rows line:\n%s", out)
	}
}
