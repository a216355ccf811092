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
