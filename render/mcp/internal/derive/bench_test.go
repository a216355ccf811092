package derive

import (
	"fmt"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func wideView(n int) tea.Node {
	items := make([]tea.Node, n)
	for i := range items {
		items[i] = widgets.Button{ID: fmt.Sprintf("b%d", i), Label: "x", OnClick: incMsg{}}
	}
	return tea.Column{Items: items}
}

// BenchmarkDeriveAndSync1000 derives a 1,000-widget view and registers all
// of it in a fresh registry, as a session's first render does.
func BenchmarkDeriveAndSync1000(b *testing.B) {
	view := wideView(1000)
	b.ReportAllocs()
	for b.Loop() {
		sy := NewToolSynchronizer("s", NewRegistry(nil), nil)
		if err := sy.Sync(tea.Snapshot{View: view, Version: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSteadyStateRender1000 is a new render of the same 1,000-widget
// view with no tool change: derivation plus the registry path.
func BenchmarkSteadyStateRender1000(b *testing.B) {
	view := wideView(1000)
	sy := NewToolSynchronizer("s", NewRegistry(nil), nil)
	_ = sy.Sync(tea.Snapshot{View: view, Version: 1})
	b.ReportAllocs()
	v := uint64(1)
	for b.Loop() {
		v++
		_ = sy.Sync(tea.Snapshot{View: view, Version: v})
	}
}

func TestASnapshotIsDerivedOnce(t *testing.T) {
	reg := NewRegistry(nil)
	sy := NewToolSynchronizer("s", reg, nil)
	n := 0
	view := countingView{probe: probe{id: "w", kind: "k", actions: []tea.Action{{Name: "poke"}}}, n: &n}
	_ = sy.Sync(tea.Snapshot{View: view, Version: 2})
	_ = sy.Sync(tea.Snapshot{View: view, Version: 2})
	_ = sy.Sync(tea.Snapshot{View: view, Version: 1})
	if n != 1 {
		t.Fatalf("derived %d times, want once", n)
	}
}

// countingView counts how often derivation asks for its actions.
type countingView struct {
	probe
	n *int
}

func (c countingView) Actions() []tea.Action { *c.n++; return c.probe.Actions() }

// BenchmarkSteadyStateRegistryPath is the registry path alone for a render
// with no tool change (goal: zero allocations).
func BenchmarkSteadyStateRegistryPath(b *testing.B) {
	view := wideView(1000)
	sy := NewToolSynchronizer("s", NewRegistry(nil), nil)
	_ = sy.Sync(tea.Snapshot{View: view, Version: 1})
	derived, warns := Tools("s", view)
	b.ReportAllocs()
	v := uint64(1)
	for b.Loop() {
		v++
		_ = sy.reconcile(v, derived, warns, nil)
	}
}

func TestSteadyStateRegistryPathAllocatesNothing(t *testing.T) {
	view := wideView(50)
	sy := NewToolSynchronizer("s", NewRegistry(nil), nil)
	_ = sy.Sync(tea.Snapshot{View: view, Version: 1})
	derived, warns := Tools("s", view)
	v := uint64(1)
	allocs := testing.AllocsPerRun(100, func() {
		v++
		_ = sy.reconcile(v, derived, warns, nil)
	})
	if allocs != 0 {
		t.Fatalf("steady-state registry path allocates %v per render, want 0", allocs)
	}
}

// incMsg is a button message for benchmark views.
type incMsg struct{}

// BenchmarkSyncChangedFieldAndTable is the sync of a render that changed
// a text field's value and a table (whose rows make it not comparable):
// the search demo's every keystroke.
func BenchmarkSyncChangedFieldAndTable(b *testing.B) {
	rows := make([][]string, 390)
	for i := range rows {
		rows[i] = []string{fmt.Sprint(i), "name"}
	}
	view := func(v uint64) tea.Node {
		return tea.Column{Items: []tea.Node{
			widgets.TextInput{ID: "q", Value: fmt.Sprint(v)},
			widgets.Table{ID: "results", Columns: []widgets.TableColumn{{Key: "n", Title: "N"}, {Key: "name", Title: "Name"}}, Rows: rows},
			widgets.Button{ID: "go", Label: "Go", OnClick: incMsg{}},
		}}
	}
	sy := NewToolSynchronizer("s", NewRegistry(nil), nil)
	_ = sy.Sync(tea.Snapshot{View: view(1), Version: 1})
	views := []tea.Node{view(2), view(3)}
	b.ReportAllocs()
	v := uint64(1)
	for b.Loop() {
		v++
		_ = sy.Sync(tea.Snapshot{View: views[v%2], Version: v})
	}
}
