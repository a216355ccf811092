package playground

import (
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// runtimeHistory is how many heap samples the sparkline keeps.
const runtimeHistory = 60

// runtimeSample is one reading of the process's figures. owner ties it to
// the monitor that asked for it: a sample for another monitor (one that was
// closed and opened again in a Browser) is dropped, so only one refresh loop
// keeps running.
type runtimeSample struct {
	owner      *int
	at         time.Time
	goroutines int
	heapAlloc  uint64
	heapInuse  uint64
	stackInuse uint64
	sys        uint64
	numGC      uint32
}

// readRuntime takes a sample now.
func readRuntime(owner *int, at time.Time) runtimeSample {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return runtimeSample{owner: owner, at: at, goroutines: runtime.NumGoroutine(),
		heapAlloc: ms.HeapAlloc, heapInuse: ms.HeapInuse, stackInuse: ms.StackInuse, sys: ms.Sys, numGC: ms.NumGC}
}

// RuntimeDemo shows live figures of the process it runs in, refreshed every
// second. Widgets: Text "stats" (goroutines, heap, GC count), Sparkline
// "heap" (the heap over the last minute) and BarChart "memory" (where the
// memory goes, in MiB).
type RuntimeDemo struct {
	owner    *int // identifies this monitor's samples; never dereferenced
	interval time.Duration
	last     runtimeSample
	samples  int
	heap     []float64 // MiB, oldest first; replaced, never changed in place
}

// NewRuntime returns a monitor that takes its first sample when started.
func NewRuntime() RuntimeDemo {
	return RuntimeDemo{owner: new(int), interval: time.Second}
}

// Samples returns how many samples the monitor has taken.
func (r RuntimeDemo) Samples() int { return r.samples }

// Init implements tea.Model: it takes the first sample.
func (r RuntimeDemo) Init() tea.Cmd {
	owner := r.owner
	return func() tea.Msg { return readRuntime(owner, time.Now()) }
}

// Update implements tea.Model.
func (r RuntimeDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	s, ok := msg.(runtimeSample)
	if !ok || s.owner != r.owner {
		return r, nil
	}
	r.last = s
	r.samples++
	heap := make([]float64, 0, runtimeHistory)
	if len(r.heap) >= runtimeHistory {
		heap = append(heap, r.heap[len(r.heap)-runtimeHistory+1:]...)
	} else {
		heap = append(heap, r.heap...)
	}
	r.heap = append(heap, mib(s.heapAlloc))
	owner := r.owner
	return r, tea.Tick(r.interval, func(t time.Time) tea.Msg { return readRuntime(owner, t) })
}

// mib converts bytes to mebibytes, rounded to the tenth the monitor shows
// every figure with (1.8 MiB), so the stats line, the sparkline and the
// bar chart agree.
func mib(b uint64) float64 { return math.Round(float64(b)/(1<<20)*10) / 10 }

// Stats returns the figures line.
func (r RuntimeDemo) Stats() string {
	if r.samples == 0 {
		return "Reading the runtime…"
	}
	s := r.last
	return fmt.Sprintf("goroutines %d · heap %.1f MiB · GC cycles %d · updated %s",
		s.goroutines, mib(s.heapAlloc), s.numGC, s.at.Format("15:04:05"))
}

// View implements tea.Model.
func (r RuntimeDemo) View() tea.Node {
	s := r.last
	return tea.Column{Gap: 1, Items: []tea.Node{
		widgets.Text{ID: "stats", Content: r.Stats(), Bold: true},
		tea.Box{Title: "Heap (MiB), last minute", Child: widgets.Sparkline{ID: "heap", Label: fmt.Sprintf("%.1f MiB", mib(s.heapAlloc)), Values: r.heap}},
		tea.Box{Title: "Memory (MiB)", Child: widgets.BarChart{ID: "memory", Bars: []widgets.Bar{
			{Label: "heap alloc", Value: mib(s.heapAlloc)},
			{Label: "heap in use", Value: mib(s.heapInuse)},
			{Label: "stacks", Value: mib(s.stackInuse)},
			{Label: "from the OS", Value: mib(s.sys)},
		}}},
		tea.Text{Content: fmt.Sprintf("Go %s · %s/%s · %d CPUs", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU()), Muted: true},
	}}
}
