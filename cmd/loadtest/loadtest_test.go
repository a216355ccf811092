package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// TestSmokeEveryKeyIsAppliedExactlyOnce is the short version of a load
// run: a few connections typing for two seconds against both servers, in
// this process. It checks exactness, not speed.
func TestSmokeEveryKeyIsAppliedExactlyOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("opens SSH connections for a few seconds")
	}
	var out bytes.Buffer
	err := run([]string{"-in-process", "-conns", "4", "-rate", "10", "-duration", "2s", "-servers", "facet,facet-notravel,plain"}, strings.NewReader(""), &out, io.Discard)
	if err != nil {
		t.Fatalf("load run: %v\n%s", err, &out)
	}
	for _, server := range []string{"facet", "facet-notravel", "plain"} {
		row := "| " + server + " | 4 of 4 | 80 / 80 | yes |"
		if !strings.Contains(out.String(), row) {
			t.Errorf("no row starting %q in:\n%s", row, &out)
		}
	}
}

func TestSettingsOutOfBoundsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-conns", "0"}, "-conns 0: want 1 to 1000"},
		{[]string{"-conns", "1001"}, "-conns 1001: want 1 to 1000"},
		{[]string{"-rate", "0"}, "-rate 0: want more than 0"},
		{[]string{"-rate", "101"}, "at most 100 keys a second"},
		{[]string{"-duration", "61s"}, "-duration 1m1s: want more than 0 and at most 1m"},
		{[]string{"-dialers", "0"}, "-dialers 0: want 1 to 64"},
		{[]string{"-rounds", "0"}, "-rounds 0: want 1 to 5"},
		{[]string{"-rounds", "6"}, "-rounds 6: want 1 to 5"},
		{[]string{"-memprofile", "heap"}, "-memprofile needs -in-process"},
		{[]string{"-servers", "facet,tmux", "-in-process", "-conns", "1", "-duration", "100ms"}, `unknown server "tmux"`},
	} {
		err := run(tc.args, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run %q = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

func TestPercentileIsTheNearestRank(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		d := make([]time.Duration, len(ns))
		for i, n := range ns {
			d[i] = time.Duration(n) * time.Millisecond
		}
		return d
	}
	for _, tc := range []struct {
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{nil, 50, 0},
		{ms(7), 99, 7 * time.Millisecond},
		{ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{ms(1, 2, 3, 4, 5), 50, 3 * time.Millisecond},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10 * time.Millisecond},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 10, 1 * time.Millisecond},
	} {
		if got := percentile(tc.sorted, tc.p); got != tc.want {
			t.Errorf("percentile(%v, %g) = %s, want %s", tc.sorted, tc.p, got, tc.want)
		}
	}
}
