package testgen_test

import (
	"math"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/mcptest/testgen"
)

func TestSourceWritesEveryKindOfStep(t *testing.T) {
	got := testgen.Test{
		Package: "app_test",
		Name:    "TestRecorded",
		Doc:     []string{"TestRecorded was\nrecorded."},
		App:     `playground.New("counter")`,
		Imports: []string{"example.com/playground", "testing"},
		Options: []string{"mcptest.WithSize(60, 16)"},
		Steps: []testgen.Step{
			{Key: "enter", Screen: []string{"Count: 1"}},
			{Comment: "from agent claude", Tool: "inc.click"},
			{Tool: "name.type_into", Args: map[string]any{"text": "a\"b"}, Screen: []string{"a\"b", "Hello"}},
		},
	}.Source()
	want := `package app_test

import (
	"example.com/playground"
	"github.com/facetui/facet/render/mcp/mcptest"
	"testing"
)

// TestRecorded was recorded.
func TestRecorded(t *testing.T) {
	s := mcptest.Start(t, playground.New("counter"), mcptest.WithSize(60, 16))
	s.SendKey("enter")
	s.AssertScreenContains("Count: 1")
	// from agent claude
	s.Call("inc.click", nil)
	s.Call("name.type_into", map[string]any{"text": "a\"b"})
	s.AssertScreenContains("a\"b")
	s.AssertScreenContains("Hello")
}
`
	if got != want {
		t.Fatalf("wrote:\n%s\nwant:\n%s", got, want)
	}
}

func TestSourceAsksForTheAppWhenItHasNone(t *testing.T) {
	got := testgen.Test{Package: "x_test", Name: "TestX"}.Source()
	if !strings.Contains(got, "\t// newApp returns a fresh model of the app under test: define it.\n\ts := mcptest.Start(t, newApp())\n") {
		t.Errorf("wrote:\n%s", got)
	}
}

func TestLiteral(t *testing.T) {
	for _, c := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"none", nil, "nil"},
		{"empty", map[string]any{}, "nil"},
		{"JSON values, keys sorted", map[string]any{"text": "a\"b", "submit": true, "index": 2.0, "ratio": 0.5, "n": 3, "tags": []any{"x", 1.0}, "opts": map[string]any{}, "o": nil, "w": int8(1)},
			`map[string]any{"index": 2, "n": 3, "o": nil, "opts": map[string]any{}, "ratio": 0.5, "submit": true, "tags": []any{"x", 1}, "text": "a\"b", "w": 1}`},
		{"nested", map[string]any{"m": map[string]any{"k": "v"}}, `map[string]any{"m": map[string]any{"k": "v"}}`},
		{"a float that is no int64", map[string]any{"a": math.Inf(1), "b": 1e300, "c": -2.0, "d": 0.25}, `map[string]any{"a": +Inf, "b": 1e+300, "c": -2, "d": 0.25}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := testgen.Literal(c.args); got != c.want {
				t.Errorf("Literal = %s, want %s", got, c.want)
			}
		})
	}
}

func TestComment(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{strings.Repeat("x", 200), strings.Repeat("x", 200)},
		{strings.Repeat("x", 201), strings.Repeat("x", 200) + "…"},
		{"update\n  panicked:   boom", "update panicked: boom"},
	} {
		if got := testgen.Comment(c.in); got != c.want {
			t.Errorf("Comment(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
