package main

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"testing"
)

// undeclaredObjects lists the objects schema describes without declaring
// their members: no properties, nor a schema for them in
// additionalProperties (a map whose keys are the app's).
func undeclaredObjects(path string, schema map[string]any) []string {
	var out []string
	if items, ok := schema["items"].(map[string]any); ok {
		out = append(out, undeclaredObjects(path+"[]", items)...)
	}
	if !isObjectSchema(schema) {
		return out
	}
	props, hasProps := schema["properties"].(map[string]any)
	members, isMap := schema["additionalProperties"].(map[string]any)
	if !hasProps && !isMap {
		out = append(out, path+": an object that declares no members")
	}
	if isMap {
		out = append(out, undeclaredObjects(path+"{}", members)...)
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p, _ := props[name].(map[string]any)
		out = append(out, undeclaredObjects(path+"."+name, p)...)
	}
	return out
}

// strictBreaks lists how schema breaks OpenAI's strict mode: an object not
// closed, a property not required, a default.
func strictBreaks(path string, schema map[string]any) []string {
	var out []string
	if _, ok := schema["default"]; ok {
		out = append(out, path+": has a default")
	}
	if items, ok := schema["items"].(map[string]any); ok {
		out = append(out, strictBreaks(path+"[]", items)...)
	}
	if !isObjectSchema(schema) {
		return out
	}
	if schema["additionalProperties"] != false {
		out = append(out, path+": additionalProperties is not false")
	}
	required := map[string]bool{}
	list, _ := schema["required"].([]any)
	for _, n := range list {
		required[fmt.Sprint(n)] = true
	}
	props, _ := schema["properties"].(map[string]any)
	for _, name := range slices.Sorted(maps.Keys(props)) {
		if !required[name] {
			out = append(out, path+"."+name+": not required")
		}
		p, _ := props[name].(map[string]any)
		out = append(out, strictBreaks(path+"."+name, p)...)
	}
	return out
}

// isObjectSchema reports whether schema's type is, or includes, object.
func isObjectSchema(schema map[string]any) bool {
	switch t := schema["type"].(type) {
	case string:
		return t == "object"
	case []any:
		return slices.Contains(t, any("object"))
	}
	return false
}

// checkSchemas applies check to the input and output schema of every tool
// definition ex saw, and reports each problem.
func checkSchemas(t *testing.T, ex exploration, check func(path string, schema map[string]any) []string, inputs bool) int {
	t.Helper()
	names := slices.Sorted(maps.Keys(ex.seen))
	sort.Strings(names)
	checked := 0
	for _, n := range names {
		kinds := []string{"outputSchema"}
		if inputs {
			kinds = append(kinds, "inputSchema")
		}
		for _, kind := range kinds {
			if s := ex.seen[n].obj(kind); s != nil {
				checked++
				for _, p := range check(n+" "+kind, s) {
					t.Error(p)
				}
			}
		}
	}
	return checked
}

// TestBuiltPlaygroundsOutputSchemasDeclareEveryObject: walking every demo
// over stdio, every output schema listed declares the members of every
// object it describes, and (exploreEveryDemo) every answer validates.
func TestBuiltPlaygroundsOutputSchemasDeclareEveryObject(t *testing.T) {
	w := stdioPlayground(t, "--startable="+everyApp())
	ex := exploreEveryDemo(t, w, "d")
	n := checkSchemas(t, ex, undeclaredObjects, false)
	t.Logf("%d output schemas of %d tools declare every object; %d answers validated", n, len(ex.seen), ex.answers)
}

// TestBuiltPlaygroundServesStrictSchemas: with --schemas=strict, walking
// every demo over stdio, every schema listed follows OpenAI's strict
// rules, and every answer validates against its tool's schema.
func TestBuiltPlaygroundServesStrictSchemas(t *testing.T) {
	w := stdioPlayground(t, "--startable="+everyApp(), "--schemas=strict")
	ex := exploreEveryDemo(t, w, "x")
	n := checkSchemas(t, ex, strictBreaks, true)
	if n < 50 || ex.answers < 30 {
		t.Fatalf("checked %d schemas and %d answers: the walk did not reach the demos", n, ex.answers)
	}
	t.Logf("%d schemas of %d tools follow strict mode's rules; %d answers validated", n, len(ex.seen), ex.answers)
}
