package runtimetest_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/tea/runtimetest"
)

// counts is a throwaway app that keeps the contract: Update copies the
// slice it changes.
type counts struct{ Counts []int }

// bump increments Counts[0].
type bump struct{}

func (counts) Init() tea.Cmd { return nil }
func (m counts) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(bump); ok {
		m.Counts = append([]int(nil), m.Counts...)
		m.Counts[0]++
	}
	return m, nil
}
func (m counts) View() tea.Node { return tea.Label(strings.Repeat("|", m.Counts[0])) }

// sharedCounts breaks the contract: m.Counts[0]++ changes the array every
// earlier model (and the snapshot holding it) shares.
type sharedCounts struct{ Counts []int }

func (sharedCounts) Init() tea.Cmd { return nil }
func (m sharedCounts) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(bump); ok {
		m.Counts[0]++
	}
	return m, nil
}
func (m sharedCounts) View() tea.Node { return tea.Label("counts") }

// inPlace breaks it through a pointer: Update changes the model it was
// called on, which the last snapshot holds.
type inPlace struct{ n int }

func (*inPlace) Init() tea.Cmd { return nil }
func (m *inPlace) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.n++
	return m, nil
}
func (m *inPlace) View() tea.Node { return tea.Label("n") }

// sharedMap breaks it through a map.
type sharedMap struct{ seen map[string]int }

func (sharedMap) Init() tea.Cmd { return nil }
func (m sharedMap) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.seen["bump"]++
	return m, nil
}
func (m sharedMap) View() tea.Node { return tea.Label("seen") }

// sharedNames breaks it through a slice of strings, and one of slices.
type sharedNames struct {
	Names []string
	Grid  [][]int
}

// setGrid changes the nested slice rather than the names.
type setGrid struct{}

func (sharedNames) Init() tea.Cmd { return nil }
func (m sharedNames) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(setGrid); ok {
		m.Grid[0][0] = 7
		return m, nil
	}
	m.Names[0] += "!"
	return m, nil
}
func (m sharedNames) View() tea.Node { return tea.Label("names") }

// services holds what a model may share without owning: a lock, a
// function, a channel, a time in a zone. None of it is the model's state.
type services struct {
	mu  *sync.Mutex
	now func() time.Time
	ch  chan int
	at  time.Time
}

func (services) Init() tea.Cmd { return nil }
func (m services) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.mu.Lock() // taking the lock changes the mutex's state
	m.at = m.now()
	m.mu.Unlock()
	return m, nil
}
func (m services) View() tea.Node { return tea.Label(m.at.Format(time.Kitchen)) }

// recorder is a testing.TB that keeps what Check reports and runs its
// cleanups when the test's own work is done.
type recorder struct {
	testing.TB
	mu       sync.Mutex
	errors   []string
	cleanups []func()
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, strings.TrimSpace(fmt.Sprintf(format, args...)))
}
func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recorder) end() []string {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.errors
}

func TestCheckReportsASnapshotChangedAfterPublication(t *testing.T) {
	tests := []struct {
		name  string
		model tea.Model
		msgs  []tea.Msg
		want  []string // in the report; nil: no report
	}{
		{name: "a copying model passes", model: counts{Counts: []int{0, 0}}, msgs: []tea.Msg{bump{}, bump{}, bump{}}},
		{name: "a model sharing only what it does not own passes",
			model: services{mu: &sync.Mutex{}, now: time.Now, ch: make(chan int), at: time.Now()}, msgs: []tea.Msg{bump{}, bump{}}},
		{name: "m.Counts[0]++ on a shared slice", model: sharedCounts{Counts: []int{0}}, msgs: []tea.Msg{bump{}},
			want: []string{"snapshot version 1", "runtimetest_test.sharedCounts", "Model.Counts changed", "when version 2 was published", "copy it"}},
		{name: "a pointer model changed in place", model: &inPlace{}, msgs: []tea.Msg{bump{}},
			want: []string{"snapshot version 1", "Model.n changed"}},
		{name: "a shared slice of strings", model: sharedNames{Names: []string{"a"}, Grid: [][]int{{0}}}, msgs: []tea.Msg{bump{}},
			want: []string{"snapshot version 1", "Model.Names changed"}},
		{name: "a shared slice of slices", model: sharedNames{Names: []string{"a"}, Grid: [][]int{{0}}}, msgs: []tea.Msg{setGrid{}},
			want: []string{"snapshot version 1", "Model.Grid changed"}},
		{name: "a shared map", model: sharedMap{seen: map[string]int{}}, msgs: []tea.Msg{bump{}},
			want: []string{"snapshot version 1", "Model.seen changed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, err := tea.Start(context.Background(), tt.model)
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			rec := &recorder{TB: t}
			runtimetest.Check(rec, rt)
			for _, msg := range tt.msgs {
				if _, err := rt.Dispatch(context.Background(), msg); err != nil {
					t.Fatal(err)
				}
			}
			got := rec.end()
			if tt.want == nil {
				if len(got) != 0 {
					t.Fatalf("Check reported a model that keeps the contract:\n%s", strings.Join(got, "\n"))
				}
				return
			}
			if len(got) == 0 {
				t.Fatal("Check reported nothing")
			}
			for _, w := range tt.want {
				if !strings.Contains(got[0], w) {
					t.Errorf("report lacks %q:\n%s", w, got[0])
				}
			}
		})
	}
}

func TestCheckComparesEverySnapshotWhenTheTestEnds(t *testing.T) {
	rt, err := tea.Start(context.Background(), counts{Counts: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	rec := &recorder{TB: t}
	runtimetest.Check(rec, rt)
	tr, err := rt.Dispatch(context.Background(), bump{})
	if err != nil {
		t.Fatal(err)
	}
	for range runtimetest.Recheck + 2 {
		if _, err := rt.Dispatch(context.Background(), bump{}); err != nil {
			t.Fatal(err)
		}
	}
	// Too old to be compared at a publish: only the check at the end
	// sees this change.
	tr.After.Model.(counts).Counts[0] = 99
	if got := rec.errors; len(got) != 0 {
		t.Fatalf("reported before the end: %v", got)
	}
	got := rec.end()
	if len(got) != 1 || !strings.Contains(got[0], "when the test ended") || !strings.Contains(got[0], "Model.Counts") {
		t.Fatalf("reports at the end = %q, want one naming Model.Counts", got)
	}
}

// TestSharedSliceRacesARenderer shows the race the contract prevents, for
// the race detector to see: a renderer reads a published snapshot's
// Counts while the next Update writes the array it shares. It fails under
// -race by design, so it runs only when asked:
//
//	FACET_SHOW_RACE=1 go test -race -run TestSharedSliceRacesARenderer ./tea/runtimetest/
func TestSharedSliceRacesARenderer(t *testing.T) {
	if os.Getenv("FACET_SHOW_RACE") == "" {
		t.Skip("shows a data race on purpose; set FACET_SHOW_RACE=1 and run with -race")
	}
	rt, err := tea.Start(context.Background(), sharedCounts{Counts: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	snaps, cancel := rt.Subscribe()
	defer cancel()
	done := make(chan int)
	go func() {
		sum := 0
		for s := range snaps {
			sum += s.Model.(sharedCounts).Counts[0] // the renderer's read
		}
		done <- sum
	}()
	for range 100 {
		if _, err := rt.Dispatch(context.Background(), bump{}); err != nil {
			t.Fatal(err)
		}
	}
	rt.Stop()
	<-done
}
