package main

import (
	"strings"
	"testing"
	"time"
)

func TestWriteTableShowsServerCPUPerKey(t *testing.T) {
	cases := []struct {
		name string
		o    outcome
		want string
	}{
		{"2 s over 1,000 keys", outcome{server: "facet", applied: 1000, cpu: 2 * time.Second, wall: 10 * time.Second}, "| 0.20 | 2000 µs |"},
		{"no key applied", outcome{server: "plain", cpu: time.Second, wall: time.Second}, "| 1.00 | 0 µs |"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			writeTable(&b, []outcome{c.o})
			if !strings.Contains(b.String(), c.want) || !strings.Contains(b.String(), "| server CPU per key |") {
				t.Fatalf("the table lacks %q:\n%s", c.want, b.String())
			}
		})
	}
}

func TestWriteMediansTakesEachServersMiddleRoundAndThePlainRatio(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	run := func(server string, round int, p50, p99 time.Duration) outcome {
		return outcome{server: server, round: round, connected: 10, applied: 100, cpu: ms(10),
			rssBase: 0, rssPeak: 10 << 20, latency: summary{p50: p50, p99: p99}}
	}
	var b strings.Builder
	writeMedians(&b, []outcome{
		run("facet", 1, ms(1), ms(90)), run("plain", 1, ms(9), ms(20)),
		run("plain", 2, ms(8), ms(40)), run("facet", 2, ms(2), ms(30)),
		run("facet", 3, ms(3), ms(60)), run("plain", 3, ms(7), ms(30)),
	})
	for _, want := range []string{
		"| facet | 3 | 2.0 ms | 60.0 ms | 1.0 MB | 100 µs |",
		"| plain | 3 | 8.0 ms | 30.0 ms | 1.0 MB | 100 µs |",
		"Facet's median p99 is 2.00x the plain counter's.",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in:\n%s", want, b.String())
		}
	}
}
