package mcp

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
	// Sensitive and Destructive are the only annotations a tool carries;
	// either one means the tool never runs without an authorizer.
	Sensitive   bool
	Destructive bool
	// Derived is true only for tools a ToolSynchronizer registered from a
	// session's view: origin, not name shape, decides it.
	Derived bool
	// Session, Widget, Kind and Action locate a derived tool's widget.
	Session, Widget, Kind, Action string

	schemaJSON json.RawMessage
	raw        tea.Action
}

// Guarded reports whether the tool needs an authorizer to run.
func (t Tool) Guarded() bool { return t.Sensitive || t.Destructive }

// sameSpec reports whether a derived action's raw spec equals what t was
// registered from. It allocates nothing for equal specs, which keeps a
// steady-state render free of registry work.
func (t *Tool) sameSpec(kind string, a tea.Action) bool {
	return t.Kind == kind && t.raw.Description == a.Description &&
		reflect.DeepEqual(t.raw.InputSchema, a.InputSchema) &&
		reflect.DeepEqual(t.raw.Annotations, a.Annotations)
}

// schema returns the tool's input schema as JSON, computed once.
func (t *Tool) schema() json.RawMessage {
	if t.schemaJSON == nil {
		s := t.InputSchema
		if s == nil {
			s = map[string]any{"type": "object", "properties": map[string]any{}}
		}
		b, err := json.Marshal(s)
		if err != nil {
			b = []byte(`{"type":"object"}`)
		}
		t.schemaJSON = b
	}
	return t.schemaJSON
}
