package main

import (
	"slices"
	"time"
)

// percentile is the p-th percentile (0 < p <= 100) of sorted durations,
// by the nearest-rank method; 0 for none.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(p/100*float64(len(sorted))+0.999999) - 1
	return sorted[min(max(rank, 0), len(sorted)-1)]
}

// summary is the latency distribution of a run.
type summary struct {
	n             int
	p50, p99, max time.Duration
}

func summarize(all []time.Duration) summary {
	sorted := slices.Clone(all)
	slices.Sort(sorted)
	s := summary{n: len(sorted), p50: percentile(sorted, 50), p99: percentile(sorted, 99)}
	if len(sorted) > 0 {
		s.max = sorted[len(sorted)-1]
	}
	return s
}
