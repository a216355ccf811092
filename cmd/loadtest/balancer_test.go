package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/internal/balancertest"
)

// TestSmokeBalancerMode is the short version of a balancer run: two
// agents for a second a round against three nodes behind haproxy and
// against one node alone, stateless clients with the kill check, session
// clients without. It checks the report's shape and that every answer was
// exact, not speed.
func TestSmokeBalancerMode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the playground and runs three nodes behind haproxy")
	}
	if _, err := exec.LookPath("haproxy"); err != nil {
		t.Skip("haproxy is not installed (apt-get install haproxy): the balancer mode needs it")
	}
	bin, err := balancertest.Build(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	row := func(through string, round int) *regexp.Regexp {
		return regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(through) + fmt.Sprintf(` \| %d \| 2 of 2 \| [1-9]\d* \| yes \| [1-9]\d* \| `, round) + `[\d.]+ ms \| [\d.]+ ms \| [\d.]+ ms \| \d+ µs \|$`)
	}
	for _, tc := range []struct {
		name    string
		args    []string
		rounds  int
		clients string
		kill    bool
	}{
		{"stateless clients, and a node killed", []string{"-rounds", "2", "-kill"}, 2, "stateless", true},
		{"session clients pinned to their node", []string{"-clients", "session"}, 1, "session", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, stderr bytes.Buffer
			args := append([]string{"-mode", "balancer", "-agents", "2", "-duration", "1s", "-playground", bin}, tc.args...)
			if err := run(args, strings.NewReader(""), &out, &stderr); err != nil {
				t.Fatalf("run %q: %v\n%s\n%s", args, err, &out, &stderr)
			}
			report := out.String()
			if !strings.HasPrefix(report, "2 "+tc.clients+" MCP agents") {
				t.Errorf("the report does not start by saying what ran:\n%s", report)
			}
			for round := 1; round <= tc.rounds; round++ {
				for _, through := range []string{"balancer (3 nodes)", "one node (n2)"} {
					if !row(through, round).MatchString(report) {
						t.Errorf("no exact row of %s, round %d, in:\n%s", through, round, report)
					}
				}
			}
			for _, through := range []string{"balancer (3 nodes)", "one node (n2)"} {
				median := regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(through) + fmt.Sprintf(` \| %d \| [1-9]\d* \| [\d.]+ ms \| [\d.]+ ms \| \d+ µs \|$`, tc.rounds))
				if !median.MatchString(report) {
					t.Errorf("no median row of %s in:\n%s", through, report)
				}
			}
			ratios := regexp.MustCompile(`Through the balancer, against one node alone \(medians\): calls/s \d+\.\d\dx, p50 \d+\.\d\dx, p99 \d+\.\d\dx, CPU per call \d+\.\d\dx\.`)
			if !ratios.MatchString(report) {
				t.Errorf("no ratios in:\n%s", report)
			}
			paired := regexp.MustCompile(`Round by round \(each pair back to back\), the median ratio and each round's: calls/s \d+\.\d\dx \(\d+\.\d\d, \d+\.\d\d\); p50 .*; p99 .*; CPU per call \d+\.\d\dx \(`)
			if got := paired.MatchString(report); got != (tc.rounds > 1) {
				t.Errorf("the round-by-round ratios shown = %v, want %v (%d rounds):\n%s", got, tc.rounds > 1, tc.rounds, report)
			}
			kill := regexp.MustCompile(`Killed node n3 \(SIGKILL\)\. Its session answered the stale-session error naming facet_list on n1 after \S+ \(call \d+\), on n2 after \S+ \(call \d+\); time to stale on every surviving node: \S+\. The surviving nodes' sessions driven exactly through every surviving node: 2 of 2\.`)
			if got := kill.MatchString(report); got != tc.kill {
				t.Errorf("the kill line shown = %v, want %v:\n%s", got, tc.kill, report)
			}
		})
	}
}

func TestBalancerModeSettingsOutOfBoundsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-agents", "0"}, "-agents 0: want 1 to 500"},
		{[]string{"-agents", "501"}, "-agents 501: want 1 to 500"},
		{[]string{"-nodes", "1"}, "-nodes 1: want 2 to 5"},
		{[]string{"-nodes", "6"}, "-nodes 6: want 2 to 5"},
		{[]string{"-rounds", "6"}, "-rounds 6: want 1 to 5"},
		{[]string{"-duration", "2m"}, "-duration 2m0s: want more than 0 and at most 1m"},
		{[]string{"-clients", "sticky"}, `-clients "sticky": one of stateless, session`},
	} {
		err := run(append([]string{"-mode", "balancer"}, tc.args...), strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run %q = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

func TestBalancerMediansAndRatios(t *testing.T) {
	run := func(target string, round, calls int, p50, p99 time.Duration, cpu time.Duration) balancedOutcome {
		return balancedOutcome{target: target, round: round, calls: calls, wall: time.Second, cpu: cpu,
			latency: summary{p50: p50, p99: p99}}
	}
	ms := time.Millisecond
	for _, tc := range []struct {
		name     string
		outcomes []balancedOutcome
		want     []string
		not      string
	}{
		{
			"one round each",
			[]balancedOutcome{run("lb", 1, 900, 2*ms, 10*ms, 900*ms), run("one", 1, 1000, 1*ms, 5*ms, 500*ms)},
			[]string{"| lb | 1 | 900 | 2.0 ms | 10.0 ms | 1000 µs |", "| one | 1 | 1000 | 1.0 ms | 5.0 ms | 500 µs |",
				"calls/s 0.90x, p50 2.00x, p99 2.00x, CPU per call 2.00x."},
			"Round by round",
		},
		{
			"the median of three rounds, whatever their order",
			[]balancedOutcome{
				run("lb", 1, 300, 9*ms, 90*ms, 300*ms), run("one", 1, 400, 1*ms, 4*ms, 400*ms),
				run("one", 2, 800, 3*ms, 12*ms, 400*ms), run("lb", 2, 600, 2*ms, 20*ms, 1200*ms),
				run("lb", 3, 1200, 1*ms, 10*ms, 1200*ms), run("one", 3, 200, 2*ms, 8*ms, 400*ms),
			},
			[]string{"| lb | 3 | 600 | 2.0 ms | 20.0 ms | 1000 µs |", "| one | 3 | 400 | 2.0 ms | 8.0 ms | 1000 µs |",
				"calls/s 1.50x, p50 1.00x, p99 2.50x, CPU per call 1.00x.",
				"Round by round (each pair back to back), the median ratio and each round's: calls/s 0.75x (0.75, 0.75, 6.00); p50 0.67x (9.00, 0.67, 0.50); p99 1.67x (22.50, 1.67, 1.25); CPU per call 1.00x (1.00, 4.00, 0.50)."},
			"",
		},
		{
			"no calls through the node alone: no ratio",
			[]balancedOutcome{run("lb", 1, 900, 2*ms, 10*ms, 900*ms), run("one", 1, 0, 0, 0, 0)},
			[]string{"calls/s n/a, p50 n/a, p99 n/a, CPU per call n/a."},
			"Round by round",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			writeBalancedMedians(&out, tc.outcomes, "lb", "one")
			if tc.not != "" && strings.Contains(out.String(), tc.not) {
				t.Errorf("%q in a report of one round:\n%s", tc.not, &out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("no %q in:\n%s", w, &out)
				}
			}
		})
	}
}

func TestOnlyTheStaleSessionAnswerIsStale(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("facet_act: %w: session `k` on node \"n3\" is not running (its node does not answer); call facet_list to see running sessions", errToolError), true},
		{fmt.Errorf("facet_act: %w: session `k` is not running in this server, so tool `k_inc_click` does nothing; call facet_list to see running sessions, or facet_start to start one", errToolError), true},
		{nil, false},
		{fmt.Errorf("facet_act: %w: session `k` did not answer within 6s; call facet_list", errToolError), false},
		{fmt.Errorf("facet_act: transport error: session `k` is not running; call facet_list"), false},
		{errors.New("is not running; facet_list"), false},
	} {
		if got := isStale(tc.err); got != tc.want {
			t.Errorf("isStale(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

func TestStaleTooLateOrNeverIsAProblem(t *testing.T) {
	last := errors.New("facet_act: context deadline exceeded")
	for _, tc := range []struct {
		after time.Duration
		want  string
	}{
		{2 * time.Millisecond, ""},
		{staleBound, ""},
		{staleBound + time.Millisecond, "node n1 answered the killed node's session stale after 10.001s, over the 10s bound"},
		{0, "node n1 did not answer the killed node's session stale in 1m0s; its last answer: facet_act: context deadline exceeded"},
	} {
		err := staleAt{node: "n1", after: tc.after}.problem(time.Minute, last)
		if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
			t.Errorf("stale after %s: problem = %v, want %q", tc.after, err, tc.want)
		}
	}
}
