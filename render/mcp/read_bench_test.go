package mcp

import (
	"encoding/json"
	"fmt"
	"testing"

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
