package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// readText renders a read's value (decoded JSON) as the text a model reads:
// a value as itself, a list one item a line, a list of objects (a table's
// rows) as tab-separated rows under a header, an object as "key: value"
// lines. It says what structuredContent says, once, without JSON's quoting
// and escaping. A table's "columns" give its rows' column order.
func readText(v any) string {
	var b strings.Builder
	writeText(&b, v, "", nil)
	return strings.TrimRight(b.String(), "\n")
}

func writeText(b *strings.Builder, v any, indent string, order []string) {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 1 {
			if inner, ok := x["value"]; ok {
				writeText(b, inner, indent, nil)
				return
			}
		}
		cols := stringList(x["columns"])
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if k == "columns" && cols != nil {
				if _, rows := x["rows"]; rows {
					continue // the rows' header says it
				}
			}
			if isScalar(x[k]) {
				fmt.Fprintf(b, "%s%s: %s\n", indent, k, scalarText(x[k]))
				continue
			}
			fmt.Fprintf(b, "%s%s:\n", indent, k)
			writeText(b, x[k], indent+"  ", cols)
		}
	case []any:
		if len(x) == 0 {
			b.WriteString(indent + "(none)\n")
			return
		}
		if header := rowKeys(x, order); header != nil {
			b.WriteString(indent + strings.Join(header, "\t") + "\n")
			for _, r := range x {
				row := r.(map[string]any)
				b.WriteString(indent)
				for i, k := range header {
					if i > 0 {
						b.WriteByte('\t')
					}
					b.WriteString(cellText(row[k]))
				}
				b.WriteByte('\n')
			}
			return
		}
		for _, e := range x {
			if isScalar(e) {
				b.WriteString(indent + scalarText(e) + "\n")
				continue
			}
			j, _ := json.Marshal(e)
			b.WriteString(indent + string(j) + "\n")
		}
	default:
		b.WriteString(indent + scalarText(v) + "\n")
	}
}

// rowKeys is the header of a list of objects whose members are all
// scalars: order's keys first, then the rest sorted. It is nil for any
// other list.
func rowKeys(list []any, order []string) []string {
	seen := map[string]bool{}
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			return nil
		}
		for k, v := range m {
			if !isScalar(v) {
				return nil
			}
			seen[k] = true
		}
	}
	var out []string
	for _, k := range order {
		if seen[k] {
			out = append(out, k)
			delete(seen, k)
		}
	}
	rest := make([]string, 0, len(seen))
	for k := range seen {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func isScalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

// scalarText is a scalar as itself: a string without quotes, a number,
// true, false or null.
func scalarText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		// JSON's own form, where it writes no exponent.
		if a := math.Abs(x); a == 0 || (a >= 1e-6 && a < 1e21) {
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "null"
	}
	j, _ := json.Marshal(v)
	return string(j)
}

// cellText is a scalar in a tab-separated row: tabs and line breaks would
// break the row, so they become spaces.
func cellText(v any) string {
	if v == nil {
		return ""
	}
	s := scalarText(v)
	if !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	return cellBreaks.Replace(s)
}

// cellBreaks turns what would break a tab-separated row into spaces.
var cellBreaks = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")

func stringList(v any) []string {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}
