// Package testgen writes Go tests that drive an app through mcptest, the
// MCP test harness: a sequence of tool calls and keys, each optionally
// followed by what the screen must show. The agent explorer writes the
// test that reproduces a fault it found with it, and package trace turns a
// recording into a test with it, so both write tests the same way.
package testgen

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Test is a Go test function and the file around it.
type Test struct {
	// Package is the file's package clause ("app_test").
	Package string
	// Name is the test function's name ("TestCounterRecording").
	Name string
	// Doc are the lines of the function's comment, without "// " (a
	// line break in one is written as a space).
	Doc []string
	// App is the Go expression of a fresh model of the app under test,
	// and Imports what it needs. An empty App writes newApp() and a
	// comment asking the reader to define it.
	App     string
	Imports []string
	// Options are the expressions of mcptest options Start gets
	// ("mcptest.WithSize(60, 16)").
	Options []string
	Steps   []Step
}

// Step is one step of a test: a tool call or a key, with the texts the
// screen shows after it.
type Step struct {
	// Comment, when set, is a line written above the step.
	Comment string
	// Tool is a tool's name as mcptest's Call takes it: a derived tool
	// without its session ("inc.click") or a facet_* tool; Args its
	// arguments.
	Tool string
	Args map[string]any
	// Key is a key pressed at the terminal (SendKey: "enter", "a",
	// "shift+tab"), when Tool is empty.
	Key string
	// Screen are texts the screen shows after the step
	// (AssertScreenContains).
	Screen []string
}

// Source returns the test file.
func (t Test) Source() string {
	imports := append(slices.Clone(t.Imports), "testing", "github.com/facetui/facet/render/mcp/mcptest")
	sort.Strings(imports)
	imports = slices.Compact(imports)

	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n", t.Package)
	b.WriteString("import (\n")
	for _, imp := range imports {
		fmt.Fprintf(&b, "\t%q\n", imp)
	}
	b.WriteString(")\n\n")
	for _, l := range t.Doc {
		fmt.Fprintf(&b, "// %s\n", strings.Join(strings.Fields(l), " "))
	}
	fmt.Fprintf(&b, "func %s(t *testing.T) {\n", t.Name)
	app := t.App
	if app == "" {
		app = "newApp()"
		b.WriteString("\t// newApp returns a fresh model of the app under test: define it.\n")
	}
	start := append([]string{"t", app}, t.Options...)
	fmt.Fprintf(&b, "\ts := mcptest.Start(%s)\n", strings.Join(start, ", "))
	for _, s := range t.Steps {
		if s.Comment != "" {
			fmt.Fprintf(&b, "\t// %s\n", Comment(s.Comment))
		}
		switch {
		case s.Tool != "":
			fmt.Fprintf(&b, "\ts.Call(%q, %s)\n", s.Tool, Literal(s.Args))
		case s.Key != "":
			fmt.Fprintf(&b, "\ts.SendKey(%q)\n", s.Key)
		}
		for _, text := range s.Screen {
			fmt.Fprintf(&b, "\ts.AssertScreenContains(%q)\n", text)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// Comment keeps a text on one comment line of at most 200 bytes and a
// mark that it was cut.
func Comment(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// Literal writes a tool's arguments as a Go map literal, keys sorted (nil
// for none). JSON numbers that are whole are written as integers.
func Literal(args map[string]any) string {
	if len(args) == 0 {
		return "nil"
	}
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, strconv.Quote(k)+": "+value(args[k]))
	}
	return "map[string]any{" + strings.Join(parts, ", ") + "}"
}

func value(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return strconv.Quote(x)
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case float64:
		if x == float64(int64(x)) {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case map[string]any:
		if len(x) == 0 {
			return "map[string]any{}"
		}
		return Literal(x)
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			parts = append(parts, value(e))
		}
		return "[]any{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprintf("%#v", v)
}
