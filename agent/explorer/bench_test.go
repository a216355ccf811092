package explorer_test

import (
	"context"
	"testing"
	"time"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/explorer"
	"github.com/facetui/facet/playground"
)

// BenchmarkExplorerStepsOnSearch measures the explorer's calls per second
// on the search demo: each iteration is one step (a tool call with
// generated arguments, and its follow-up read after a write).
func BenchmarkExplorerStepsOnSearch(b *testing.B) {
	srv, m := demoServer(b)
	ctx := context.Background()
	if _, err := srv.StartSession(ctx, "bench", "search", playground.NewSearch()); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	if _, err := m.Spawn(ctx, agent.Spec{Kind: explorer.Kind, ID: "xb", Session: "bench", Goal: "seed=1",
		Budget: agent.Budget{Steps: max(b.N, 1), Time: agent.MaxTime}}); err != nil {
		b.Fatal(err)
	}
	info, err := m.Wait(ctx, "xb")
	if err != nil {
		b.Fatal(err)
	}
	elapsed := time.Since(start)
	b.StopTimer()
	if info.Status != agent.StatusDone {
		b.Fatalf("explorer ended %s: %s", info.Status, info.Error)
	}
	b.ReportMetric(float64(info.Steps)/elapsed.Seconds(), "steps/s")
}
