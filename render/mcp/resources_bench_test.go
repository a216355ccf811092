package mcp

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/facetui/facet/render/mcp/derive"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// tableModel is a 1,000-row table app whose rows are a projection.
type tableModel struct{ state widgets.TableState }

func newTableModel(rows int) *tableModel {
	m := &tableModel{state: widgets.TableState{ID: "results", Height: 20,
		Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}, {Key: "language", Title: "Language"}}}}
	for i := 0; i < rows; i++ {
		m.state.Rows = append(m.state.Rows, []string{fmt.Sprintf("repo-%04d", i), fmt.Sprint((i * 7919) % 100000), []string{"Go", "Rust", "C"}[i%3]})
	}
	return m
}

func (m *tableModel) Init() tea.Cmd { return nil }
func (m *tableModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	n.state.Update(msg)
	return &n, nil
}
func (m *tableModel) View() tea.Node { return m.state.View(widgets.Table{}) }
func (m *tableModel) Projections() []tea.Projection {
	return []tea.Projection{{Name: "results", Value: func() any {
		rows := make([]map[string]string, len(m.state.Rows))
		for i, r := range m.state.Rows {
			rows[i] = map[string]string{"name": r[0], "stars": r[1], "language": r[2]}
		}
		return map[string]any{"rows": rows, "sort": m.state.SortColumn + " " + m.state.SortDirection}
	}}}
}

// BenchmarkDiffAfterSort measures computing the patch for a 1,000-row
// projection after a sort, and reports the patch's size against a full
// re-read's.
func BenchmarkDiffAfterSort(b *testing.B) {
	for _, sortBy := range []struct{ col, dir string }{{"stars", "desc"}, {"name", "desc"}} {
		b.Run(sortBy.col+"_"+sortBy.dir, func(b *testing.B) {
			before := newTableModel(1000)
			afterM, _ := before.Update(widgets.TableSorted{ID: "results", Column: sortBy.col, Direction: sortBy.dir})
			p0, _ := json.Marshal(before.Projections()[0].Value())
			p1, _ := json.Marshal(afterM.(*tableModel).Projections()[0].Value())
			patch, err := derive.Diff(p0, p1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := derive.Diff(p0, p1); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(patch)), "patch_bytes")
			b.ReportMetric(float64(len(p1)), "full_bytes")
			b.ReportMetric(float64(len(patch))/float64(len(p1)), "patch/full")
		})
	}
	b.Run("one_row_changes", func(b *testing.B) {
		m := newTableModel(1000)
		p0, _ := json.Marshal(m.Projections()[0].Value())
		m.state.Rows[500] = []string{"repo-0500", "1", "Zig"}
		p1, _ := json.Marshal(m.Projections()[0].Value())
		patch, _ := derive.Diff(p0, p1)
		b.ReportAllocs()
		for b.Loop() {
			_, _ = derive.Diff(p0, p1)
		}
		b.ReportMetric(float64(len(patch)), "patch_bytes")
		b.ReportMetric(float64(len(p1)), "full_bytes")
		b.ReportMetric(float64(len(patch))/float64(len(p1)), "patch/full")
	})
}
