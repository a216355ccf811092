package mcp

import (
	"encoding/json"
	"maps"
	"slices"
	"sync"

	"github.com/facetui/facet/render/mcp/internal/derive"
)

// Schema modes for Options.Schemas.
const (
	// SchemasDefault serves each tool's schemas as they are: output
	// schemas declare the members of every object they describe.
	SchemasDefault = ""
	// SchemasStrict serves schemas OpenAI's strict mode accepts: every
	// object closed (additionalProperties false), every property
	// required, an optional one nullable. A tool whose answer is open (an
	// app's model, a widget's value, whose members are the app's) serves
	// no output schema in this mode, and answers its text alone.
	SchemasStrict = "strict"
)

// The output schemas of the answers render/mcp composes. Each declares
// the members of every object it describes; a map (members named by the
// app: widget ids, a model's fields) declares its members' schema in
// additionalProperties.
var (
	strSchema     = map[string]any{"type": "string"}
	intSchema     = map[string]any{"type": "integer"}
	boolSchema    = map[string]any{"type": "boolean"}
	strListSchema = map[string]any{"type": "array", "items": strSchema}
	// openSchema is an object whose members are the app's, any value.
	openSchema = map[string]any{"type": "object", "additionalProperties": map[string]any{}}
)

// objectSchema is an object of props.
func objectSchema(props map[string]any) map[string]any {
	return map[string]any{"type": "object", "properties": props}
}

// notificationSchema is a ToldNotification.
var notificationSchema = map[string]any{"type": "array", "items": objectSchema(map[string]any{
	"id": intSchema, "key": strSchema, "level": strSchema, "text": strSchema,
	"at": strSchema, "until": strSchema, "pending": boolSchema,
})}

// pick is props when full, else only the members of props named in
// primary: the default schemas declare the members an agent reads and
// leave the rest open, for they are in every tools/list a client pays for;
// strict mode declares them all, as it closes every object.
func pick(full bool, props map[string]any, primary ...string) map[string]any {
	if full {
		return objectSchema(props)
	}
	out := make(map[string]any, len(primary))
	for _, k := range primary {
		out[k] = props[k]
	}
	return objectSchema(out)
}

// screenOutput is facet_screenshot's and facet_send_key's answer: the
// screen's facts, or an OutlineResult.
func screenOutput(full bool) map[string]any {
	return pick(full, map[string]any{
		"focused": strSchema, "focused_kind": strSchema, "width": intSchema, "height": intSchema,
		"revision": intSchema, "since": intSchema, "outline": strListSchema, "changed": strListSchema,
		"notifications": notificationSchema,
	}, "revision", "outline")
}

// keyOutput is facet_send_key's answer: the screen's facts.
func keyOutput(full bool) map[string]any {
	return pick(full, map[string]any{
		"focused": strSchema, "focused_kind": strSchema, "width": intSchema, "height": intSchema,
		"revision": intSchema, "notifications": notificationSchema,
	}, "focused")
}

// listOutput is facet_list's answer.
func listOutput(full bool) map[string]any {
	return objectSchema(map[string]any{"sessions": map[string]any{"type": "array", "items": pick(full, map[string]any{
		"id": strSchema, "app": strSchema, "started_at": strSchema, "started_by": strSchema,
		"yours": boolSchema, "shared": boolSchema, "tools": intSchema,
	}, "id")}})
}

// startOutput is facet_start's answer.
func startOutput() map[string]any {
	return objectSchema(map[string]any{"id": strSchema, "app": strSchema, "tools": strListSchema, "revision": intSchema})
}

// writeOutput is a derived write's answer, a WriteResult; full is strict
// mode's, whose writes answer no Widgets.
func writeOutput(full bool) map[string]any {
	s := pick(full, map[string]any{
		"applied": boolSchema, "tool": strSchema, "changed": strListSchema,
		"widgets": map[string]any{"type": "object", "additionalProperties": objectSchema(map[string]any{
			"kind": strSchema, "label": strSchema, "state": openSchema,
		})},
		"tools_added": strListSchema, "notifications": notificationSchema,
		"masked": boolSchema, "revision": intSchema,
	}, "applied")
	if full {
		// Strict mode cannot say a map of widgets by id, each with its
		// own state: its writes answer without them (the text says them).
		delete(s["properties"].(map[string]any), "widgets")
	}
	s["required"] = []any{"applied"}
	return s
}

// discoverOutput is discover_tools' answer.
func discoverOutput(full bool) map[string]any {
	return objectSchema(map[string]any{
		"tools": map[string]any{"type": "array", "items": pick(full, map[string]any{
			"name": strSchema, "description": strSchema, "inputSchema": openSchema,
		}, "name", "inputSchema")},
		"hidden": map[string]any{"type": "array", "items": pick(full, map[string]any{
			"widget": strSchema, "call": strSchema, "args": openSchema, "where": strSchema,
		}, "widget", "call", "args")},
	})
}

// outputSchemas are the output schemas served, by mode; computed once per
// schema and mode.
type outputSchemas struct {
	mu     sync.Mutex
	byJSON map[string]json.RawMessage
}

// servedSchemas keep the strict forms computed, by their source JSON.
var servedSchemas outputSchemas

// served is schema as mode serves it, as JSON, or nil for none.
func (o *outputSchemas) served(schema json.RawMessage, mode string) json.RawMessage {
	if mode != SchemasStrict || schema == nil {
		return schema
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if out, ok := o.byJSON[string(schema)]; ok {
		return out
	}
	var v map[string]any
	if err := json.Unmarshal(schema, &v); err != nil {
		return nil
	}
	var out json.RawMessage
	if s, ok := strictSchema(v); ok {
		out, _ = json.Marshal(s)
	}
	if o.byJSON == nil {
		o.byJSON = map[string]json.RawMessage{}
	}
	o.byJSON[string(schema)] = out
	return out
}

// outputOf is the output schema served for t: a derived write's is a
// WriteResult's, a derived read's an open object (its value is the
// widget's), discover_tools' its hits; every other tool's its own.
func outputOf(t *derive.Tool, mode string) json.RawMessage {
	full := mode == SchemasStrict
	var out json.RawMessage
	switch {
	case t.Derived && t.Guarded() && full:
		out = writeStrict()
	case t.Derived && t.Guarded():
		out = writeJSON()
	case t.Derived && string(t.Output()) != `{"type":"object"}`:
		// A read whose widget declares its value's shape.
		out = t.Output()
	case t.Derived:
		out = derivedRead()
	case t.Action == "discover_tools" && full:
		out = discoverFull()
	case t.Action == "discover_tools":
		out = discoverJSON()
	case string(t.Output()) == `{"type":"object"}`:
		// An object that declares nothing of its members (an
		// extension's tool) is an open one: say so.
		out = derivedRead()
	default:
		out = t.Output()
	}
	return servedSchemas.served(out, mode)
}

// derivedRead is a derived read's output schema: its value is the
// widget's own.
var derivedRead = sync.OnceValue(func() json.RawMessage { return encoded(openSchema) })

// The JSON of the schemas every derived tool shares, by mode.
var (
	writeJSON    = sync.OnceValue(func() json.RawMessage { return encoded(writeOutput(false)) })
	writeStrict  = sync.OnceValue(func() json.RawMessage { return encoded(writeOutput(true)) })
	discoverJSON = sync.OnceValue(func() json.RawMessage { return encoded(discoverOutput(false)) })
	discoverFull = sync.OnceValue(func() json.RawMessage { return encoded(discoverOutput(true)) })
)

// encoded is schema as JSON.
func encoded(schema map[string]any) json.RawMessage {
	b, _ := json.Marshal(schema)
	return b
}

// inputOf is the input schema served for t.
func inputOf(t *derive.Tool, mode string) json.RawMessage {
	in := t.Schema()
	if mode != SchemasStrict {
		return in
	}
	if out := servedSchemas.served(in, mode); out != nil {
		return out
	}
	return in
}

// strictSchema is s as OpenAI's strict mode takes it: every object closed
// and every one of its properties required, a property that was optional
// made nullable (its type a list with "null"). ok is false when s holds an
// object whose members are open (a map), which strict mode cannot say.
func strictSchema(s map[string]any) (map[string]any, bool) {
	if _, refs := s["$defs"]; refs {
		// A recursive shape (a tree of items): strict mode would need
		// every definition closed as well; it is not said.
		return nil, false
	}
	out := maps.Clone(s)
	if items, ok := s["items"].(map[string]any); ok {
		strict, ok := strictSchema(items)
		if !ok {
			return nil, false
		}
		out["items"] = strict
	}
	// Strict mode takes no defaults: an absent value is null.
	delete(out, "default")
	if s["type"] != "object" {
		return out, true
	}
	if _, open := s["additionalProperties"].(map[string]any); open {
		return nil, false
	}
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	switch r := s["required"].(type) {
	case []any:
		for _, n := range r {
			if name, ok := n.(string); ok {
				required[name] = true
			}
		}
	case []string:
		for _, n := range r {
			required[n] = true
		}
	}
	strictProps := make(map[string]any, len(props))
	names := slices.Sorted(maps.Keys(props))
	for _, name := range names {
		p, _ := props[name].(map[string]any)
		sp, ok := strictSchema(p)
		if !ok {
			return nil, false
		}
		if !required[name] {
			sp = nullable(sp)
		}
		strictProps[name] = sp
	}
	all := make([]any, len(names))
	for i, n := range names {
		all[i] = n
	}
	out["properties"] = strictProps
	out["required"] = all
	out["additionalProperties"] = false
	return out, true
}

// nullable is s that also takes null: its type a list with "null" (and
// null added to an enum).
func nullable(s map[string]any) map[string]any {
	out := maps.Clone(s)
	switch t := s["type"].(type) {
	case string:
		out["type"] = []any{t, "null"}
	case []any:
		if !slices.Contains(t, any("null")) {
			out["type"] = append(slices.Clone(t), "null")
		}
	}
	if enum, ok := s["enum"].([]any); ok {
		out["enum"] = append(slices.Clone(enum), nil)
	}
	if enum, ok := s["enum"].([]string); ok {
		e := make([]any, 0, len(enum)+1)
		for _, x := range enum {
			e = append(e, x)
		}
		out["enum"] = append(e, nil)
	}
	return out
}

// withoutNulls is args without its null members, at every depth (a copy;
// args is the caller's).
func withoutNulls(args map[string]any) map[string]any {
	if args == nil {
		return nil
	}
	out := make(map[string]any, len(args))
	for k, v := range args {
		switch x := v.(type) {
		case nil:
			continue
		case map[string]any:
			out[k] = withoutNulls(x)
		default:
			out[k] = v
		}
	}
	return out
}

// withEveryMember is v, an answer, with every member its strict schema
// requires and v leaves out set to null, as strict mode's "every property
// required, an optional one nullable" has it. v is returned as it is
// when there is no schema.
func withEveryMember(v any, schema json.RawMessage) any {
	if v == nil || schema == nil {
		return v
	}
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var plain any
	if err := decodeJSON(b, &plain); err != nil {
		return v
	}
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return v
	}
	return fillMembers(plain, s)
}

// fillMembers sets each member s declares and v lacks to null, at every
// depth.
func fillMembers(v any, s map[string]any) any {
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			ps, _ := p.(map[string]any)
			if member, ok := x[name]; ok {
				x[name] = fillMembers(member, ps)
			} else {
				x[name] = nil
			}
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for i, e := range x {
			x[i] = fillMembers(e, items)
		}
	}
	return v
}
