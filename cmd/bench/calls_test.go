package main

import (
	"strings"
	"testing"
	"time"
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
	times := make([][]time.Duration, len(callKinds))
	for i := range times {
		// The echo takes 100 µs; kind i takes (1 + i/4) times as long.
		d := 100*time.Microsecond + time.Duration(i)*25*time.Microsecond
		times[i] = []time.Duration{d, d, d}
	}
	var b strings.Builder
	writeCalls(&b, 3, times)
	out := b.String()
	for _, want := range []string{"3 rounds", "counter click       125 µs", "1.25x    <= 1.5x\n", "1.50x    <= 1.5x\n", "1.75x    <= 1.5x (missed)"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the table lacks %q:\n%s", want, out)
		}
	}
}
