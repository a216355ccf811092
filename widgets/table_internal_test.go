package widgets

import (
	"reflect"
	"testing"
)

func TestTableLayout(t *testing.T) {
	tests := []struct {
		name    string
		columns []TableColumn
		width   int
		want    []colSpan
	}{
		{"flexible columns share the rest, first ones get the remainder", []TableColumn{{Key: "a"}, {Key: "b", Width: 4}, {Key: "c"}}, 20,
			[]colSpan{{2, 6}, {9, 4}, {14, 6}}},
		{"all fixed", []TableColumn{{Key: "a", Width: 3}, {Key: "b", Width: 3}}, 80, []colSpan{{2, 3}, {6, 3}}},
		{"a fixed column too wide shrinks so a flexible one keeps its minimum", []TableColumn{{Key: "a", Width: 30}, {Key: "b"}}, 20,
			[]colSpan{{2, 14}, {17, 3}}},
		{"the search demo at 50 columns: the flexible column keeps its title's width, the widest fixed one gives way",
			[]TableColumn{{Key: "name", Title: "Repository", Width: 36}, {Key: "stars", Title: "Stars", Width: 8}, {Key: "language", Title: "Language"}}, 48,
			[]colSpan{{2, 28}, {31, 8}, {40, 8}}},
		{"fixed columns shrink widest first", []TableColumn{{Key: "a", Width: 20}, {Key: "b", Width: 10}, {Key: "c", Width: 6}}, 30,
			[]colSpan{{2, 10}, {13, 10}, {24, 6}}},
		{"a flexible column shrinks to its minimum before a fixed one gives a cell", []TableColumn{{Key: "a", Width: 10}, {Key: "b", Title: "Language"}}, 21,
			[]colSpan{{2, 10}, {13, 8}}},
		{"below every minimum, every column narrows, widest first", []TableColumn{{Key: "name", Title: "Repository", Width: 36}, {Key: "stars", Title: "Stars", Width: 8}, {Key: "language", Title: "Language"}}, 13,
			[]colSpan{{2, 3}, {6, 3}, {10, 3}}},
		{"too narrow for a cell each, each keeps one", []TableColumn{{Key: "a", Width: 5}, {Key: "b"}, {Key: "c", Width: 5}}, 5,
			[]colSpan{{2, 1}, {4, 1}, {6, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Table{Columns: tc.columns}).layout(tc.width); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("layout(%d) = %v, want %v", tc.width, got, tc.want)
			}
		})
	}
}

// get_rows' schema states the page-size limit the table enforces.
func TestGetRowsSchemaStatesTheMaxLimit(t *testing.T) {
	limit := schemaProperty(getRowsArgsSpec.schema(), "limit")
	if limit["maximum"] != getRowsMaxLimit {
		t.Fatalf("get_rows' limit maximum = %v, want getRowsMaxLimit %d", limit["maximum"], getRowsMaxLimit)
	}
}
