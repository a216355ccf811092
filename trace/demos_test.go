package trace_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// demoKeys are the person's keys every demo gets: they move focus, move
// within the focused widget and act on it.
var demoKeys = []tea.Key{
	tea.Named(tea.KeyTab), tea.Named(tea.KeyDown), tea.Named(tea.KeyEnter),
	tea.Named(tea.KeyTab), tea.Char(' '), tea.Named(tea.KeyRight), tea.Char('a'),
	tea.Named(tea.KeyTab), tea.Named(tea.KeyEnter), tea.Named(tea.KeyUp),
}

// liveDemos show what a replay cannot make again: the runtime monitor
// samples the live process (goroutines, heap), so its frames differ from
// run to run; its replay may only stop at a divergence, never fail
// otherwise.
var liveDemos = map[string]bool{"runtime": true}

func TestARecordingOfEveryDemoReplays(t *testing.T) {
	for _, app := range playground.Catalog() {
		t.Run(app.Name, func(t *testing.T) {
			var buf bytes.Buffer
			rec := trace.New(&buf, trace.Options{App: app.Name})
			ctx := context.Background()
			rt, err := tea.Start(ctx, app.New(), rec.Option(), tea.WithSize(80, 24))
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range demoKeys {
				tr, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: k})
				if err != nil {
					t.Fatalf("key %s: %v", k, err)
				}
				if tr.Settled != nil {
					<-tr.Settled
				}
				if err := rt.Barrier(ctx); err != nil {
					t.Fatal(err)
				}
			}
			rt.Stop()
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			entries, err := trace.Read(&buf)
			if err != nil {
				t.Fatal(err)
			}
			res, err := trace.Replay(ctx, entries, app.New(), trace.ReplayOptions{})
			var d *trace.DivergenceError
			switch {
			case liveDemos[app.Name] && errors.As(err, &d):
				return
			case err != nil:
				t.Fatalf("replay: %v", err)
			}
			if res.Inputs != len(demoKeys) {
				t.Errorf("replayed %d inputs, want %d", res.Inputs, len(demoKeys))
			}
		})
	}
}
