package mcp

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// benchTable is a table like the search demo's: four columns, one numeric.
func benchTable(rows int) widgets.Table {
	t := widgets.Table{ID: "results", Columns: []widgets.TableColumn{
		{Key: "name"}, {Key: "stars", Numeric: true}, {Key: "language"}, {Key: "description"},
	}}
	for i := range rows {
		t.Rows = append(t.Rows, []string{fmt.Sprintf("repo-%d", i), fmt.Sprint(i * 7), "Go", "a terminal framework, with widgets"})
	}
	return t
}

// BenchmarkReadAnswer is get_rows of 100 rows from the read's value to the
// bytes on the wire: the answer (structured content and its compact text),
// the invisible-text escaper and the SDK's encoding of the result.
func BenchmarkReadAnswer(b *testing.B) {
	res, err := benchTable(390).Invoke("get_rows", map[string]any{"limit": 100})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		a, err := readResult("results_get_rows", res.Value())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(toWire(a, nil)); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSearchView is a screen like the search demo's: a field and a button
// in a row, a table of 390 rows and text under it.
func benchSearchView() tea.Node {
	t := benchTable(390)
	t.Height = 20
	return tea.Column{Items: []tea.Node{
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.TextInput{ID: "query", Label: "Search", Placeholder: "name or description"},
			widgets.Button{ID: "submit", Label: "Search", OnClick: "go"},
		}},
		tea.Spacer{Lines: 1},
		t,
		tea.Spacer{Lines: 1},
		tea.Text{Content: "repo-0 — a terminal framework", Muted: true},
		widgets.Text{ID: "status", Content: "390 repositories"},
	}}
}

// BenchmarkScreenshot is facet_screenshot's answer of the search screen at
// the default size, to the bytes on the wire.
func BenchmarkScreenshot(b *testing.B) {
	snap := tea.Snapshot{View: benchSearchView(), Focus: "query"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(toWire(screenResult(snap, nil), nil)); err != nil {
			b.Fatal(err)
		}
	}
}
