package widgets

import (
	"encoding/json"
	"testing"
)

func TestNumericColumnsReadAsNumbers(t *testing.T) {
	tests := []struct {
		cell string
		want string
	}{
		{"37000", `37000`},
		{"-1.5", `-1.5`},
		{"1.2k", `"1.2k"`},
		{"0123", `"0123"`},
		{" 7", `" 7"`},
		{"", `""`},
		{"null", `"null"`},
		{"true", `"true"`},
		{"-0", `-0`},
		{"1e+5", `1e+5`},
		{"1.", `"1."`},
		{"<1>", `"\u003c1\u003e"`},
	}
	for _, tc := range tests {
		row := TableRow{Keys: []string{"name", "n"}, Cells: []string{"37000", tc.cell}, Numeric: []bool{false, true}}
		b, err := json.Marshal(row)
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"name":"37000","n":` + tc.want + `}`; string(b) != want {
			t.Errorf("cell %q: %s, want %s", tc.cell, b, want)
		}
	}
}
