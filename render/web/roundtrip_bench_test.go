package web_test

import (
	"slices"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// BenchmarkKeystrokeRoundTrip measures a key's round trip on loopback, as
// a page sees it: the key goes out over the WebSocket, the runtime applies
// it, the page's patch comes back. It reports the median and the 99th
// percentile (goal: p50 within one frame, 16 ms).
func BenchmarkKeystrokeRoundTrip(b *testing.B) {
	cases := []struct {
		name  string
		model func() tea.Model
		setup []string // keys before timing
		keys  []string // pressed in turn while timing
	}{
		{name: "catalog/down-up", model: func() tea.Model { return playground.NewBrowser() }, keys: []string{"down", "up"}},
		{name: "search/type-delete", model: searchBrowser, keys: []string{"r", "backspace"}},
		{name: "search-table/down-up", model: searchBrowser, setup: []string{"tab", "tab"}, keys: []string{"down", "up"}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			s := serve(b, web.Options{App: tea.App{Name: "bench", New: tc.model}, NoAgents: true})
			c := dial(b, s.URL)
			for _, k := range tc.setup {
				c.key(k)
			}
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				p := c.key(tc.keys[i%len(tc.keys)])
				took = append(took, time.Since(start))
				if len(p.Ops) == 0 {
					b.Fatalf("key %q changed nothing on the page", tc.keys[i%len(tc.keys)])
				}
			}
			b.StopTimer()
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(took[min(len(took)*99/100, len(took)-1)].Microseconds()), "p99-µs")
		})
	}
}

// searchBrowser is the playground's catalog browser opened at the search
// demo, the demo whose keys the round-trip benchmarks time.
func searchBrowser() tea.Model {
	m, err := playground.NewBrowserAt("search")
	if err != nil {
		panic(err)
	}
	return m
}
