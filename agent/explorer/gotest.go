package explorer

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// goTest writes the first fault's shrunk sequence as a Go test using
// mcptest: each call a step that fails the test on an error answer, so the
// test fails while the bug is there and passes once it is fixed.
func (e *Explorer) goTest() (string, error) {
	e.mu.Lock()
	if len(e.faults) == 0 {
		done := e.done
		e.mu.Unlock()
		if !done {
			return "", fmt.Errorf("no fault found yet (the explorer is still running): ask again when agent {\"action\": \"status\"} says it has one")
		}
		return "", fmt.Errorf("no fault found, so there is nothing to reproduce")
	}
	f := e.faults[0]
	app := e.app
	e.mu.Unlock()
	steps := f.Shrunk
	if steps == nil {
		steps = f.Sequence
	}
	expr, imports := "newApp()", []string(nil)
	if e.opts.Test != nil && app != "" {
		expr, imports = e.opts.Test(app)
	}
	imports = append(slices.Clone(imports), "testing", "github.com/facetui/facet/render/mcp/mcptest")
	sort.Strings(imports)
	imports = slices.Compact(imports)

	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n", e.opts.Package)
	b.WriteString("import (\n")
	for _, imp := range imports {
		fmt.Fprintf(&b, "\t%q\n", imp)
	}
	b.WriteString(")\n\n")
	name := "TestExplorer" + strings.ToUpper(e.spec.ID[:1]) + sanitize(e.spec.ID[1:]) + "Finding"
	fmt.Fprintf(&b, "// %s was written by the Facet explorer %s (seed %d) on app %q.\n", name, e.spec.ID, e.seed, app)
	fmt.Fprintf(&b, "// It reproduces a %s fault: %s\n", f.Kind, comment(f.Message))
	if f.ShrinkNote != "" {
		fmt.Fprintf(&b, "// Not shrunk: %s.\n", comment(f.ShrinkNote))
	} else {
		fmt.Fprintf(&b, "// Shrunk from %d calls to %d; it fails while the bug is there.\n", len(f.Sequence), len(steps))
	}
	fmt.Fprintf(&b, "func %s(t *testing.T) {\n", name)
	if expr == "newApp()" {
		b.WriteString("\t// newApp returns a fresh model of the app under test: define it.\n")
	}
	fmt.Fprintf(&b, "\ts := mcptest.Start(t, %s)\n", expr)
	for _, s := range steps {
		fmt.Fprintf(&b, "\ts.Call(%q, %s)\n", s.Widget+"."+s.Action, literal(s.Args))
	}
	b.WriteString("}\n")
	return b.String(), nil
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' {
			return '_'
		}
		return r
	}, s)
}

// comment keeps an app's text on one comment line.
func comment(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// literal writes args as a Go map literal (nil for none).
func literal(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case map[string]any:
		if len(x) == 0 {
			return "nil"
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			parts = append(parts, strconv.Quote(k)+": "+value(x[k]))
		}
		return "map[string]any{" + strings.Join(parts, ", ") + "}"
	}
	return value(v)
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
		return literal(x)
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			parts = append(parts, value(e))
		}
		return "[]any{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprintf("%#v", v)
}
