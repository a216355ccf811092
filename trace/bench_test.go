package trace_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// countingWriter counts the bytes a recording writes.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// BenchmarkCounterClick is an agent's click on the counter's +1, as the
// MCP renderer dispatches it, with recording off and on; bytes/input is
// what the recording grows by per click.
func BenchmarkCounterClick(b *testing.B) {
	for _, recording := range []bool{false, true} {
		name := "off"
		if recording {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			app, _ := playground.Lookup("counter")
			var opts []tea.Option
			w := &countingWriter{}
			var rec *trace.Recorder
			if recording {
				rec = trace.New(w, trace.Options{App: "counter", MaxBytes: 1 << 40})
				opts = append(opts, rec.Option())
			}
			rt, err := tea.Start(context.Background(), app.New(), append(opts, tea.WithSize(80, 24))...)
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Stop()
			inc, _ := tea.FindWidget(rt.Snapshot().View, "inc")
			res, _ := inc.(tea.ToolProvider).Invoke("click", nil)
			msg := tea.AgentMsg{Agent: "bench", Msg: res.Msg()}
			ctx := context.Background()
			b.ReportAllocs()
			cpu0 := cpuTime(b)
			b.ResetTimer()
			for b.Loop() {
				if _, err := rt.Dispatch(ctx, msg); err != nil {
					b.Fatal(err)
				}
			}
			if rec != nil {
				// The writer's work counts: Close waits for it.
				_ = rec.Close()
			}
			b.StopTimer()
			b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N), "cpu-ns/input")
			if rec != nil {
				b.ReportMetric(float64(w.n)/float64(b.N), "bytes/input")
			}
		})
	}
}

// cpuTime is the CPU time the process has used, user and system: the
// recorder's writer goroutine runs beside the runtime, so the time an
// input takes does not show all its cost.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
