package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
)

// echoTool is the bare tool every call kind is measured against: mcp-go
// answering its argument, with nothing of Facet's in the way.
const echoTool = "echo"

// callKind is one kind of MCP call the goal covers, with its arguments.
// Arguments may depend on the round, so that a write really changes
// something every time.
type callKind struct {
	name string
	tool string
	args func(round int) map[string]any
}

// callKinds are the calls measured against the echo: a derived write on
// the counter, a sort of the search demo's 390 rows, a page of 100 of them,
// a screenshot and the session list.
var callKinds = []callKind{
	{"echo", echoTool, func(int) map[string]any { return map[string]any{"v": 1} }},
	{"counter click", "counter_inc_click", func(int) map[string]any { return map[string]any{} }},
	{"sort of 390 rows", "search_results_sort", func(round int) map[string]any {
		return map[string]any{"column": "stars", "direction": []string{"asc", "desc"}[round%2]}
	}},
	{"get_rows, 100 rows", "search_results_get_rows", func(int) map[string]any { return map[string]any{"limit": 100} }},
	{"facet_screenshot", "facet_screenshot", func(int) map[string]any { return map[string]any{"session": "search"} }},
	{"facet_list", "facet_list", func(int) map[string]any { return map[string]any{} }},
}

// serveMCP is the child side of runCalls: Facet's MCP server with the
// playground's apps and the bare echo tool, over stdio on in and out. With
// a cpuProfile path it writes its CPU profile there when stdio ends.
func serveMCP(ctx context.Context, in io.Reader, out io.Writer, cpuProfile string) error {
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return fmt.Errorf("bench: -cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: -cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	var apps []mcp.App
	for _, a := range playground.Catalog() {
		apps = append(apps, mcp.App{Name: a.Name, Title: a.Title, Description: a.Description, New: a.New})
	}
	srv, err := mcp.New(mcp.Options{Apps: apps, ToolNames: mcp.NamesSafe, Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll(), PolicySource: mcp.SourceDefault}})
	if err != nil {
		return fmt.Errorf("bench: mcp server: %w", err)
	}
	defer srv.Sessions().StopAll()
	// The echoes are on a bare mcp-go server of the bench's own, with
	// Facet mounted on it, so that nothing of Facet's is in their way.
	bare := server.NewMCPServer("facet-bench", "1", server.WithHooks(&server.Hooks{}),
		server.WithToolCapabilities(false), server.WithResourceCapabilities(true, false))
	bare.AddTool(sdk.Tool{Name: echoTool, Description: "Answers its argument v.", RawInputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return sdk.NewToolResultText(fmt.Sprint(req.GetArguments()["v"])), nil
		})
	var sized sizedEcho
	bare.AddTool(sdk.Tool{Name: sizedEchoTool, Description: "Answers text and structured content of the shape in its arguments.", RawInputSchema: json.RawMessage(`{"type":"object"}`)},
		sized.handle)
	if err := srv.Mount(bare); err != nil {
		return fmt.Errorf("bench: mount: %w", err)
	}
	err = server.NewStdioServer(bare).Listen(ctx, in, out)
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// callRun is one run of the calls: times[i] are the durations of
// callKinds[i], the echo first, and bytes[i] the size of its answer's
// result as the client re-encodes it; sized[i] and sizedBytes[i] are the
// same of the same-size echo of callKinds[i] (see sizedEchoTool). client
// names the client that made the calls.
type callRun struct {
	client     string
	times      [][]time.Duration
	bytes      []int
	sized      [][]time.Duration
	sizedBytes []int
}

// serverCommand is how a client starts the server: a program with its
// arguments and environment (added to this process's).
type serverCommand struct {
	path string
	args []string
	env  []string
}

// warmupRounds are rounds made first and not counted: connections, caches
// and the sessions' first renders warm up.
const warmupRounds = 20

// callsConfig is what runCalls measures: which client (-client) calls
// which server, how many rounds of each run and how many runs.
type callsConfig struct {
	client string
	server serverCommand
	rounds int
	runs   int
	// cpuProfile, when set, is where the server of the last run writes
	// its CPU profile.
	cpuProfile string
	// log receives progress (npm ci) that is not the table; nil discards
	// it.
	log io.Writer
}

// runCalls measures the calls cfg.runs times, each run through a new
// client of its own child server (see measureCalls), and writes the table
// of their medians to w.
func runCalls(ctx context.Context, cfg callsConfig, w io.Writer) error {
	if cfg.rounds < 1 || cfg.rounds > 100000 {
		return fmt.Errorf("-calls %d: between 1 and 100000", cfg.rounds)
	}
	if cfg.runs < 1 || cfg.runs > 100 {
		return fmt.Errorf("-runs %d: between 1 and 100", cfg.runs)
	}
	dial, err := newDialer(ctx, cfg.client, cfg.log)
	if err != nil {
		return err
	}
	var all []callRun
	for r := range cfg.runs {
		server := cfg.server
		if r == cfg.runs-1 && cfg.cpuProfile != "" {
			server.args = append(slices.Clone(server.args), "-cpuprofile", cfg.cpuProfile)
		}
		c, err := dial(ctx, server)
		if err != nil {
			return err
		}
		run, err := measureCalls(ctx, c, cfg.rounds, warmupRounds)
		if cerr := c.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("bench: closing the %s client: %w", c.name(), cerr)
		}
		if err != nil {
			return err
		}
		all = append(all, run)
	}
	writeCalls(w, cfg.rounds, all)
	return nil
}

// measureCalls makes, through c, warmup rounds and then rounds of calls of
// every kind, the kinds interleaved in each round, each call followed by a
// same-size echo of the answer it just received: the answers of a kind
// differ from round to round (the sort flips the order of the page
// get_rows answers, 9.3 or 10.3 KB; a counter's first click adds a tool),
// so one shape measured once would not match them all.
func measureCalls(ctx context.Context, c caller, rounds, warmup int) (callRun, error) {
	call := func(tool string, args map[string]any, wantBytes bool) (answer, error) {
		a, err := c.call(ctx, tool, args, wantBytes)
		if err == nil {
			err = resultError(a.res)
		}
		if err != nil {
			return answer{}, fmt.Errorf("bench: %s: %w", tool, err)
		}
		return a, nil
	}
	for _, app := range []string{"counter", "search"} {
		if _, err := call("facet_start", map[string]any{"app": app, "session": app}, false); err != nil {
			return callRun{}, err
		}
	}
	n := len(callKinds)
	run := callRun{client: c.name(), times: make([][]time.Duration, n), bytes: make([]int, n), sized: make([][]time.Duration, n), sizedBytes: make([]int, n)}
	timed := func(tool string, args map[string]any, round int, times *[]time.Duration, size *int) (*sdk.CallToolResult, error) {
		a, err := call(tool, args, round == warmup)
		if err != nil {
			return nil, err
		}
		if round >= warmup {
			*times = append(*times, a.took)
		}
		if round == warmup {
			*size = a.bytes
		}
		return a.res, nil
	}
	for round := range rounds + warmup {
		for i, k := range callKinds {
			res, err := timed(k.tool, k.args(round), round, &run.times[i], &run.bytes[i])
			if err != nil {
				return callRun{}, fmt.Errorf("%s: %w", k.name, err)
			}
			shape, err := shapeOf(res)
			if err != nil {
				return callRun{}, fmt.Errorf("bench: %s: the shape of its answer: %w", k.name, err)
			}
			if _, err := timed(sizedEchoTool, shape.args(), round, &run.sized[i], &run.sizedBytes[i]); err != nil {
				return callRun{}, fmt.Errorf("%s, same-size echo: %w", k.name, err)
			}
		}
	}
	return run, nil
}

// resultError is errCallFailed with the text of res when res is an error
// result, nil otherwise.
func resultError(res *sdk.CallToolResult) error {
	if !res.IsError {
		return nil
	}
	var text []string
	for _, c := range res.Content {
		if t, ok := c.(sdk.TextContent); ok {
			text = append(text, t.Text)
		}
	}
	return fmt.Errorf("%w: %s", errCallFailed, strings.Join(text, " "))
}

// errCallFailed is a call that answered an error result.
var errCallFailed = errors.New("the call answered an error")

// callGoal is the most a call may cost, as a multiple of the echo.
const callGoal = 1.5

// writeCalls writes the table of call medians: each kind's median time
// (the median of the runs' medians), its ratio to the echo's (the median
// of the runs' ratios, each taken within one run, with their range when
// there are several runs), its ratio to its same-size echo's (taken the
// same way), its answer's size and the same-size echo's, under a header
// naming the client of the first run.
func writeCalls(w io.Writer, rounds int, runs []callRun) {
	client := ""
	if len(runs) > 0 {
		client = runs[0].client
	}
	fmt.Fprintf(w, "MCP calls over one stdio transport, %d rounds, kinds interleaved (client: %s), %d run(s)\n", rounds, client, len(runs))
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "call\tmedian\tp90\tvs echo\truns' range\tvs same-size echo\tresult bytes\tsame-size echo bytes\tgoal")
	for i, k := range callKinds {
		var meds, p90s []time.Duration
		var ratios, sizedRatios []float64
		bytes, sizedBytes := 0, 0
		for _, r := range runs {
			med, echo := medianDuration(r.times[i]), medianDuration(r.times[0])
			meds = append(meds, med)
			p90s = append(p90s, percentileDuration(r.times[i], 0.9))
			if echo > 0 {
				ratios = append(ratios, float64(med)/float64(echo))
			}
			if i < len(r.sized) {
				if sized := medianDuration(r.sized[i]); sized > 0 {
					sizedRatios = append(sizedRatios, float64(med)/float64(sized))
				}
				sizedBytes = r.sizedBytes[i]
			}
			bytes = r.bytes[i]
		}
		sizedRatio := ""
		if i > 0 && len(sizedRatios) > 0 {
			sizedRatio = fmt.Sprintf("%.2fx", medianRatio(sizedRatios))
			if len(sizedRatios) > 1 {
				sizedRatio += fmt.Sprintf(" (%.2f-%.2fx)", slices.Min(sizedRatios), slices.Max(sizedRatios))
			}
		}
		ratio, spread, verdict := "", "", ""
		if i > 0 && len(ratios) > 0 {
			m := medianRatio(ratios)
			ratio = fmt.Sprintf("%.2fx", m)
			if len(ratios) > 1 {
				spread = fmt.Sprintf("%.2f-%.2fx", slices.Min(ratios), slices.Max(ratios))
			}
			verdict = fmt.Sprintf("<= %.1fx", callGoal)
			if m > callGoal {
				verdict += " (missed)"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%s\n", k.name, micros(medianDuration(meds)), micros(medianDuration(p90s)), ratio, spread, sizedRatio, bytes, sizedBytes, verdict)
	}
	tw.Flush()
}

// medianRatio is the median of xs (the mean of the middle two for an even
// count).
func medianRatio(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func micros(d time.Duration) string {
	return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
}

func medianDuration(ds []time.Duration) time.Duration { return percentileDuration(ds, 0.5) }

// percentileDuration is the p-quantile of ds (nearest rank), 0 for none.
func percentileDuration(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(p*float64(len(s))+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}
