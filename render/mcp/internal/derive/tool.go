package derive

import (
	"encoding/json"
	"reflect"

	"github.com/facetui/facet/tea"
)

// Tool is one tool as the Registry holds it, independent of the SDK.
type Tool struct {
	Name        string
	Description string
	// InputSchema is the cleaned JSON Schema of the arguments.
	InputSchema map[string]any
	// OutputSchema is the JSON Schema every structured answer of the tool
	// validates against.
	OutputSchema map[string]any
	// Title is a short human-readable name for the tool.
	Title string
	// Sensitive and Destructive are the only annotations a tool carries
	// from its provider; either one means the tool never runs without an
	// authorizer.
	Sensitive   bool
	Destructive bool
	// ReadOnly is Facet's own judgement that the tool changes nothing (a
	// widget's read, a screenshot), never a provider's claim.
	ReadOnly bool
	// Derived is true only for tools a ToolSynchronizer registered from a
	// session's view: origin, not name shape, decides it.
	Derived bool
	// Session, Widget, Kind and Action locate a derived tool's widget.
	Session, Widget, Kind, Action string
	// SeenOn are the tab bars of the view the tool was derived from, as
	// they were then: where to look for a widget that left the view.
	SeenOn []TabSeen

	// js is the schemas' JSON, shared by the tools of one spec (see
	// specs), or the tool's own, computed once.
	js *toolJSON
	// rawDescription, rawInput and rawAnnotations are the spec as the
	// widget's action gave it (see sameSpec).
	rawDescription           string
	rawInput, rawAnnotations map[string]any
}

// toolJSON is a tool's schemas as JSON, as clients get them.
type toolJSON struct{ schema, output json.RawMessage }

// Guarded reports whether the tool needs an authorizer to run.
func (t Tool) Guarded() bool { return t.Sensitive || t.Destructive }

// sameSpec reports whether a derived action's raw spec equals what t was
// registered from. It allocates nothing for equal specs, which keeps a
// steady-state render free of registry work.
func (t *Tool) sameSpec(kind string, a tea.Action) bool {
	return t.Kind == kind && t.rawDescription == a.Description &&
		equalMaps(t.rawInput, a.InputSchema) &&
		equalMaps(t.rawAnnotations, a.Annotations)
}

// equalMaps compares two specs without allocating for the JSON-shaped
// values specs are made of; other types fall back to reflect.DeepEqual.
func equalMaps(a, b map[string]any) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	if len(a) > 0 && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer() {
		return true // one map: a spec remembered from the last render
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok || !equalValues(av, bv) {
			return false
		}
	}
	return true
}

func equalValues(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case int:
		y, ok := b.(int)
		return ok && x == y
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case map[string]any:
		y, ok := b.(map[string]any)
		return ok && equalMaps(x, y)
	case []string:
		y, ok := b.([]string)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalValues(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// Schema returns the tool's input schema as clients get it (Portable), as
// JSON, computed once.
func (t *Tool) Schema() json.RawMessage {
	if t.js == nil {
		t.js = &toolJSON{}
	}
	if t.js.schema == nil {
		b, err := json.Marshal(Portable(t.InputSchema))
		if err != nil {
			b = []byte(`{"type":"object"}`)
		}
		t.js.schema = b
	}
	return t.js.schema
}

// Output returns the tool's output schema as JSON, computed once, or nil
// when it has none.
func (t *Tool) Output() json.RawMessage {
	if t.OutputSchema == nil {
		return nil
	}
	if t.js == nil {
		t.js = &toolJSON{}
	}
	if t.js.output == nil {
		b, err := json.Marshal(t.OutputSchema)
		if err != nil {
			b = []byte(`{"type":"object"}`)
		}
		t.js.output = b
	}
	return t.js.output
}

// ReadSchema is the output schema of a derived read: its value, as an
// object (a value that is not one comes as {"value": ...}).
func ReadSchema() map[string]any { return map[string]any{"type": "object"} }

// WriteSchema is the output schema of a derived write: what the write did
// (render/mcp's WriteResult), which always says whether it applied. It is
// kept this small on purpose: it is listed once per write tool.
func WriteSchema() map[string]any {
	return map[string]any{"type": "object", "required": []any{"applied"}}
}
