package playground

import (
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestRuntimeRefreshesOnATick(t *testing.T) {
	r := NewRuntime()
	r.interval = time.Millisecond
	rt := start(t, r)
	eventually(t, "five samples", func() bool { return modelOf[RuntimeDemo](t, rt).Samples() >= 5 })
	if got := textOf(t, rt, "stats"); !strings.HasPrefix(got, "goroutines ") || !strings.Contains(got, "heap ") || !strings.Contains(got, "GC cycles ") {
		t.Fatalf("stats = %q", got)
	}
	if n := len(widget[widgets.Sparkline](t, rt, "heap").Values); n < 5 {
		t.Errorf("sparkline has %d values, want one per sample", n)
	}
	bars := widget[widgets.BarChart](t, rt, "memory").Bars
	if len(bars) != 4 || bars[3].Value <= 0 {
		t.Errorf("bars = %v, want 4 with memory from the OS > 0", bars)
	}
}

func TestRuntimeIgnoresAnotherMonitorsSamples(t *testing.T) {
	r := NewRuntime()
	r.interval = time.Hour // only the first sample arrives by itself
	rt := start(t, r)
	eventually(t, "the first sample", func() bool { return modelOf[RuntimeDemo](t, rt).Samples() == 1 })
	dispatch(t, rt, readRuntime(new(int), time.Now()))
	if got := modelOf[RuntimeDemo](t, rt).Samples(); got != 1 {
		t.Fatalf("another monitor's sample was taken: %d samples", got)
	}
	dispatch(t, rt, readRuntime(r.owner, time.Now()))
	if got := modelOf[RuntimeDemo](t, rt).Samples(); got != 2 {
		t.Fatalf("its own sample was not taken: %d samples", got)
	}
}

func TestRuntimeKeepsAMinuteOfHeapHistory(t *testing.T) {
	r := NewRuntime()
	r.interval = time.Hour
	rt := start(t, r)
	for range runtimeHistory + 10 {
		dispatch(t, rt, readRuntime(r.owner, time.Now()))
	}
	if n := len(widget[widgets.Sparkline](t, rt, "heap").Values); n != runtimeHistory {
		t.Fatalf("sparkline has %d values, want %d", n, runtimeHistory)
	}
}

// The monitor shows every figure in MiB with one decimal: the stats line,
// the sparkline's label and the bars agree ("3.9 " once stood next to
// "2.35").
func TestRuntimeShowsEveryFigureWithOneDecimal(t *testing.T) {
	r := NewRuntime()
	r.interval = time.Hour
	rt := start(t, r)
	eventually(t, "the first sample", func() bool { return modelOf[RuntimeDemo](t, rt).Samples() == 1 })
	const mb = 1 << 20
	dispatch(t, rt, runtimeSample{owner: r.owner, at: time.Now(), goroutines: 7, numGC: 2,
		heapAlloc: 39 * mb / 10, heapInuse: 236 * mb / 100, stackInuse: mb / 2, sys: 16 * mb})
	if got := textOf(t, rt, "stats"); !strings.Contains(got, "heap 3.9 MiB") {
		t.Errorf("stats = %q, want heap 3.9 MiB", got)
	}
	if got := widget[widgets.Sparkline](t, rt, "heap").Label; got != "3.9 MiB" {
		t.Errorf("sparkline label = %q, want 3.9 MiB", got)
	}
	chart := stripANSI(widget[widgets.BarChart](t, rt, "memory").Render(tea.RenderContext{Width: 40}))
	for i, want := range []string{" 3.9", " 2.4", " 0.5", "16.0"} {
		if line := strings.Split(chart, "\n")[i]; !strings.HasSuffix(line, want) {
			t.Errorf("bar %d reads %q, want it to end %q", i, line, want)
		}
	}
}
