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

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

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
	{"facet_screenshot", "facet_screenshot", func(int) map[string]any { return map[string]any{"id": "search"} }},
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
	srv, err := mcp.New(mcp.Options{Apps: apps, ToolNames: mcp.NamesSafe, Authorizer: mcp.AllowAll(), PolicySource: mcp.SourceDefault})
	if err != nil {
		return fmt.Errorf("bench: mcp server: %w", err)
	}
	defer srv.Sessions().StopAll()
	srv.SDK().AddTool(sdk.Tool{Name: echoTool, Description: "Answers its argument v.", RawInputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return sdk.NewToolResultText(fmt.Sprint(req.GetArguments()["v"])), nil
		})
	var sized sizedEcho
	srv.SDK().AddTool(sdk.Tool{Name: sizedEchoTool, Description: "Answers text and structured content of the shape in its arguments.", RawInputSchema: json.RawMessage(`{"type":"object"}`)},
		sized.handle)
	return srv.ServeStdio(ctx, in, out)
}

// callRun is one run of the calls: times[i] are the durations of
// callKinds[i], the echo first, and bytes[i] the size of its answer's
// result as the client re-encodes it; sized[i] and sizedBytes[i] are the
// same of the same-size echo of callKinds[i] (see sizedEchoTool).
type callRun struct {
	times      [][]time.Duration
	bytes      []int
	sized      [][]time.Duration
	sizedBytes []int
}

// serverCommand is how measureCalls starts the server: a program with its
// arguments and environment (added to this process's).
type serverCommand struct {
	path string
	args []string
	env  []string
}

// warmupRounds are rounds made first and not counted: connections, caches
// and the sessions' first renders warm up.
const warmupRounds = 20

// runCalls measures the calls runs times, each run against its own child
// server (see measureCalls), and writes the table of their medians. With a
// cpuProfile path the server of the last run writes its CPU profile there.
func runCalls(ctx context.Context, rounds, runs int, cpuProfile string, w io.Writer) error {
	if rounds < 1 || rounds > 100000 {
		return fmt.Errorf("-calls %d: between 1 and 100000", rounds)
	}
	if runs < 1 || runs > 100 {
		return fmt.Errorf("-runs %d: between 1 and 100", runs)
	}
	var all []callRun
	for r := range runs {
		profile := ""
		if r == runs-1 {
			profile = cpuProfile
		}
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		server := serverCommand{path: exe, args: []string{"-serve-mcp"}}
		if profile != "" {
			server.args = append(server.args, "-cpuprofile", profile)
		}
		run, err := measureCalls(ctx, server, rounds, warmupRounds)
		if err != nil {
			return err
		}
		all = append(all, run)
	}
	writeCalls(w, rounds, all)
	return nil
}

// measureCalls starts server (serveMCP in a child process) and makes
// warmup rounds and then rounds of calls of every kind through its one
// stdio transport, the kinds interleaved in each round, each call followed
// by a same-size echo of the answer it just received: the answers of a
// kind differ from round to round (the sort flips the order of the page
// get_rows answers, 9.3 or 10.3 KB; a counter's first click adds a tool),
// so one shape measured once would not match them all.
func measureCalls(ctx context.Context, server serverCommand, rounds, warmup int) (callRun, error) {
	c, err := client.NewStdioMCPClient(server.path, server.env, server.args...)
	if err != nil {
		return callRun{}, fmt.Errorf("bench: starting the MCP server: %w", err)
	}
	defer c.Close()
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "facet-bench", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		return callRun{}, fmt.Errorf("bench: initialize: %w", err)
	}
	for _, app := range []string{"counter", "search"} {
		if _, err := call(ctx, c, "facet_start", map[string]any{"app": app, "id": app}); err != nil {
			return callRun{}, err
		}
	}
	n := len(callKinds)
	run := callRun{times: make([][]time.Duration, n), bytes: make([]int, n), sized: make([][]time.Duration, n), sizedBytes: make([]int, n)}
	timed := func(tool string, args map[string]any, round int, times *[]time.Duration, size *int) (*sdk.CallToolResult, error) {
		start := time.Now()
		res, err := call(ctx, c, tool, args)
		if err != nil {
			return nil, err
		}
		if round >= warmup {
			*times = append(*times, time.Since(start))
		}
		if round == warmup {
			b, err := json.Marshal(res)
			if err != nil {
				return nil, fmt.Errorf("bench: %s: encoding its answer: %w", tool, err)
			}
			*size = len(b)
		}
		return res, nil
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

// call calls tool and fails on an error result.
func call(ctx context.Context, c *client.Client, tool string, args map[string]any) (*sdk.CallToolResult, error) {
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("bench: %s: %w", tool, err)
	}
	if res.IsError {
		var text []string
		for _, c := range res.Content {
			if t, ok := c.(sdk.TextContent); ok {
				text = append(text, t.Text)
			}
		}
		return nil, fmt.Errorf("bench: %s: %w: %s", tool, errCallFailed, strings.Join(text, " "))
	}
	return res, nil
}

// errCallFailed is a call that answered an error result.
var errCallFailed = errors.New("the call answered an error")

// callGoal is the most a call may cost, as a multiple of the echo.
const callGoal = 1.5

// writeCalls writes the table of call medians: each kind's median time
// (the median of the runs' medians), its ratio to the echo's (the median
// of the runs' ratios, each taken within one run, with their range when
// there are several runs), its ratio to its same-size echo's (taken the
// same way), its answer's size and the same-size echo's.
func writeCalls(w io.Writer, rounds int, runs []callRun) {
	fmt.Fprintf(w, "MCP calls over one stdio transport, %d rounds, kinds interleaved (client: mcp-go), %d run(s)\n", rounds, len(runs))
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
