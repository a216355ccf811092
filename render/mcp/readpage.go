package mcp

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/facetui/facet/tea"
)

// pageAnswer is readResult for a page of rows (a table's get_rows),
// written from the page itself: its JSON (a table's page writes it in one
// pass), and the text readText would render from that JSON decoded,
// without decoding it.
// A page that text could not be written for exactly as readText would (no
// columns, a column key twice, text that is not UTF-8, a number beyond
// float64) is not answered here: ok is false and the caller takes the
// general path.
func pageAnswer(p tea.RowPage) (a Answer, ok bool) {
	text, ok := pageText(p)
	if !ok {
		return Answer{}, false
	}
	b, err := p.MarshalJSON()
	if err != nil {
		return Answer{}, false
	}
	return answer(json.RawMessage(b), text), true
}

// maxExactInt is the largest integer every float64 between 0 and it
// holds exactly: readText sees numbers decoded as float64.
const maxExactInt = 1 << 53

// pageText renders p as readText renders its decoded JSON: the scalar
// members "offset" and "total" as "key: value" lines in key order, and
// the rows under their header, tab-separated, indented under "rows:".
func pageText(p tea.RowPage) (string, bool) {
	keys, offset, total, n := p.PageHeader()
	if len(keys) == 0 || n < 0 || offset > maxExactInt || offset < -maxExactInt ||
		total > maxExactInt || total < -maxExactInt || !distinctText(keys) {
		return "", false
	}
	var b strings.Builder
	b.Grow(64 + n*16*len(keys))
	b.WriteString("offset: ")
	b.WriteString(strconv.Itoa(offset))
	b.WriteString("\nrows:\n")
	if n == 0 {
		b.WriteString("  (none)\n")
	} else {
		b.WriteString("  ")
		b.WriteString(strings.Join(keys, "\t"))
		b.WriteByte('\n')
		for row := range n {
			rowKeys, cells := p.PageRow(row)
			if !sameColumns(rowKeys, keys) {
				return "", false
			}
			b.WriteString("  ")
			for i := range keys {
				if i > 0 {
					b.WriteByte('\t')
				}
				cell := ""
				if i < len(cells) {
					cell = cells[i]
				}
				if !utf8.ValidString(cell) {
					return "", false
				}
				if p.PageNumber(row, i) && !shortInteger(cell) {
					f, err := strconv.ParseFloat(cell, 64)
					if err != nil {
						return "", false
					}
					cell = scalarText(f)
				}
				writeCell(&b, cell)
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString("total: ")
	b.WriteString(strconv.Itoa(total))
	return b.String(), true
}

// shortInteger reports whether s, a JSON number, is an integer of at most
// 15 digits: float64 holds it exactly and scalarText spells it as s does.
func shortInteger(s string) bool {
	digits := strings.TrimPrefix(s, "-")
	if len(digits) == 0 || len(digits) > 15 {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// writeCell writes a cell as cellText does.
func writeCell(b *strings.Builder, s string) {
	if !strings.ContainsAny(s, "\t\n\r") {
		b.WriteString(s)
		return
	}
	cellBreaks.WriteString(b, s)
}

// distinctText reports whether keys are valid UTF-8 and no two are the
// same.
func distinctText(keys []string) bool {
	for i, k := range keys {
		if !utf8.ValidString(k) {
			return false
		}
		for _, o := range keys[:i] {
			if o == k {
				return false
			}
		}
	}
	return true
}

// sameColumns reports whether a row's keys are the page's columns.
func sameColumns(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
