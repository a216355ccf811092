package explorer

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/render/mcp/mcptest/testgen"
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
	t := testgen.Test{Package: e.opts.Package,
		Name: "TestExplorer" + strings.ToUpper(e.spec.ID[:1]) + sanitize(e.spec.ID[1:]) + "Finding"}
	if e.opts.Test != nil && app != "" {
		t.App, t.Imports = e.opts.Test(app)
	}
	t.Doc = []string{
		fmt.Sprintf("%s was written by the Facet explorer %s (seed %d) on app %q.", t.Name, e.spec.ID, e.seed, app),
		fmt.Sprintf("It reproduces a %s fault: %s", f.Kind, testgen.Comment(f.Message)),
	}
	if f.ShrinkNote != "" {
		t.Doc = append(t.Doc, fmt.Sprintf("Not shrunk: %s.", testgen.Comment(f.ShrinkNote)))
	} else {
		t.Doc = append(t.Doc, fmt.Sprintf("Shrunk from %d calls to %d; it fails while the bug is there.", len(f.Sequence), len(steps)))
	}
	for _, s := range steps {
		t.Steps = append(t.Steps, testgen.Step{Tool: s.Widget + "." + s.Action, Args: s.Args})
	}
	return t.Source(), nil
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' {
			return '_'
		}
		return r
	}, s)
}
