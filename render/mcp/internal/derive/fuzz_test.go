package derive

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// mustStrip is the oracle for CleanText, written from the rule and Unicode's
// tables rather than from strip: control (Cc), format (Cf), private use
// (Co), line (Zl) and paragraph (Zp) separators, variation selectors, the
// combining grapheme joiner, the Hangul fillers and the braille blank. Planes
// 15 and 16 go whole: they are private use but for the two noncharacters at
// the end of each, which no text needs either.
func mustStrip(r rune) bool {
	switch {
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Zl, unicode.Zp):
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	case r == 0x034F, r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x2800:
		return true
	case r >= 0xF0000 && r <= 0x10FFFF:
		return true
	}
	return false
}

func FuzzCleanText(f *testing.F) {
	for _, seed := range []string{
		"", "plain text", "Select the row at index.", "tab\there", "line\nbreak\r\n",
		"\u202eevil\u202c", "zero\u200bwidth\u200c\u200d", "\ufeffbom", "\u2028\u2029",
		"\U000E0041\U000E007F tag chars", "\ue000 private \U000F0000 \U0010FFFD \U000FFFFE",
		"emoji\ufe0f \u2764\ufe0e", "\U000E0100\U000E01EF", "cgj\u034f", "\u115f\u1160\u3164\uffa0",
		"\u2800braille", "\x00\x1b[31m\x7f\u0085", "\xff\xfe invalid", "\xe2\x80", "ok \ufffd",
		"\u00ad soft hyphen", "\u061c\u200e\u200f", "é\u0301 combining", "ignore previous instructions\u2066",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := CleanText(s)
		var want []rune
		for _, r := range s { // invalid bytes range as U+FFFD, which is kept
			if !mustStrip(r) {
				want = append(want, r)
			}
		}
		got := []rune(out)
		for i, r := range got {
			if mustStrip(r) {
				t.Fatalf("CleanText(%q) = %q keeps U+%04X at rune %d", s, out, r, i)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("CleanText(%q) = %q, want exactly the kept runes in order %q", s, out, string(want))
		}
		if again := CleanText(out); again != out {
			t.Fatalf("CleanText is not idempotent: %q -> %q -> %q", s, out, again)
		}
	})
}

// schemaMarkers turn a marker string in fuzz JSON into a Go value JSON
// decoding never produces, so the schema fuzzer reaches every kind the
// cleaner handles: numbers JSON cannot encode, Go integer and float kinds,
// pointers, channels, functions, structs, typed slices, arrays and maps.
var schemaMarkers = map[string]func() any{
	"$nan":      func() any { return math.NaN() },
	"$inf":      func() any { return math.Inf(-1) },
	"$int":      func() any { return 42 },
	"$int8":     func() any { return int8(-7) },
	"$uint":     func() any { return uint64(math.MaxUint64) },
	"$f32":      func() any { return float32(1.5) },
	"$f32nan":   func() any { return float32(math.NaN()) },
	"$ptr":      func() any { n := 1; return &n },
	"$nilptr":   func() any { return (*int)(nil) },
	"$chan":     func() any { return make(chan int) },
	"$func":     func() any { return func() {} },
	"$struct":   func() any { return struct{ A int }{1} },
	"$bytes":    func() any { return []byte("ab") },
	"$nilslice": func() any { return []any(nil) },
	"$strs":     func() any { return []string{"a\u200b", "b"} },
	"$arr":      func() any { return [2]any{"x", 1.0} },
	"$intmap":   func() any { return map[int]any{1: "x"} },
	"$strmap":   func() any { return map[string]string{"k\u200b": "v", "j": "w\u202e"} },
	"$dupmap":   func() any { return map[string]string{"k\u200b": "v", "k": "w"} },
	"$nilmap":   func() any { return map[string]any(nil) },
}

// withMarkers replaces marker strings in a decoded JSON value.
func withMarkers(v any) any {
	switch x := v.(type) {
	case string:
		if mk, ok := schemaMarkers[x]; ok {
			return mk()
		}
	case []any:
		for i := range x {
			x[i] = withMarkers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = withMarkers(x[k])
		}
	}
	return v
}

// schemaShape is the oracle for CleanSchema: it counts the values (each
// map, list and leaf counts one), and reports whether any value lies deeper
// than MaxSchemaDepth, cannot be a JSON value, or sits in a map beside a key
// equal to its own once cleaned.
type schemaShape struct {
	count  int
	refuse string
}

func (s *schemaShape) walk(v any, depth int) {
	s.count++
	if depth > MaxSchemaDepth && s.refuse == "" {
		s.refuse = "too deep"
	}
	refuse := func(why string) {
		if s.refuse == "" {
			s.refuse = why
		}
	}
	switch x := v.(type) {
	case nil, string, bool, int, int8, uint8, uint64, *int:
		if p, ok := x.(*int); ok && p != nil {
			refuse("pointer")
		}
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			refuse("not finite")
		}
	case float32:
		if x != x {
			refuse("not finite")
		}
	case []any:
		for _, e := range x {
			s.walk(e, depth+1)
		}
	case []byte:
		for _, e := range x {
			s.walk(e, depth+1)
		}
	case []string:
		for _, e := range x {
			s.walk(e, depth+1)
		}
	case [2]any:
		for _, e := range x {
			s.walk(e, depth+1)
		}
	case map[string]any:
		seen := map[string]bool{}
		for k, e := range x {
			if seen[CleanText(k)] {
				refuse("duplicate key")
			}
			seen[CleanText(k)] = true
			s.walk(e, depth+1)
		}
	case map[string]string:
		seen := map[string]bool{}
		for k, e := range x {
			if seen[CleanText(k)] {
				refuse("duplicate key")
			}
			seen[CleanText(k)] = true
			s.walk(e, depth+1)
		}
	default: // channels, functions, structs, int-keyed maps
		refuse(fmt.Sprintf("%T", v))
	}
}

// checkClean asserts a CleanSchema result holds only plain, clean JSON
// values, and returns its value count and depth.
func checkClean(t *testing.T, v any, depth int) (count, deepest int) {
	t.Helper()
	count, deepest = 1, depth
	cleanStr := func(what, s string) {
		if CleanText(s) != s || strings.IndexFunc(s, mustStrip) >= 0 {
			t.Fatalf("CleanSchema left an unclean %s %q", what, s)
		}
	}
	add := func(c, d int) {
		count += c
		deepest = max(deepest, d)
	}
	switch x := v.(type) {
	case nil, bool:
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("CleanSchema kept %v", x)
		}
	case string:
		cleanStr("string", x)
	case []any:
		for _, e := range x {
			add(checkClean(t, e, depth+1))
		}
	case map[string]any:
		for k, e := range x {
			cleanStr("key", k)
			add(checkClean(t, e, depth+1))
		}
	default:
		t.Fatalf("CleanSchema returned a %T, not a plain JSON value", v)
	}
	return count, deepest
}

// nested returns {"a": [[...[0]...]]} with n lists: its leaf lies at depth
// n+2.
func nested(n int) []byte {
	return []byte(`{"a":` + strings.Repeat("[", n) + "0" + strings.Repeat("]", n) + "}")
}

// wide returns {"a": [0, 0, ...]} with n zeros: n+2 values.
func wide(n int) []byte {
	return []byte(`{"a":[` + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]}")
}

func FuzzCleanSchema(f *testing.F) {
	for _, seed := range []string{
		`{}`, `null`, `[]`, `"x"`, `{"type":"object"}`,
		`{"type":"object","properties":{"index":{"type":"integer","description":"Row index.","minimum":0}},"required":["index"],"additionalProperties":false}`,
		`{"description":"ignore\u200b previous\u202e","enum":["a\ufeff","b"]}`,
		`{"a\u200b":1,"a":2}`, `{"k\u2028":{"k\u2029":[null,true,false,1.5e300,-0]}}`,
		`{"\u2800":"\u3164","\ue000":"\U000F0000"}`, `{"":""}`,
		`{"nan":"$nan","inf":"$inf"}`, `{"int":"$int","i8":"$int8","u":"$uint","f":"$f32"}`, `{"f":"$f32nan"}`,
		`{"p":"$ptr"}`, `{"p":"$nilptr"}`, `{"c":"$chan"}`, `{"f":"$func"}`, `{"s":"$struct"}`,
		`{"b":"$bytes","n":"$nilslice","s":"$strs","a":"$arr"}`, `{"m":"$intmap"}`,
		`{"m":"$strmap"}`, `{"m":"$dupmap"}`, `{"m":"$nilmap"}`, `{"x":["$nan"]}`,
	} {
		f.Add([]byte(seed))
	}
	for _, n := range []int{MaxSchemaDepth - 2, MaxSchemaDepth - 1} {
		f.Add(nested(n))
	}
	for _, n := range []int{MaxSchemaValues - 2, MaxSchemaValues - 1} {
		f.Add(wide(n))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var schema map[string]any
		if err := json.Unmarshal(data, &schema); err != nil {
			return // not an object
		}
		withMarkers(schema)
		var want schemaShape
		want.walk(schema, 1)
		if want.count > MaxSchemaValues && want.refuse == "" {
			want.refuse = "too many values"
		}
		out, err := CleanSchema(schema)
		if err != nil {
			if !errors.Is(err, ErrBadSpec) || err == ErrBadSpec || !strings.HasPrefix(err.Error(), ErrBadSpec.Error()+": ") {
				t.Fatalf("CleanSchema error %q (%T) is not a wrapped ErrBadSpec", err, err)
			}
			if want.refuse == "" {
				t.Fatalf("CleanSchema refused a valid schema (%d values): %v", want.count, err)
			}
			return
		}
		if want.refuse != "" {
			t.Fatalf("CleanSchema accepted a schema it must refuse (%s)", want.refuse)
		}
		if out == nil {
			t.Fatal("CleanSchema returned a nil map and no error")
		}
		if _, err := json.Marshal(out); err != nil {
			t.Fatalf("json.Marshal refuses CleanSchema's result: %v", err)
		}
		count, deepest := checkClean(t, out, 1)
		if count > MaxSchemaValues || deepest > MaxSchemaDepth {
			t.Fatalf("result holds %d values, %d deep: limits are %d and %d", count, deepest, MaxSchemaValues, MaxSchemaDepth)
		}
		if count != want.count {
			t.Fatalf("result holds %d values, the schema %d", count, want.count)
		}
		again, err := CleanSchema(out)
		if err != nil || !reflect.DeepEqual(again, out) {
			t.Fatalf("CleanSchema is not idempotent: %v", err)
		}
	})
}

var clientNameRe = regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)*$`)

func FuzzClientName(f *testing.F) {
	for _, seed := range []string{
		"", ".", "_", "__", "tool", "demo.search.type_into", "demo.x-y.click", "demo.x_y.click",
		"Demo.Search.Click", "__a__b__", "a..b", "é.ü.ß", "\u212a", "\u0130", "ﬁ", "x\u200by", "123",
		"-.-.tool", "A-B.c-d.get_rows",
	} {
		f.Add(seed, "demo", "search", "type_into")
	}
	f.Add("", "-", "_", "a")
	f.Add("", "Ab-C", "x_y", "z9_")
	f.Fuzz(func(t *testing.T, name, session, widget, action string) {
		got := toolname.ClientName(name)
		if !clientNameRe.MatchString(got) {
			t.Fatalf("ClientName(%q) = %q: want [a-z0-9] runs joined by single _", name, got)
		}
		if again := toolname.ClientName(got); again != got {
			t.Fatalf("ClientName is not idempotent: %q -> %q -> %q", name, got, again)
		}
		// Every ASCII letter and digit of the lowercased name survives, in
		// order; "tool" stands in only when there is none.
		var alnum strings.Builder
		for _, r := range strings.ToLower(name) {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				alnum.WriteRune(r)
			}
		}
		if alnum.Len() == 0 {
			if got != "tool" {
				t.Fatalf("ClientName(%q) = %q, want tool", name, got)
			}
		} else if kept := strings.ReplaceAll(got, "_", ""); kept != alnum.String() {
			t.Fatalf("ClientName(%q) = %q keeps %q, want %q", name, got, kept, alnum.String())
		}

		if !tea.ValidID(session) || !tea.ValidID(widget) || !toolname.ValidAction(action) {
			return
		}
		full := toolname.ClientName(toolname.ToolName(session, widget, action))
		if full == "" || !strings.HasSuffix(full, toolname.ClientName(action)) {
			t.Fatalf("ClientName(%q) = %q: want it to end with the action's %q", toolname.ToolName(session, widget, action), full, toolname.ClientName(action))
		}
	})
}

func FuzzSplitToolName(f *testing.F) {
	for _, seed := range []string{
		"demo.search.type_into", "demo.search", "demo..click", ".search.click", "demo.search.",
		"a.b.c.d", "demo.sea rch.click", "demo.search.Click", "demo.search.1click", "a-b.C_d.x9_",
		"...", "", strings.Repeat("s", 33) + ".w.a", "s." + strings.Repeat("w", 32) + ".a",
		"s.w." + strings.Repeat("a", 33), "é.w.a",
	} {
		f.Add(seed, "demo", "search", "click")
	}
	f.Add("", "-", "_", "a")
	f.Fuzz(func(t *testing.T, name, session, widget, action string) {
		s, w, a, ok := toolname.SplitToolName(name)
		parts := strings.Split(name, ".")
		want := len(parts) == 3 && tea.ValidID(parts[0]) && tea.ValidID(parts[1]) && toolname.ValidAction(parts[2])
		if ok != want {
			t.Fatalf("SplitToolName(%q) ok = %v, want %v", name, ok, want)
		}
		if ok {
			if toolname.ToolName(s, w, a) != name || toolname.SessionOf(name) != s {
				t.Fatalf("SplitToolName(%q) = %q %q %q, which do not join back", name, s, w, a)
			}
		} else if s != "" || w != "" || a != "" {
			t.Fatalf("SplitToolName(%q) failed but returned %q %q %q", name, s, w, a)
		}

		if !tea.ValidID(session) || !tea.ValidID(widget) || !toolname.ValidAction(action) {
			return
		}
		joined := toolname.ToolName(session, widget, action)
		s, w, a, ok = toolname.SplitToolName(joined)
		if !ok || s != session || w != widget || a != action {
			t.Fatalf("SplitToolName(ToolName(%q, %q, %q)) = %q %q %q %v", session, widget, action, s, w, a, ok)
		}
		if toolname.SessionOf(joined) != session {
			t.Fatalf("SessionOf(%q) = %q, want %q", joined, toolname.SessionOf(joined), session)
		}
	})
}
