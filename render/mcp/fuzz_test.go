package mcp

import (
	"context"
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

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
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
		got := ClientName(name)
		if !clientNameRe.MatchString(got) {
			t.Fatalf("ClientName(%q) = %q: want [a-z0-9] runs joined by single _", name, got)
		}
		if again := ClientName(got); again != got {
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

		if !tea.ValidID(session) || !tea.ValidID(widget) || !ValidAction(action) {
			return
		}
		full := ClientName(ToolName(session, widget, action))
		if full == "" || !strings.HasSuffix(full, ClientName(action)) {
			t.Fatalf("ClientName(%q) = %q: want it to end with the action's %q", ToolName(session, widget, action), full, ClientName(action))
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
		s, w, a, ok := SplitToolName(name)
		parts := strings.Split(name, ".")
		want := len(parts) == 3 && tea.ValidID(parts[0]) && tea.ValidID(parts[1]) && ValidAction(parts[2])
		if ok != want {
			t.Fatalf("SplitToolName(%q) ok = %v, want %v", name, ok, want)
		}
		if ok {
			if ToolName(s, w, a) != name || SessionOf(name) != s {
				t.Fatalf("SplitToolName(%q) = %q %q %q, which do not join back", name, s, w, a)
			}
		} else if s != "" || w != "" || a != "" {
			t.Fatalf("SplitToolName(%q) failed but returned %q %q %q", name, s, w, a)
		}

		if !tea.ValidID(session) || !tea.ValidID(widget) || !ValidAction(action) {
			return
		}
		joined := ToolName(session, widget, action)
		s, w, a, ok = SplitToolName(joined)
		if !ok || s != session || w != widget || a != action {
			t.Fatalf("SplitToolName(ToolName(%q, %q, %q)) = %q %q %q %v", session, widget, action, s, w, a, ok)
		}
		if SessionOf(joined) != session {
			t.Fatalf("SessionOf(%q) = %q, want %q", joined, SessionOf(joined), session)
		}
	})
}

var startIDOracle = regexp.MustCompile(`^[a-z][a-z0-9]{0,6}$`)

func FuzzCheckStartID(f *testing.F) {
	for _, seed := range []string{
		"", "a", "demo", "demo2", "abcdefg", "abcdefgh", "facet", "agent", "Facet", "facet2",
		"agents", "1demo", "de-mo", "de_mo", "demo\n", "é", "a\x00", "\u212a",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, id string) {
		want := startIDOracle.MatchString(id) && id != "facet" && id != "agent"
		err := CheckStartID(id)
		if (err == nil) != want {
			t.Fatalf("CheckStartID(%q) = %v, want accepted=%v", id, err, want)
		}
		if err != nil && !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Fatalf("CheckStartID(%q): error %q does not quote the id", id, err)
		}
	})
}

// fuzzApp holds one widget of every kind whose tools take arguments, wired
// to the state helpers, and two buttons that fault: boom panics in Update,
// bad returns a nil model.
type fuzzApp struct {
	Table  widgets.TableState
	List   widgets.SelectListState
	Scrub  widgets.ScrubberState
	Tree   widgets.TreeState
	Name   widgets.TextInputState
	Tabs   widgets.TabsState
	Port   widgets.ViewportState
	Writes int
}

type (
	fuzzPanic struct{}
	fuzzNil   struct{}
)

// fuzzMaxText bounds the text field: appends from millions of inputs would
// otherwise make every later call slower.
const fuzzMaxText = 1 << 12

func newFuzzApp() *fuzzApp {
	lines := make([]string, 30)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %d", i)
	}
	return &fuzzApp{
		Table: widgets.TableState{ID: "table", Height: 3,
			Columns: []widgets.TableColumn{{Key: "name"}, {Key: "size"}},
			Rows:    [][]string{{"b", "10"}, {"a", "9"}, {"c", "x"}, {"d", ""}}},
		List:  widgets.SelectListState{ID: "list", Options: []string{"one", "two", "three"}},
		Scrub: widgets.ScrubberState{ID: "scrub", Min: 10, Max: 100, Position: 10},
		Tree: widgets.TreeState{ID: "tree", Nodes: []widgets.TreeNode{
			{ID: "a", Label: "A", Children: []widgets.TreeNode{{ID: "a1", Label: "A1"},
				{ID: "a2", Label: "A2", Children: []widgets.TreeNode{{ID: "a2x", Label: "A2x"}}}}},
			{ID: "b", Label: "B"}}},
		Name: widgets.TextInputState{ID: "name"},
		Tabs: widgets.TabsState{ID: "tabs", Tabs: []string{"Home", "Files", "Help"}},
		Port: widgets.ViewportState{ID: "view", Lines: lines, Height: 5},
	}
}

func (a *fuzzApp) Init() tea.Cmd { return nil }

func (a *fuzzApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *a
	switch msg.(type) {
	case fuzzPanic:
		panic("fuzz boom")
	case fuzzNil:
		return nil, nil
	}
	if n.Table.Update(msg) || n.List.Update(msg) || n.Scrub.Update(msg) || n.Tree.Update(msg) ||
		n.Name.Update(msg) || n.Tabs.Update(msg) || n.Port.Update(msg) {
		n.Writes++
	}
	if len(n.Name.Value) > fuzzMaxText {
		n.Name.Value = ""
	}
	return &n, nil
}

func (a *fuzzApp) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		a.Table.View(widgets.Table{}), a.List.View(widgets.SelectList{}), a.Scrub.View(widgets.Scrubber{}), a.Tree.View(widgets.Tree{}),
		a.Name.View(widgets.TextInput{}), a.Tabs.View(widgets.Tabs{}), a.Port.View(widgets.Viewport{}),
		widgets.Button{ID: "boom", Label: "boom", OnClick: fuzzPanic{}},
		widgets.Button{ID: "bad", Label: "bad", OnClick: fuzzNil{}},
	}}
}

// check reports a broken invariant of a model the session holds.
func (a *fuzzApp) check() error {
	switch {
	case a.Table.Selected < 0 || a.Table.Selected >= len(a.Table.Rows):
		return fmt.Errorf("table selection %d of %d rows", a.Table.Selected, len(a.Table.Rows))
	case a.List.Selected < -1 || a.List.Selected >= len(a.List.Options):
		return fmt.Errorf("list selection %d", a.List.Selected)
	case a.Scrub.Position < a.Scrub.Min || a.Scrub.Position > a.Scrub.Max:
		return fmt.Errorf("scrubber at %d", a.Scrub.Position)
	case a.Tabs.Active < 0 || a.Tabs.Active >= len(a.Tabs.Tabs):
		return fmt.Errorf("active tab %d", a.Tabs.Active)
	case a.Port.Top < 0 || a.Port.Top > len(a.Port.Lines)-a.Port.Height:
		return fmt.Errorf("viewport top %d", a.Port.Top)
	case len(a.Name.Value) > fuzzMaxText:
		return fmt.Errorf("text of %d bytes", len(a.Name.Value))
	}
	return nil
}

// fuzzTools are the tools the fuzzer calls: facet_act (with the fuzz object
// as its whole arguments) and derived tools (with it as their arguments).
// Every one of them is registered for as long as session fz runs.
var fuzzTools = []string{
	"facet_act",
	"fz.table.select_row", "fz.table.sort", "fz.table.get_rows",
	"fz.list.select", "fz.list.get_selected",
	"fz.scrub.seek", "fz.scrub.play", "fz.scrub.get_position",
	"fz.tree.select_node", "fz.tree.expand", "fz.tree.collapse", "fz.tree.get_nodes",
	"fz.name.type_into", "fz.name.clear", "fz.name.get_value",
	"fz.tabs.select_tab", "fz.tabs.get_tabs",
	"fz.view.scroll_to", "fz.view.get_visible_range",
	"fz.boom.click", "fz.bad.click",
}

func FuzzToolCallArguments(f *testing.F) {
	// One server, one client and one session for every input.
	srv, err := New(Options{Apps: append(testApps(), App{Name: "fuzz", New: func() tea.Model { return newFuzzApp() }})})
	if err != nil {
		f.Fatalf("New: %v", err)
	}
	f.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	c, err := client.NewInProcessClient(srv.SDK())
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { c.Close() })
	initReq := sdk.InitializeRequest{}
	initReq.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	initReq.Params.ClientInfo = sdk.Implementation{Name: "facet-fuzz", Version: "1"}
	if _, err := c.Initialize(ctx, initReq); err != nil {
		f.Fatal(err)
	}
	callTool := func(name string, args map[string]any) (*sdk.CallToolResult, error) {
		req := sdk.CallToolRequest{}
		req.Params.Name = name
		req.Params.Arguments = args
		return c.CallTool(ctx, req)
	}
	if res, err := callTool("facet_start", map[string]any{"app": "fuzz", "id": "fz"}); err != nil || res.IsError {
		f.Fatalf("facet_start: %v %v", err, res)
	}
	listed, err := c.ListTools(ctx, sdk.ListToolsRequest{})
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range fuzzTools {
		if !slices.ContainsFunc(listed.Tools, func(t sdk.Tool) bool { return t.Name == name }) {
			f.Fatalf("tool %s is not listed", name)
		}
	}

	tool := func(name string) uint8 { return uint8(slices.Index(fuzzTools, name)) }
	for _, seed := range []struct {
		tool string
		args string
	}{
		{"facet_act", `{"session":"fz","widget":"table","action":"select_row","args":{"index":2}}`},
		{"facet_act", `{"session":"fz","widget":"table","action":"sort","args":{"column":"size","direction":"desc"}}`},
		{"facet_act", `{"session":"fz","widget":"boom","action":"click"}`},
		{"facet_act", `{"session":"fz","widget":"bad","action":"click","args":{}}`},
		{"facet_act", `{"session":"fz","widget":"tabs","action":"select_tab","args":[1]}`},
		{"facet_act", `{"session":"fz","widget":"nope","action":"click"}`},
		{"facet_act", `{"session":"gone","widget":"table","action":"get_rows"}`},
		{"facet_act", `{"session":"fz","widget":"a.b","action":"Click"}`},
		{"facet_act", `{"session":7,"widget":null,"action":{}}`},
		{"facet_act", `{}`},
		{"fz.table.select_row", `{"index":3}`},
		{"fz.table.select_row", `{"index":4}`},
		{"fz.table.select_row", `{"index":-1}`},
		{"fz.table.select_row", `{"index":1.5}`},
		{"fz.table.select_row", `{"index":1e300}`},
		{"fz.table.select_row", `{"index":"1"}`},
		{"fz.table.select_row", `{"index":null}`},
		{"fz.table.select_row", `{"index":0,"extra":true}`},
		{"fz.table.sort", `{"column":"name","direction":"asc"}`},
		{"fz.table.sort", `{"column":"nope","direction":"up"}`},
		{"fz.table.get_rows", `{"offset":1,"limit":2}`},
		{"fz.table.get_rows", `{"offset":4,"limit":1000}`},
		{"fz.table.get_rows", `{"offset":5,"limit":0}`},
		{"fz.list.select", `{"index":2}`},
		{"fz.list.get_selected", `{"x":1}`},
		{"fz.scrub.seek", `{"position":100}`},
		{"fz.scrub.seek", `{"position":9}`},
		{"fz.scrub.play", `{}`},
		{"fz.tree.select_node", `{"node_id":"a2x"}`},
		{"fz.tree.expand", `{"node_id":"a1"}`},
		{"fz.tree.collapse", `{"node_id":"a"}`},
		{"fz.tree.get_nodes", `{}`},
		{"fz.name.type_into", `{"text":"hello\u202e","append":true}`},
		{"fz.name.type_into", `{"text":5,"append":"yes"}`},
		{"fz.name.clear", `{}`},
		{"fz.name.get_value", `{}`},
		{"fz.tabs.select_tab", `{"index":2}`},
		{"fz.tabs.get_tabs", `{}`},
		{"fz.view.scroll_to", `{"row":29}`},
		{"fz.view.scroll_to", `{"row":-0}`},
		{"fz.view.get_visible_range", `{}`},
		{"fz.boom.click", `{}`},
		{"fz.bad.click", `{}`},
	} {
		f.Add(tool(seed.tool), []byte(seed.args))
	}

	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		var args map[string]any
		if err := json.Unmarshal(data, &args); err != nil {
			return // not an object
		}
		name := fuzzTools[int(which)%len(fuzzTools)]
		sess, ok := srv.Sessions().Get("fz")
		if !ok {
			t.Fatal("session fz is gone before the call")
		}
		before := sess.Snapshot().Model

		res, err := callTool(name, args)
		if err != nil {
			t.Fatalf("%s %s: protocol error for a known tool: %v", name, data, err)
		}
		if res == nil || len(res.Content) == 0 {
			t.Fatalf("%s %s: empty answer", name, data)
		}

		after, ok := srv.Sessions().Get("fz")
		if !ok || after != sess {
			t.Fatalf("%s %s: the call ended session fz", name, data)
		}
		select {
		case <-sess.Done():
			t.Fatalf("%s %s: the call stopped session fz", name, data)
		default:
		}
		model, ok := sess.Snapshot().Model.(*fuzzApp)
		if !ok || model == nil {
			t.Fatalf("%s %s: the session holds %T, not the last good model", name, data, sess.Snapshot().Model)
		}
		if err := model.check(); err != nil {
			t.Fatalf("%s %s: the session's model is broken: %v", name, data, err)
		}
		var write WriteResult
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &write)
		switch {
		case res.IsError || !write.Applied:
			// A refusal, a fault or a read: the model is untouched.
			if model != before {
				t.Fatalf("%s %s answered %q, yet the model changed", name, data, text(res))
			}
		case model.Writes != before.(*fuzzApp).Writes+1:
			// Every write of these widgets is a message its state applies.
			t.Fatalf("%s %s: applied, but %d messages reached the state", name, data, model.Writes-before.(*fuzzApp).Writes)
		}
	})
}
