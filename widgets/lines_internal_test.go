package widgets

import "testing"

// get_lines' schema states the limit getLines applies.
func TestGetLinesSchemaStatesItsLimit(t *testing.T) {
	limit := schemaProperty(getLinesAction().InputSchema, "limit")
	if limit["maximum"] != getLinesMaxLimit {
		t.Fatalf("get_lines' limit maximum = %v, want getLinesMaxLimit %d", limit["maximum"], getLinesMaxLimit)
	}
}
