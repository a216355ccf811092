package widgets

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// referenceRowJSON encodes r with encoding/json, one key and one cell at a
// time: the bytes MarshalJSON must produce.
func referenceRowJSON(t *rapid.T, r TableRow) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range r.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(k)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(key)
		b.WriteByte(':')
		v := ""
		if i < len(r.Cells) {
			v = r.Cells[i]
		}
		if i < len(r.Numeric) && r.Numeric[i] && v != "" && strings.TrimSpace(v) == v &&
			(v[0] == '-' || v[0] >= '0' && v[0] <= '9') && json.Valid([]byte(v)) {
			b.WriteString(v)
			continue
		}
		cell, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(cell)
	}
	b.WriteByte('}')
	return b.String()
}

// cellText draws text that exercises every escape encoding/json makes:
// control bytes, HTML characters, U+2028/9, invalid UTF-8 and numbers.
func cellText() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.String(),
		rapid.StringOf(rapid.SampledFrom([]rune{'a', ' ', '"', '\\', '<', '>', '&', '\b', '\f', '\n', '\r', '\t', 0, 0x1f, 0x7f, 'é', '\u2028', '\u2029', '\ufffd', '世'})),
		rapid.Map(rapid.SliceOf(rapid.Byte()), func(b []byte) string { return string(b) }),
		rapid.StringMatching(`[ -]?(0|[0-9]{0,4})(\.[0-9]{0,2})?([eE][+-]?[0-9]{0,2})? ?`),
		rapid.SampledFrom([]string{"null", "true", "false", "-", "0", "-0", "1.", ".5", "1e", "01", "1e+5", "[1]", `"1"`}),
	)
}

func TestTableRowJSONMatchesEncodingJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 6).Draw(t, "columns")
		r := TableRow{
			Keys:    rapid.SliceOfN(cellText(), n, n).Draw(t, "keys"),
			Cells:   rapid.SliceOfN(cellText(), 0, n+1).Draw(t, "cells"),
			Numeric: rapid.SliceOfN(rapid.Bool(), 0, n).Draw(t, "numeric"),
		}
		got, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("json.Marshal: %v", err)
		}
		if want := referenceRowJSON(t, r); string(got) != want {
			t.Fatalf("row %#v:\n got %s\nwant %s", r, got, want)
		}
	})
}

// TestTablePageJSONMatchesTheMapItReplaced checks that a page encodes
// byte for byte as the map get_rows answered before it had a type, with
// encoding/json doing the work.
func TestTablePageJSONMatchesTheMapItReplaced(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 4).Draw(t, "columns")
		keys := rapid.SliceOfN(cellText(), n, n).Draw(t, "keys")
		if rapid.Bool().Draw(t, "nil columns") {
			keys = nil
		}
		numeric := rapid.SliceOfN(rapid.Bool(), 0, n).Draw(t, "numeric")
		var rows []TableRow
		for i := range rapid.IntRange(-1, 5).Draw(t, "rows") {
			if rows == nil {
				rows = []TableRow{}
			}
			_ = i
			rows = append(rows, TableRow{Keys: keys, Cells: rapid.SliceOfN(cellText(), 0, n+1).Draw(t, "cells"), Numeric: numeric})
		}
		p := TablePage{Columns: keys, Offset: rapid.IntRange(-1, 1<<40).Draw(t, "offset"), Rows: rows, Total: rapid.Int().Draw(t, "total")}
		want, err := json.Marshal(map[string]any{"columns": p.Columns, "rows": p.Rows, "total": p.Total, "offset": p.Offset})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Fatalf("AppendJSON:\n got %s\nwant x%s", got, want)
		}
		got, err := json.Marshal(p)
		if err != nil || string(got) != string(want) {
			t.Fatalf("json.Marshal(page) = %s, %v\nwant %s", got, err, want)
		}
	})
}

// TestSortedOrderIsTheStableSort checks the sort of a column against a
// stable sort of its keys, for columns of numbers, of text and of both.
func TestSortedOrderIsTheStableSort(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cells := rapid.SliceOfN(rapid.OneOf(
			rapid.StringMatching(`-?[0-9]{1,3}(\.[0-9])?`),
			rapid.SampledFrom([]string{"a", "B", "b", "ab", "", " 7 ", "NaN", "inf", "1e3", "-0", "0"}),
		), 0, 40).Draw(t, "cells")
		desc := rapid.Bool().Draw(t, "desc")
		keys := make([]sortKey, len(cells))
		for i, c := range cells {
			keys[i] = newSortKey(c)
		}
		want := make([]int, len(keys))
		for i := range want {
			want[i] = i
		}
		slices.SortStableFunc(want, func(a, b int) int {
			if desc {
				return compareSortKeys(keys[b], keys[a])
			}
			return compareSortKeys(keys[a], keys[b])
		})
		at := make([]int32, len(keys))
		for i := range at {
			at[i] = int32(i)
		}
		got := make([]int, len(keys))
		for i, o := range sortedOrder(rowKeys{keys: keys, at: at}, desc) {
			got[i] = int(o)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("cells %q desc %v: order %v, want %v", cells, desc, got, want)
		}
	})
}

// TestMayBeNumberNeverHidesANumber checks the pre-check against
// strconv.ParseFloat: whatever it parses, mayBeNumber lets through.
func TestMayBeNumberNeverHidesANumber(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringMatching(`[+-]?(0x)?[0-9a-fA-FpPe._iInNfFtTyY+-]{0,8}`),
			rapid.SampledFrom([]string{"Inf", "+inf", "-Infinity", "nan", "NaN", ".5", "0x1p-2", "1_000", "0x_1p0"})).Draw(t, "s")
		if _, err := strconv.ParseFloat(s, 64); err == nil && !mayBeNumber(s) {
			t.Fatalf("ParseFloat reads %q, mayBeNumber says it cannot", s)
		}
	})
}
