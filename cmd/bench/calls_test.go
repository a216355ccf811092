package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestPercentileDuration(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		out := make([]time.Duration, len(xs))
		for i, x := range xs {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	cases := []struct {
		name string
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{"none", nil, 0.5, 0},
		{"one", ms(7), 0.9, 7 * time.Millisecond},
		{"median of odd, unsorted", ms(5, 1, 3), 0.5, 3 * time.Millisecond},
		{"p90 of ten", ms(10, 9, 8, 7, 6, 5, 4, 3, 2, 1), 0.9, 9 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := percentileDuration(c.ds, c.p); got != c.want {
				t.Fatalf("percentileDuration(%v, %v) = %v, want %v", c.ds, c.p, got, c.want)
			}
		})
	}
}

func TestWriteCallsRatiosAgainstTheEcho(t *testing.T) {
	run := func(echo time.Duration, step time.Duration) callRun {
		n := len(callKinds)
		r := callRun{client: "mcp-go", times: make([][]time.Duration, n), bytes: make([]int, n), sized: make([][]time.Duration, n), sizedBytes: make([]int, n)}
		for i := range r.times {
			// Kind i takes echo + i steps, its same-size echo i/4 steps
			// less.
			d := echo + time.Duration(i)*step
			r.times[i] = []time.Duration{d, d, d}
			r.bytes[i] = 100 * (i + 1)
			s := d - time.Duration(i)*step/4
			r.sized[i] = []time.Duration{s, s, s}
			r.sizedBytes[i] = 100 * (i + 1)
		}
		return r
	}
	tests := []struct {
		name string
		runs []callRun
		want []string
	}{
		{"one run", []callRun{run(100*time.Microsecond, 25*time.Microsecond)},
			// sort: 150 µs against a same-size echo of 137.5 µs.
			[]string{"3 rounds", "(client: mcp-go)", "1 run(s)", "counter click       125 µs", "1.25x", "200", "1.50x", "1.75x", "vs same-size echo", "1.09x", "200           200"}},
		// Ratios are taken within each run, then their median: a slow run
		// (the echo at 200 µs) does not skew them.
		{"three runs", []callRun{run(100*time.Microsecond, 25*time.Microsecond), run(200*time.Microsecond, 50*time.Microsecond), run(100*time.Microsecond, 30*time.Microsecond)},
			// sort's same-size echo: 1.09x, 1.09x and 160/145 = 1.10x.
			[]string{"3 run(s)", "1.25x", "1.25-1.30x", "1.75x  ", "1.09x (1.09-1.10x)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			writeCalls(&b, 3, tc.runs)
			out := b.String()
			for _, want := range tc.want {
				if !strings.Contains(out, want) {
					t.Fatalf("the table lacks %q:\n%s", want, out)
				}
			}
			if !strings.Contains(out, "(missed)") {
				t.Fatalf("a kind at 1.75x is not marked missed:\n%s", out)
			}
		})
	}
}

// fakeCaller answers every call with a one-line text result, taking a
// millisecond, and an error result for the tool failing.
type fakeCaller struct {
	failing string
	calls   []string
}

func (f *fakeCaller) call(_ context.Context, tool string, _ map[string]any, _ bool) (answer, error) {
	f.calls = append(f.calls, tool)
	res := sdk.NewToolResultText("ok")
	if tool == f.failing {
		res = sdk.NewToolResultError("no such app")
	}
	return answer{res: res, took: time.Millisecond, bytes: 10}, nil
}

func (f *fakeCaller) name() string { return "fake" }

func (f *fakeCaller) Close() error { return nil }

func TestMeasureCallsStopsAtAnErrorResult(t *testing.T) {
	for _, tool := range []string{"facet_start", "counter_inc_click", sizedEchoTool} {
		t.Run(tool, func(t *testing.T) {
			_, err := measureCalls(context.Background(), &fakeCaller{failing: tool}, 2, 1)
			if !errors.Is(err, errCallFailed) || !strings.Contains(err.Error(), tool) || !strings.Contains(err.Error(), "no such app") {
				t.Fatalf("error %v, want the error result of %s", err, tool)
			}
		})
	}
}

func TestMeasureCallsInterleavesEachKindWithItsSameSizeEcho(t *testing.T) {
	f := &fakeCaller{}
	run, err := measureCalls(context.Background(), f, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Two starts, then (3+2) rounds of each kind and its same-size echo.
	if want := 2 + 5*2*len(callKinds); len(f.calls) != want {
		t.Fatalf("%d calls, want %d", len(f.calls), want)
	}
	for i, k := range callKinds {
		if got := f.calls[2+2*i : 2+2*i+2]; got[0] != k.tool || got[1] != sizedEchoTool {
			t.Fatalf("calls %d and %d are %v, want %s then %s", 2+2*i, 3+2*i, got, k.tool, sizedEchoTool)
		}
		if len(run.times[i]) != 3 || len(run.sized[i]) != 3 || run.bytes[i] != 10 {
			t.Fatalf("%s: %d times, %d same-size echo times and %d bytes; want 3, 3 and 10", k.name, len(run.times[i]), len(run.sized[i]), run.bytes[i])
		}
	}
	if run.client != "fake" {
		t.Fatalf("the run's client is %q", run.client)
	}
}
