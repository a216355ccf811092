package derive

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
)

// TestSessionsShareTheirToolsSchemas: the sessions of one registry whose
// widgets offer the same spec hold one cleaned schema and one copy of its
// JSON between them, each built from its own widget's action; a spec
// that differs gets its own.
func TestSessionsShareTheirToolsSchemas(t *testing.T) {
	reg := NewRegistry(nil)
	spec := func(max int) tea.Action {
		return tea.Action{Name: "set", Description: "Set it.", Annotations: map[string]any{"sensitive": true},
			InputSchema: map[string]any{"type": "object", "properties": map[string]any{
				"value": map[string]any{"type": "integer", "maximum": max}}}}
	}
	tool := func(session string, max int) *Tool {
		t.Helper()
		sy := NewToolSynchronizer(session, reg, nil)
		view := probe{id: "w", kind: "k", actions: []tea.Action{spec(max)}}
		if err := sy.Start(tea.Snapshot{View: view, Version: 1}); err != nil {
			t.Fatal(err)
		}
		tl, ok := reg.Lookup(session + ".w.set")
		if !ok {
			t.Fatalf("%s.w.set not registered", session)
		}
		return tl
	}
	a, b, other := tool("a", 9), tool("b", 9), tool("c", 10)
	same := func(x, y map[string]any) bool {
		return reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer()
	}
	if !same(a.InputSchema, b.InputSchema) || !same(a.OutputSchema, b.OutputSchema) || &a.Schema()[0] != &b.Schema()[0] {
		t.Fatal("two sessions of one spec hold two copies of its schemas")
	}
	if same(a.InputSchema, other.InputSchema) {
		t.Fatal("a tool of another spec got the first one's schema")
	}
	if got, want := string(other.Schema()), `{"properties":{"value":{"maximum":10,"type":"integer"}},"type":"object"}`; got != want {
		t.Fatalf("schema = %s, want %s", got, want)
	}
	if a.Session != "a" || b.Session != "b" || a.Title != "w: set" || !a.Sensitive || a.ReadOnly {
		t.Fatalf("per-session fields wrong: %+v", *a)
	}
	da, _ := reg.Lookup("a.discover_tools")
	db, _ := reg.Lookup("b.discover_tools")
	if !same(da.InputSchema, db.InputSchema) {
		t.Fatal("two sessions hold two discover_tools schemas")
	}
}

// TestSharedSpecsAreBounded: past maxSharedSpecs distinct specs, a tool
// is built for itself alone, and built right.
func TestSharedSpecsAreBounded(t *testing.T) {
	var c specs
	for i := range maxSharedSpecs + 10 {
		sp, err := c.derived(tea.Action{Name: "a", Description: fmt.Sprint(i)})
		if err != nil {
			t.Fatal(err)
		}
		if sp.description != fmt.Sprint(i) {
			t.Fatalf("spec %d: description %q", i, sp.description)
		}
	}
	if len(c.byKey) != maxSharedSpecs {
		t.Fatalf("%d specs kept, want %d", len(c.byKey), maxSharedSpecs)
	}
}
