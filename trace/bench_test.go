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
	offAndOn(b, func(b *testing.B, recording bool) {
		app, _ := playground.Lookup("counter")
		recs := &recorders{on: recording}
		var opts []tea.Option
		if recording {
			opts = recs.option("", "counter")
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
		recs.report(b, cpu0)
	})
}

// offAndOn runs bench as the sub-benchmarks "off" and "on": the same
// inputs with recording off, then on, in one run.
func offAndOn(b *testing.B, bench func(b *testing.B, recording bool)) {
	for _, recording := range []bool{false, true} {
		name := "off"
		if recording {
			name = "on"
		}
		b.Run(name, func(b *testing.B) { bench(b, recording) })
	}
}

// recorders are a benchmark's recordings, all written to one counting
// writer, when on.
type recorders struct {
	on   bool
	w    countingWriter
	recs []*trace.Recorder
}

// option records the session id of app; it is a tea.Sessions'
// StartOptions hook.
func (r *recorders) option(id, app string) []tea.Option {
	rec := trace.New(&r.w, trace.Options{App: app, Session: id, MaxBytes: 1 << 40})
	r.recs = append(r.recs, rec)
	return []tea.Option{rec.Option()}
}

// recordSessions has every session that sessions starts recorded, when r
// is on.
func (r *recorders) recordSessions(sessions *tea.Sessions) {
	if r.on {
		sessions.StartOptions(r.option)
	}
}

// report closes the recordings (the writer's work counts: Close waits
// for it), stops the timer and reports the process's CPU time since cpu0
// per input and, when recording, the bytes per input.
func (r *recorders) report(b *testing.B, cpu0 time.Duration) {
	for _, rec := range r.recs {
		_ = rec.Close()
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N), "cpu-ns/input")
	if r.on {
		b.ReportMetric(float64(r.w.n)/float64(b.N), "bytes/input")
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
