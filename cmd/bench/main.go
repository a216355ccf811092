// Command bench runs Facet's benchmarks several times and prints a table
// of medians, with the ratios the project's performance goals are stated
// in, each measured against a baseline in the same run:
//
//	go run ./cmd/bench              # the MCP calls, then 6 runs of each benchmark
//	go run ./cmd/bench -count 10 -benchtime 2s
//	go run ./cmd/bench -only calls -calls 1000 -runs 5
//	go run ./cmd/bench -only calls -client ts -runs 3
//
// The MCP calls go through one stdio transport to a child process serving
// the playground's apps and a bare echo tool: a counter click, a sort of the
// search demo's 390 rows, a page of 100 of them, a screenshot and the session
// list, interleaved with the echo, each kind's median against the echo's;
// with -runs, each run against a new server, the median of the runs'
// ratios and their range. "result bytes" is each call's result as the
// client encodes it again: the answer's size, which the client's decoding
// costs in proportion to. So each call is also followed by a second bare
// echo answering text and structured content of the very size (and the
// same count of values) as the answer just received, and "vs same-size
// echo" is the call's median against that echo's: the server's cost with
// the answer's size taken out.
//
// The calls are made by mcp-go's client by default. With -client ts they
// are made by the official TypeScript SDK's (@modelcontextprotocol/sdk,
// the version pinned in tsclient/package-lock.json) through its
// StdioClientTransport, in node: mcp-go's client decodes a large answer
// slowly (BenchmarkClientDecode in render/mcp), so for the page of rows
// its ratios measure that client more than Facet's server. The kinds,
// rounds, warm-up, interleaving and same-size echoes stay defined once, in
// Go: tsclient/bench.mjs only makes the call Go writes on its stdin and
// answers the result and the time performance.now() took around
// client.callTool, and Go takes each answer's shape and size from that
// result. The first -client ts installs the SDK with npm ci into the
// user's cache directory (facet-bench-tsclient/<hash of tsclient's
// files>), so node and npm must be on PATH and the npm registry reachable
// once.
//
// The machines are shared and noisy: read the ratios, not the absolute
// times, and compare medians.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// suite is one `go test -bench` invocation.
type suite struct {
	pkg   string
	bench string
}

var suites = []suite{
	{"./tea", "^BenchmarkDispatch$"},
	{"./widgets", "^BenchmarkTableRender$"},
	{"./render/terminal", "^(BenchmarkDraw|BenchmarkSnapshotFrame|BenchmarkSnapshotFlush)$"},
	{"./render/mcp", "^(BenchmarkStdioRoundTrip|BenchmarkDeriveAndSync1000|BenchmarkSteadyStateRender1000|BenchmarkSteadyStateRegistryPath|BenchmarkDiffAfterSort)$"},
}

// ratio is a goal stated as one benchmark against another.
type ratio struct {
	name, num, den string
	goal           string
}

var ratios = []ratio{
	{"Table draw, 100,000 rows vs 40 rows", "BenchmarkTableRender/rows=100000", "BenchmarkTableRender/rows=40", "<= 2x"},
	{"derived write vs bare echo tool, over stdio", "BenchmarkStdioRoundTrip/derived_write", "BenchmarkStdioRoundTrip/echo", "<= 1.5x"},
	{"terminal frame per snapshot, memo vs full redraw", "BenchmarkSnapshotFrame/memo", "BenchmarkSnapshotFrame/redraw_all", "< 1x"},
	{"frame and Bubble Tea's flush, memo vs full redraw", "BenchmarkSnapshotFlush/memo", "BenchmarkSnapshotFlush/redraw_all", "< 1x"},
}

func main() {
	count := flag.Int("count", 6, "runs of each benchmark; the table shows medians")
	benchtime := flag.String("benchtime", "1s", "go test -benchtime")
	calls := flag.Int("calls", 500, "rounds of MCP calls (each kind once a round, interleaved); 0 skips them")
	runs := flag.Int("runs", 1, "runs of the MCP calls, each against a new server; the table shows medians")
	client := flag.String("client", clientGo, "the MCP client that makes the calls: `go` (mcp-go) or ts (the official TypeScript SDK, in node)")
	only := flag.String("only", "", "run only `PART`: benchmarks or calls")
	cpuProfile := flag.String("cpuprofile", "", "write the MCP server's CPU profile during the calls to `FILE`")
	serve := flag.Bool("serve-mcp", false, "internal: serve MCP over stdio (the child side of the calls)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *serve {
		if err := serveMCP(ctx, os.Stdin, os.Stdout, *cpuProfile); err != nil {
			fail(err)
		}
		return
	}
	switch *only {
	case "", "benchmarks", "calls":
	default:
		fail(fmt.Errorf("-only %q: one of benchmarks, calls", *only))
	}
	if *only != "benchmarks" && *calls > 0 {
		exe, err := os.Executable()
		if err != nil {
			fail(err)
		}
		cfg := callsConfig{
			client: *client, server: serverCommand{path: exe, args: []string{"-serve-mcp"}},
			rounds: *calls, runs: *runs, cpuProfile: *cpuProfile, log: os.Stderr,
		}
		if err := runCalls(ctx, cfg, os.Stdout); err != nil {
			fail(err)
		}
		fmt.Println()
	}
	if *only == "calls" {
		return
	}
	results := map[string]map[string][]float64{}
	var order []string
	for _, s := range suites {
		fmt.Fprintf(os.Stderr, "bench: %s %s\n", s.pkg, s.bench)
		cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", s.bench, "-benchmem",
			"-count", strconv.Itoa(*count), "-benchtime", *benchtime, s.pkg)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			fail(err)
		}
		if err := cmd.Start(); err != nil {
			fail(err)
		}
		order = parse(out, results, order)
		if err := cmd.Wait(); err != nil {
			fail(fmt.Errorf("%s: %w", s.pkg, err))
		}
	}
	printTable(os.Stdout, results, order)
}

// parse reads benchmark lines ("BenchmarkX-2  100  123 ns/op  45 B/op ...")
// into results[name][unit].
func parse(r io.Reader, results map[string]map[string][]float64, order []string) []string {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i]
		}
		if results[name] == nil {
			results[name] = map[string][]float64{}
			order = append(order, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			results[name][f[i+1]] = append(results[name][f[i+1]], v)
		}
	}
	return order
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func printTable(w io.Writer, results map[string]map[string][]float64, order []string) {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "benchmark\truns\tmedian ns/op\tB/op\tallocs/op\tother")
	for _, name := range order {
		r := results[name]
		var other []string
		for unit, xs := range r {
			switch unit {
			case "ns/op", "B/op", "allocs/op":
			default:
				other = append(other, fmt.Sprintf("%s=%.4g", unit, median(xs)))
			}
		}
		sort.Strings(other)
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.0f\t%.0f\t%s\n", strings.TrimPrefix(name, "Benchmark"), len(r["ns/op"]),
			median(r["ns/op"]), median(r["B/op"]), median(r["allocs/op"]), strings.Join(other, " "))
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "goal\tratio of medians\ttarget")
	for _, q := range ratios {
		num, den := median(results[q.num]["ns/op"]), median(results[q.den]["ns/op"])
		if num == 0 || den == 0 {
			fmt.Fprintf(tw, "%s\tn/a\t%s\n", q.name, q.goal)
			continue
		}
		fmt.Fprintf(tw, "%s\t%.2fx\t%s\n", q.name, num/den, q.goal)
	}
	tw.Flush()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
