package tea_test

import (
	"context"
	"testing"

	"github.com/facetui/facet/tea"
)

// benchModel is a small counter with a few widgets in its view.
type benchModel struct{ n int }

type incMsg struct{}

func (benchModel) Init() tea.Cmd { return nil }

func (m benchModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(incMsg); ok {
		m.n++
	}
	return m, nil
}

func (m benchModel) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		tea.Label("counter"),
		tea.Row{Items: []tea.Node{probe{id: "inc"}, probe{id: "dec"}}},
		probe{id: "reset"},
	}}
}

// BenchmarkDispatch measures one round trip: queue, Update, View, focus
// order, publish to one subscriber, answer.
func BenchmarkDispatch(b *testing.B) {
	rt, err := tea.Start(context.Background(), benchModel{})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Stop()
	_, cancel := rt.Subscribe()
	defer cancel()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rt.Dispatch(ctx, incMsg{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if n := rt.Snapshot().Model.(benchModel).n; n != b.N {
		b.Fatalf("applied %d, want %d", n, b.N)
	}
}
