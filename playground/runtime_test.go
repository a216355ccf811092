package playground

import (
	"strings"
	"testing"
	"time"

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
