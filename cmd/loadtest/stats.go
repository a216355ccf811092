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

// byServer groups runs by server, and lists the servers in the order
// they first ran.
func byServer[T any](runs []T, server func(T) string) (servers []string, by map[string][]T) {
	by = map[string][]T{}
	for _, r := range runs {
		s := server(r)
		if _, ok := by[s]; !ok {
			servers = append(servers, s)
		}
		by[s] = append(by[s], r)
	}
	return servers, by
}
