package main

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAgentsModeLoadsFacetAndTheEcho is the short version of the agents
// run against Facet and the echo server, in this process: a few agents
// for a second each. Every task of both must be exact, and the echo's
// answers must be as long as Facet's. It checks exactness and sizes, not
// speed.
func TestAgentsModeLoadsFacetAndTheEcho(t *testing.T) {
	if testing.Short() {
		t.Skip("serves MCP over HTTP for a few seconds")
	}
	args := []string{"-mode", "agents", "-agents", "2", "-duration", "1s", "-servers", "facet,echo", "-in-process"}
	var out bytes.Buffer
	if err := run(args, strings.NewReader(""), &out, io.Discard); err != nil {
		t.Fatalf("run %q: %v\n%s", args, err, &out)
	}
	text := out.String()
	for _, kind := range []string{kindFacet, kindEcho} {
		if !regexp.MustCompile(`\n\| ` + kind + ` \| 2 of 2 \| \d+ \| yes \| `).MatchString(text) {
			t.Fatalf("no exact row of %s's in:\n%s", kind, text)
		}
	}
	if !regexp.MustCompile(`\nFacet's server CPU per call is \d+\.\d\dx echo's \(the median of the rounds' ratios: \d+\.\d\dx\)\.\n`).MatchString(text) {
		t.Fatalf("no ratio of Facet's server CPU per call to echo's in:\n%s", text)
	}
	sizes := map[string][]int{}
	for _, m := range regexp.MustCompile(`(?m)^\| (facet|echo) \| (\d+) \| (\d+) \| (\d+) \|$`).FindAllStringSubmatch(text, -1) {
		for _, n := range m[2:] {
			v, err := strconv.Atoi(n)
			if err != nil {
				t.Fatal(err)
			}
			sizes[m[1]] = append(sizes[m[1]], v)
		}
	}
	facet, echo := sizes[kindFacet], sizes[kindEcho]
	if len(facet) != len(searchSteps) || len(echo) != len(searchSteps) {
		t.Fatalf("no answer sizes of both servers, a step each, in:\n%s", text)
	}
	for i, s := range searchSteps {
		if d := echo[i] - facet[i]; facet[i] < 100 || d < -4 || d > 4 {
			t.Errorf("%s: the echo answered %d bytes, Facet %d: want Facet's within 4 bytes", s.action, echo[i], facet[i])
		}
	}
}

func TestCPURatiosPairFacetAndEchoByRound(t *testing.T) {
	run := func(server string, round int, perCallMicros float64) agentsOutcome {
		return agentsOutcome{server: server, round: round, calls: 1000, cpu: time.Duration(1000 * perCallMicros * float64(time.Microsecond))}
	}
	cases := []struct {
		name   string
		runs   []agentsOutcome
		ratios []float64
		median float64
	}{
		{"one round", []agentsOutcome{run("facet", 0, 200), run("echo", 0, 100)}, []float64{2}, 2},
		{"three rounds, either order", []agentsOutcome{
			run("facet", 1, 300), run("echo", 1, 100),
			run("echo", 2, 100), run("facet", 2, 150),
			run("facet", 3, 200), run("echo", 3, 100),
		}, []float64{3, 1.5, 2}, 2},
		{"two rounds: the mean of the middle two", []agentsOutcome{
			run("facet", 1, 300), run("echo", 1, 100), run("echo", 2, 100), run("facet", 2, 200),
		}, []float64{3, 2}, 2.5},
		{"facet alone", []agentsOutcome{run("facet", 0, 200)}, nil, 0},
		{"an echo that cost nothing is left out", []agentsOutcome{run("facet", 0, 200), run("echo", 0, 0)}, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := cpuRatios(c.runs)
			if len(got) != len(c.ratios) {
				t.Fatalf("cpuRatios = %v, want %v", got, c.ratios)
			}
			for i := range got {
				if diff := got[i] - c.ratios[i]; diff < -1e-9 || diff > 1e-9 {
					t.Fatalf("cpuRatios = %v, want %v", got, c.ratios)
				}
			}
			if m := median(got); m != c.median {
				t.Fatalf("median = %g, want %g", m, c.median)
			}
		})
	}
}
