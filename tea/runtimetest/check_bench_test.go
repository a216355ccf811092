package runtimetest_test

import (
	"context"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/tea/runtimetest"
)

// BenchmarkDispatch measures what Check adds to one Dispatch of a model
// holding a thousand rows: fingerprinting the new snapshot and comparing
// the Recheck before it again.
func BenchmarkDispatch(b *testing.B) {
	rows := make([]string, 1000)
	for i := range rows {
		rows[i] = "row"
	}
	for _, checked := range []bool{false, true} {
		name := "unchecked"
		if checked {
			name = "checked"
		}
		b.Run(name, func(b *testing.B) {
			rt, err := tea.Start(context.Background(), table{Rows: rows, Counts: []int{0}})
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Stop()
			if checked {
				runtimetest.Check(b, rt)
			}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rt.Dispatch(ctx, bump{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// table is a model with rows it never changes and a count it copies.
type table struct {
	Rows   []string
	Counts []int
}

func (table) Init() tea.Cmd { return nil }
func (m table) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.Counts = []int{m.Counts[0] + 1}
	return m, nil
}
func (m table) View() tea.Node { return tea.Label("rows") }
