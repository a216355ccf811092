package mcp

import (
	"context"
	"encoding/json"
	"syscall"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
)

// BenchmarkPlaygroundCalls is each kind of call cmd/bench measures against
// the same-size echo, inside the server from the call to its answer's
// bytes (the result as the SDK encodes it): a click on the counter, a sort
// of the search demo's 390 rows (the app's own sort included), a page of
// 100 rows, a screenshot of the search screen after a sort (each
// iteration sorts the other way first, as the bench's rounds do, so the
// screenshot's cost is this one's less sort_390_rows') and the session
// list.
// The sessions' runtimes and followers run on their own goroutines, as
// they do in a server: cpu-ns/op is the process's CPU time per call, theirs
// and the collector's included, which
// a loaded machine distorts less than the time per call.
func BenchmarkPlaygroundCalls(b *testing.B) {
	var apps []App
	for _, a := range playground.Catalog() {
		apps = append(apps, App{Name: a.Name, Title: a.Title, Description: a.Description, New: a.New})
	}
	srv, err := New(Options{Apps: apps, ToolNames: NamesSafe, Auth: AuthOptions{Authorizer: AllowAll(), PolicySource: SourceDefault}})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Sessions().StopAll()
	ctx := context.Background()
	call := func(b *testing.B, tool string, args map[string]any) {
		a, err := srv.callTool(ctx, tool, callInput{Args: args})
		if err != nil {
			b.Fatalf("%s: %v", tool, err)
		}
		if _, err := json.Marshal(toWire(a, nil)); err != nil {
			b.Fatal(err)
		}
	}
	for _, app := range []string{"counter", "search"} {
		call(b, "facet_start", map[string]any{"app": app, "session": app})
	}
	dirs := []string{"asc", "desc"}
	sorts := 0
	sort := func(b *testing.B) {
		sorts++
		call(b, "search.results.sort", map[string]any{"column": "stars", "direction": dirs[sorts%2]})
	}
	run := func(name string, each func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := processCPU(b)
			for b.Loop() {
				each(b)
			}
			b.ReportMetric(float64(processCPU(b)-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
	run("counter_click", func(b *testing.B) { call(b, "counter.inc.click", map[string]any{}) })
	run("sort_390_rows", sort)
	run("get_rows_100", func(b *testing.B) { call(b, "search.results.get_rows", map[string]any{"limit": 100}) })
	run("sort_then_screenshot", func(b *testing.B) {
		sort(b)
		call(b, "facet_screenshot", map[string]any{"session": "search"})
	})
	run("facet_list", func(b *testing.B) { call(b, "facet_list", map[string]any{}) })
}

// processCPU is the CPU time the process has used, user and system.
func processCPU(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
