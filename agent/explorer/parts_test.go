package explorer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/agent"
)

// draws is a random source whose IntN(n) answers the numbers given, in
// turn: each is put in the middle of its bucket of the 64-bit range, where
// rand's IntN maps it back exactly.
type draws struct {
	n    uint64
	vals []uint64
}

func (d *draws) Uint64() uint64 {
	v := d.vals[0]
	d.vals = d.vals[1:]
	if d.n&(d.n-1) == 0 { // a power of two: IntN masks
		return v
	}
	hi, _ := bits.Div64(v*2+1, 0, d.n*2) // (v + 1/2) * 2^64 / n
	return hi
}

func drawing(n int, vals ...uint64) *rand.Rand { return rand.New(&draws{n: uint64(n), vals: vals}) }

// TestPickWeighsTheTools: each draw of the weights' total picks the tool
// whose share holds it: untried tools weigh 24, tools of widgets not
// reached 12, writes 4, and reads already tried 2.
func TestPickWeighsTheTools(t *testing.T) {
	tools := []tool{
		{info: agent.ToolInfo{Name: "s_a_get"}, widget: "a", act: "get"},                  // tried, reached: 2
		{info: agent.ToolInfo{Name: "s_b_click"}, widget: "b", act: "click", write: true}, // untried: 24
		{info: agent.ToolInfo{Name: "s_c_get"}, widget: "c", act: "get"},                  // tried, c not reached: 12
		{info: agent.ToolInfo{Name: "s_a_set"}, widget: "a", act: "set", write: true},     // tried write, reached: 4
	}
	weights := []int{2, 24, 12, 4}
	total := 42
	for n := range total {
		e := &Explorer{tried: map[string]int{"s_a_get": 1, "s_c_get": 3, "s_a_set": 1}, reached: map[string]bool{"a": true},
			rng: drawing(total, uint64(n))}
		want, acc := 0, 0
		for i, w := range weights {
			if n < acc+w {
				want = i
				break
			}
			acc += w
		}
		if got := e.pick(tools); got.info.Name != tools[want].info.Name {
			t.Fatalf("draw %d picked %s, want %s", n, got.info.Name, tools[want].info.Name)
		}
	}
}

func TestBounds(t *testing.T) {
	f := func(v float64) any { return v }
	tests := []struct {
		name           string
		schema         map[string]any
		wantLo, wantHi float64
	}{
		{"none", map[string]any{}, 0, 10},
		{"a minimum", map[string]any{"minimum": f(3)}, 3, 13},
		{"a maximum", map[string]any{"maximum": f(4)}, 0, 4},
		{"a maximum below the default minimum", map[string]any{"maximum": f(-5)}, -15, -5},
		{"a maximum at the default minimum", map[string]any{"maximum": f(0)}, 0, 0},
		{"both", map[string]any{"minimum": f(2), "maximum": f(5)}, 2, 5},
		{"equal", map[string]any{"minimum": f(2), "maximum": f(2)}, 2, 2},
		{"crossed", map[string]any{"minimum": f(7), "maximum": f(5)}, 7, 7},
	}
	for _, tc := range tests {
		if lo, hi := bounds(tc.schema, 0, 10); lo != tc.wantLo || hi != tc.wantHi {
			t.Errorf("%s: bounds = %v, %v; want %v, %v", tc.name, lo, hi, tc.wantLo, tc.wantHi)
		}
	}
}

// TestGenValueFollowsEachKindOfSchema: for every draw of a small range,
// a value of each kind of schema is what the schema allows, and each
// allowed edge is reached.
func TestGenValueFollowsEachKindOfSchema(t *testing.T) {
	f := func(v float64) any { return v }
	tests := []struct {
		name   string
		schema map[string]any
		ok     func(v any) bool
		seen   []any // values some seed must give
	}{
		{"nil", nil, func(v any) bool { return v == nil }, nil},
		{"no type, no properties", map[string]any{"description": "x"}, func(v any) bool { return v == nil }, nil},
		{"an unknown type", map[string]any{"type": "null"}, func(v any) bool { return v == nil }, nil},
		{"an enum", map[string]any{"type": "string", "enum": []any{"x", "y"}}, func(v any) bool { return v == "x" || v == "y" }, []any{"x", "y"}},
		{"an empty enum", map[string]any{"type": "boolean", "enum": []any{}}, func(v any) bool { _, ok := v.(bool); return ok }, []any{true, false}},
		{"anyOf", map[string]any{"anyOf": []any{map[string]any{"type": "boolean"}, map[string]any{"enum": []any{"z"}}}},
			func(v any) bool { return v == true || v == false || v == "z" }, []any{true, false, "z"}},
		{"oneOf", map[string]any{"oneOf": []any{map[string]any{"enum": []any{"o"}}}}, func(v any) bool { return v == "o" }, []any{"o"}},
		{"a list of types", map[string]any{"type": []any{"boolean", "integer"}, "minimum": f(7), "maximum": f(7)},
			func(v any) bool { return v == true || v == false || v == 7 }, []any{true, false, 7}},
		{"an integer range", map[string]any{"type": "integer", "minimum": f(-2), "maximum": f(1)},
			func(v any) bool { i, ok := v.(int); return ok && i >= -2 && i <= 1 }, []any{-2, -1, 0, 1}},
		{"an integer without bounds", map[string]any{"type": "integer"},
			func(v any) bool { i, ok := v.(int); return ok && i >= 0 && i <= 10 }, []any{0, 5, 10}},
		{"a number", map[string]any{"type": "number", "minimum": f(1), "maximum": f(2)},
			func(v any) bool { x, ok := v.(float64); return ok && x >= 1 && x <= 2 }, nil},
		{"an empty anyOf", map[string]any{"anyOf": []any{}, "type": "boolean"}, func(v any) bool { _, ok := v.(bool); return ok }, []any{true, false}},
		{"an empty list of types", map[string]any{"type": []any{}}, func(v any) bool { return v == nil }, nil},
		{"a short string", map[string]any{"type": "string", "maxLength": f(2)},
			func(v any) bool { s, ok := v.(string); return ok && len(s) <= 2 }, []any{"he", "0", "go", "a"}},
		{"a long string", map[string]any{"type": "string", "minLength": f(12)},
			func(v any) bool { s, ok := v.(string); return ok && len(s) >= 12 }, []any{"aaaaaaaaaaaa", "  spaced  aa"}},
		{"a string of exactly its limits", map[string]any{"type": "string", "minLength": f(2), "maxLength": f(2)},
			func(v any) bool { s, ok := v.(string); return ok && len(s) == 2 }, []any{"aa", "go", "he"}},
		{"an array", map[string]any{"type": "array", "items": map[string]any{"enum": []any{"i"}}},
			func(v any) bool {
				a, ok := v.([]any)
				return ok && len(a) <= 2 && !slices.ContainsFunc(a, func(x any) bool { return x != "i" })
			}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seen := map[any]bool{}
			lens := map[int]bool{}
			for seed := range uint64(300) {
				v := genValue(rand.New(rand.NewPCG(seed, 1)), tc.schema, 0)
				if !tc.ok(v) {
					t.Fatalf("seed %d: %#v", seed, v)
				}
				if a, ok := v.([]any); ok {
					lens[len(a)] = true
					continue
				}
				if v != nil {
					if _, isMap := v.(map[string]any); !isMap {
						seen[v] = true
					}
				}
			}
			for _, want := range tc.seen {
				if !seen[want] {
					t.Errorf("never gave %#v (gave %v)", want, seen)
				}
			}
			if tc.name == "a number" && !seenAbove(seen, 1.9) {
				t.Errorf("numbers %v never near the maximum", seen)
			}
			if tc.name == "an array" && (!lens[0] || !lens[1] || !lens[2]) {
				t.Errorf("array lengths %v, want 0, 1 and 2", lens)
			}
		})
	}
}

// seenAbove reports whether a float above x was seen.
func seenAbove(seen map[any]bool, x float64) bool {
	for v := range seen {
		if f, ok := v.(float64); ok && f > x {
			return true
		}
	}
	return false
}

// TestGenValueStopsAtMaxDepth: however a schema nests (objects, arrays,
// alternatives), nothing deeper than maxDepth is generated; a leaf at
// maxDepth is.
func TestGenValueStopsAtMaxDepth(t *testing.T) {
	leaf := map[string]any{"enum": []any{"leaf"}}
	nest := map[string]func(inner map[string]any) map[string]any{
		"object": func(in map[string]any) map[string]any {
			return map[string]any{"type": "object", "properties": map[string]any{"d": in}, "required": []any{"d"}}
		},
		"array": func(in map[string]any) map[string]any { return map[string]any{"type": "array", "items": in} },
		"anyOf": func(in map[string]any) map[string]any { return map[string]any{"anyOf": []any{in}} },
	}
	for name, wrap := range nest {
		for _, levels := range []int{maxDepth, maxDepth + 1} {
			schema := leaf
			for range levels {
				schema = wrap(schema)
			}
			leaves := 0
			for seed := range uint64(200) {
				v := genValue(rand.New(rand.NewPCG(seed, 3)), schema, 0)
				leaves += strings.Count(fmt.Sprint(v), "leaf")
			}
			if reached := leaves > 0; reached != (levels <= maxDepth) {
				t.Errorf("%s nested %d deep: the leaf reached %d times", name, levels, leaves)
			}
		}
	}
}

// TestGenArgsFollowsObjects: required properties always, optional ones
// sometimes, none that the schema does not name, and no deeper than
// maxDepth.
func TestGenArgsFollowsObjects(t *testing.T) {
	schema := map[string]any{"properties": map[string]any{
		"need": map[string]any{"enum": []any{"n"}},
		"may":  map[string]any{"enum": []any{"m"}},
		"none": map[string]any{"type": "null"},
	}, "required": []any{"need", 7.0}}
	sawMay, sawNoMay := false, false
	for seed := range uint64(100) {
		args := genArgs(rand.New(rand.NewPCG(seed, 2)), schema)
		if args["need"] != "n" {
			t.Fatalf("seed %d: the required property is missing: %v", seed, args)
		}
		if _, ok := args["none"]; ok {
			t.Fatalf("seed %d: a property without a value was set: %v", seed, args)
		}
		_, may := args["may"]
		sawMay, sawNoMay = sawMay || may, sawNoMay || !may
	}
	if !sawMay || !sawNoMay {
		t.Fatalf("an optional property was set always (%v) or never (%v)", !sawNoMay, !sawMay)
	}
	if args := genArgs(rand.New(rand.NewPCG(1, 1)), map[string]any{"type": "string"}); args == nil || len(args) != 0 {
		t.Fatalf("a schema that is not an object gave %v, want no arguments", args)
	}
	// A schema nested past maxDepth stops there.
	deep := map[string]any{"enum": []any{"leaf"}}
	for range maxDepth + 1 {
		deep = map[string]any{"type": "object", "properties": map[string]any{"d": deep}, "required": []any{"d"}}
	}
	v := genArgs(rand.New(rand.NewPCG(1, 1)), deep)
	depth := 0
	for m, ok := any(v).(map[string]any); ok; m, ok = m["d"].(map[string]any) {
		depth++
	}
	if depth != maxDepth+1 {
		t.Fatalf("generated %d levels of objects, want %d", depth, maxDepth+1)
	}
}

func TestFaultKindsAndMistakes(t *testing.T) {
	refusal := map[string]any{"error": "authorization_required"}
	tests := []struct {
		res     agent.Result
		kind    string
		mistake bool
	}{
		{agent.Result{Text: "update panicked: x", IsError: true}, "panic", false},
		{agent.Result{Text: "update panicked: x", IsError: true, Value: refusal}, "", true},
		{agent.Result{Text: "update returned nil", IsError: true}, "", false},
		{agent.Result{Text: "you want it", IsError: true}, "", false},
		{agent.Result{Text: "temporarily unavailable", IsError: true}, "breaker", false},
		{agent.Result{Text: "index 4 is out of range", IsError: true}, "", true},
		{agent.Result{Text: "the session is not running", IsError: true}, "", true},
		{agent.Result{Text: "it must be a string", IsError: true}, "", true},
		{agent.Result{Text: "a session started by another client", IsError: true}, "", true},
		{agent.Result{Text: "the widget no longer offers get_value", IsError: true}, "", true},
		{agent.Result{Text: "an error of its own", IsError: true}, "", false},
		{agent.Result{Text: "fine", Value: refusal}, "", false},
	}
	for _, tc := range tests {
		if got := faultKind(tc.res); got != tc.kind {
			t.Errorf("faultKind(%+v) = %q, want %q", tc.res, got, tc.kind)
		}
		if got := callerMistake(tc.res); got != tc.mistake {
			t.Errorf("callerMistake(%+v) = %v, want %v", tc.res, got, tc.mistake)
		}
	}
}

// TestNewReadsOptionsAndTheGoal: the defaults, and a goal that may set
// only the seed.
func TestNewReadsOptionsAndTheGoal(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		goal    string
		seed    uint64
		pkg     string
		replays int
		err     bool
	}{
		{"defaults", Options{}, "", DefaultSeed, "app_test", 64, false},
		{"options", Options{Seed: 9, Package: "x_test", MaxReplays: 3}, "", 9, "x_test", 3, false},
		{"negative replays", Options{MaxReplays: -1}, "", DefaultSeed, "app_test", 64, false},
		{"a seed goal", Options{Seed: 9}, "  seed=12 ", 12, "app_test", 64, false},
		{"seed zero", Options{Seed: 9}, "seed=0", 0, "app_test", 64, false},
		{"a goal", Options{}, "find bugs", 0, "", 0, true},
		{"a bad seed", Options{}, "seed=x", 0, "", 0, true},
		{"no number", Options{}, "seed=", 0, "", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := New(tc.opts)(agent.Spec{ID: "x1", Goal: tc.goal})
			if tc.err {
				if err == nil || !strings.Contains(err.Error(), "as seed=<number>") {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			e := a.(*Explorer)
			if e.seed != tc.seed || e.opts.Package != tc.pkg || e.opts.MaxReplays != tc.replays {
				t.Fatalf("seed %d, package %q, replays %d", e.seed, e.opts.Package, e.opts.MaxReplays)
			}
		})
	}
}

// explorerWith is an explorer of spec id with the given state.
func explorerWith(id string, opts Options, faults []Fault, app string, done bool) *Explorer {
	a, _ := New(opts)(agent.Spec{ID: id})
	e := a.(*Explorer)
	e.faults, e.app, e.done = faults, app, done
	return e
}

// TestTheGoTest: the test Ask("test") writes for the first fault.
func TestTheGoTest(t *testing.T) {
	seq := []Step{
		{Widget: "name", Action: "type_into", Args: map[string]any{"text": "a\"b", "submit": true}},
		{Widget: "inc", Action: "click"},
		{Widget: "list", Action: "select", Args: map[string]any{"index": 2.0, "ratio": 0.5, "n": 3, "tags": []any{"x", 1.0}, "opts": map[string]any{}, "o": nil, "w": int8(1)}},
	}
	long := strings.Repeat("word ", 50)
	tests := []struct {
		name  string
		opts  Options
		id    string
		app   string
		fault Fault
		want  string
	}{
		{"shrunk, with an app's expression", Options{Test: func(app string) (string, []string) {
			return "myapp.New(" + `"` + app + `"` + ")", []string{"example.com/myapp", "testing"}
		}}, "ex-1_a", "counter", Fault{Kind: "panic", Message: "update\n  panicked:   boom", Sequence: seq, Shrunk: seq[1:2]}, `package app_test

import (
	"example.com/myapp"
	"github.com/facetui/facet/render/mcp/mcptest"
	"testing"
)

// TestExplorerEx_1_aFinding was written by the Facet explorer ex-1_a (seed 1) on app "counter".
// It reproduces a panic fault: update panicked: boom
// Shrunk from 3 calls to 1; it fails while the bug is there.
func TestExplorerEx_1_aFinding(t *testing.T) {
	s := mcptest.Start(t, myapp.New("counter"))
	s.Call("inc.click", nil)
}
`},
		{"not shrunk, no app", Options{Package: "x_test", Test: func(string) (string, []string) { return "never()", nil }}, "b", "",
			Fault{Kind: "timeout", Message: long, Sequence: seq, ShrinkNote: "no app\nknown"}, `package x_test

import (
	"github.com/facetui/facet/render/mcp/mcptest"
	"testing"
)

// TestExplorerBFinding was written by the Facet explorer b (seed 1) on app "".
// It reproduces a timeout fault: ` + strings.TrimSpace(long)[:200] + `…
// Not shrunk: no app known.
func TestExplorerBFinding(t *testing.T) {
	// newApp returns a fresh model of the app under test: define it.
	s := mcptest.Start(t, newApp())
	s.Call("name.type_into", map[string]any{"submit": true, "text": "a\"b"})
	s.Call("inc.click", nil)
	s.Call("list.select", map[string]any{"index": 2, "n": 3, "o": nil, "opts": map[string]any{}, "ratio": 0.5, "tags": []any{"x", 1}, "w": 1})
}
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := explorerWith(tc.id, tc.opts, []Fault{tc.fault, {Kind: "breaker"}}, tc.app, true)
			got, err := e.Ask(context.Background(), "  Write me a TEST ")
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("wrote:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
	for _, c := range []struct {
		done bool
		want string
	}{
		{false, "no fault found yet (the explorer is still running)"},
		{true, "no fault found, so there is nothing to reproduce"},
	} {
		if _, err := explorerWith("a", Options{}, nil, "x", c.done).goTest(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("no fault, done %v: %v", c.done, err)
		}
	}
}

// TestFaultsAreRecordedOncePerKindAndTool: a fault is recorded with the
// calls up to it, once per kind and tool, and at most maxFaults.
func TestFaultsAreRecordedOncePerKindAndTool(t *testing.T) {
	e := explorerWith("a", Options{}, nil, "", false)
	env := &agent.Env{Journal: agent.NewJournal(nil)}
	tl := func(name string) tool { return tool{info: agent.ToolInfo{Name: name}, widget: name, act: "click"} }
	e.record(tl("w0"), nil, true)
	e.fault(env, "panic", tl("w0"), "boom")
	e.fault(env, "panic", tl("w0"), "boom again")
	e.fault(env, "timeout", tl("w0"), "slow")
	for i := 1; i < maxFaults+3; i++ {
		e.record(tl("w"+string(rune('0'+i))), nil, false)
		e.fault(env, "panic", tl("w"+string(rune('0'+i))), "boom")
	}
	faults := e.Faults()
	if len(faults) != maxFaults {
		t.Fatalf("%d faults, want %d", len(faults), maxFaults)
	}
	if f := faults[0]; f.Kind != "panic" || f.Message != "boom" || f.AtStep != 1 || f.Calls != 1 || len(f.Sequence) != 1 || f.Sequence[0].Widget != "w0" {
		t.Fatalf("first fault %+v", f)
	}
	if f := faults[1]; f.Kind != "timeout" || f.Tool != "w0" {
		t.Fatalf("second fault %+v", f)
	}
	if f := faults[2]; f.AtStep != 2 || len(f.Sequence) != 2 {
		t.Fatalf("third fault %+v", f)
	}
	entries, _ := env.Journal.Entries()
	if len(entries) != maxFaults || entries[0].Text != "fault (panic) at call 1: boom" {
		t.Fatalf("journal %+v", entries)
	}
}

// TestStatusAndAnswers: coverage counts widgets reached of those seen and
// tools tried of those seen; Ask answers faults and coverage, and says
// what it answers otherwise.
func TestStatusAndAnswers(t *testing.T) {
	e := explorerWith("a", Options{Seed: 5}, nil, "counter", false)
	tl := func(w, name string) tool { return tool{info: agent.ToolInfo{Name: name}, widget: w, act: "click"} }
	for _, w := range []string{"a", "b", "c"} {
		e.seen[w] = true
	}
	for _, n := range []string{"s_a_click", "s_b_click", "s_c_click", "s_c_get"} {
		e.actions[n] = true
	}
	e.record(tl("a", "s_a_click"), nil, false)
	e.record(tl("b", "s_b_click"), nil, true)
	e.record(tl("c", "s_c_click"), nil, false)
	e.record(tl("x", "s_x_gone"), nil, false) // a tool no longer listed
	st := e.Status()
	cov := st["coverage"].(map[string]any)
	if cov["widgets_reached"] != 2 || cov["widgets"] != 3 || cov["actions_tried"] != 3 || cov["actions"] != 4 ||
		!slices.Equal(cov["unreached"].([]string), []string{"b"}) || st["calls"] != 4 || st["seed"] != uint64(5) || st["app"] != "counter" ||
		st["finished"] != false || len(st["faults"].([]Fault)) != 0 {
		t.Fatalf("status %v", st)
	}
	if got, _ := e.Ask(context.Background(), "Coverage?"); got != "2/3 widgets reached, 3/4 actions tried" {
		t.Fatalf("coverage answer %q", got)
	}
	e.fault(&agent.Env{Journal: agent.NewJournal(nil)}, "panic", tl("a", "s_a_click"), "boom")
	for _, q := range []string{"faults", "any bugs?"} {
		got, _ := e.Ask(context.Background(), q)
		var fs []Fault
		if json.Unmarshal([]byte(got), &fs) != nil || len(fs) != 1 || fs[0].Kind != "panic" {
			t.Fatalf("%s: %q", q, got)
		}
	}
	if got, _ := e.Ask(context.Background(), "hello"); !strings.HasPrefix(got, `I answer "test"`) {
		t.Fatalf("an other question: %q", got)
	}
}
