package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// strictProblems lists how schema breaks OpenAI's strict mode: an object
// not closed, a property not required, a default (strict mode takes none).
func strictProblems(path string, schema map[string]any) []string {
	var out []string
	if _, ok := schema["default"]; ok {
		out = append(out, path+": has a default")
	}
	if items, ok := schema["items"].(map[string]any); ok {
		out = append(out, strictProblems(path+"[]", items)...)
	}
	if !slices.Contains(types(schema), "object") {
		return out
	}
	if schema["additionalProperties"] != false {
		out = append(out, path+": additionalProperties is not false")
	}
	props, _ := schema["properties"].(map[string]any)
	required := map[string]bool{}
	if r, ok := schema["required"].([]any); ok {
		for _, n := range r {
			required[fmt.Sprint(n)] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		if !required[name] {
			out = append(out, path+"."+name+": not required")
		}
		p, _ := props[name].(map[string]any)
		out = append(out, strictProblems(path+"."+name, p)...)
	}
	return out
}

// undeclared lists the objects schema describes without declaring their
// members: no properties, nor a schema for them in additionalProperties.
func undeclared(path string, schema map[string]any) []string {
	var out []string
	if items, ok := schema["items"].(map[string]any); ok {
		out = append(out, undeclared(path+"[]", items)...)
	}
	if !slices.Contains(types(schema), "object") {
		return out
	}
	_, hasProps := schema["properties"].(map[string]any)
	members, isMap := schema["additionalProperties"].(map[string]any)
	if !hasProps && !isMap {
		out = append(out, path+": an object that declares no members")
	}
	if isMap {
		out = append(out, undeclared(path+"{}", members)...)
	}
	props, _ := schema["properties"].(map[string]any)
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p, _ := props[name].(map[string]any)
		out = append(out, undeclared(path+"."+name, p)...)
	}
	return out
}

// types is a schema's type as a list.
func types(schema map[string]any) []string {
	switch t := schema["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, fmt.Sprint(x))
		}
		return out
	}
	return nil
}

func TestStrictSchemaFollowsOpenAIsRules(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
		ok   bool
	}{
		{"an optional property becomes required and nullable, without its default",
			`{"type":"object","properties":{"a":{"type":"string"},"n":{"type":"integer","default":3}},"required":["a"]}`,
			`{"additionalProperties":false,"properties":{"a":{"type":"string"},"n":{"type":["integer","null"]}},"required":["a","n"],"type":"object"}`, true},
		{"an optional enum takes null",
			`{"type":"object","properties":{"d":{"type":"string","enum":["asc","desc"]}}}`,
			`{"additionalProperties":false,"properties":{"d":{"enum":["asc","desc",null],"type":["string","null"]}},"required":["d"],"type":"object"}`, true},
		{"objects in lists and objects are closed too",
			`{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"x":{"type":"string"}}}}},"required":["l"]}`,
			`{"additionalProperties":false,"properties":{"l":{"items":{"additionalProperties":false,"properties":{"x":{"type":["string","null"]}},"required":["x"],"type":"object"},"type":"array"}},"required":["l"],"type":"object"}`, true},
		{"a map cannot be said", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{}}}}`, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var in map[string]any
			if err := json.Unmarshal([]byte(tc.in), &in); err != nil {
				t.Fatal(err)
			}
			got, ok := strictSchema(in)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			b, _ := json.Marshal(got)
			if string(b) != tc.want {
				t.Errorf("strictSchema = %s\nwant          %s", b, tc.want)
			}
			if p := strictProblems("", got); len(p) > 0 {
				t.Errorf("breaks strict mode: %v", p)
			}
		})
	}
}

// listedSchemas are the input and output schemas of every tool c lists,
// by "tool input" and "tool output".
func listedSchemas(t *testing.T, c *testClient) map[string]map[string]any {
	t.Helper()
	res, err := c.c.ListTools(t.Context(), sdk.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, tl := range res.Tools {
		b, err := json.Marshal(tl)
		if err != nil {
			t.Fatal(err)
		}
		var def map[string]any
		if err := json.Unmarshal(b, &def); err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{"input", "output"} {
			if s, ok := def[kind+"Schema"].(map[string]any); ok {
				out[tl.Name+" "+kind] = s
			}
		}
	}
	return out
}

// TestEveryOutputSchemaDeclaresItsObjects: in either mode, every object an
// output schema describes declares its members, and answers validate.
func TestEveryOutputSchemaDeclaresItsObjects(t *testing.T) {
	for _, mode := range []string{SchemasDefault, SchemasStrict} {
		t.Run("mode "+mode, func(t *testing.T) {
			srv := newTestServer(t, Options{Schemas: mode})
			c := connect(t, srv)
			mustOK(t, c.call("facet_start", map[string]any{"app": "counter", "session": "n"}))
			if _, err := srv.StartSession(t.Context(), "b", "board", newBoard()); err != nil {
				t.Fatal(err)
			}
			schemas := listedSchemas(t, c)
			if len(schemas) < 20 {
				t.Fatalf("only %d schemas listed", len(schemas))
			}
			// A read serves the shape its widget declares for its value.
			if mode == SchemasDefault {
				rows, _ := schemas["b.rows.get_rows output"]["properties"].(map[string]any)
				if _, ok := rows["rows"]; !ok {
					t.Errorf("get_rows serves no shape of its rows: %v", schemas["b.rows.get_rows output"])
				}
			}
			for name, s := range schemas {
				if strings.HasSuffix(name, " output") {
					for _, p := range undeclared(name, s) {
						t.Error(p)
					}
				}
			}
		})
	}
}

// TestStrictModeServesOnlyStrictSchemasAndTakesNulls: with SchemasStrict
// every schema listed follows OpenAI's strict rules, a null argument is
// one not given, and every answer validates against its tool's schema.
func TestStrictModeServesOnlyStrictSchemasAndTakesNulls(t *testing.T) {
	srv := newTestServer(t, Options{Schemas: SchemasStrict})
	c := connect(t, srv)
	if _, err := srv.StartSession(t.Context(), "b", "board", newBoard()); err != nil {
		t.Fatal(err)
	}
	schemas := listedSchemas(t, c)
	for name, s := range schemas {
		for _, p := range strictProblems(name, s) {
			t.Error(p)
		}
	}
	if _, ok := schemas["b.rows.sort output"]; !ok {
		t.Fatalf("a write serves no output schema in strict mode: %v", slices.Sorted(maps.Keys(schemas)))
	}
	args := map[string]any{}
	for k := range schemas["facet_act input"]["properties"].(map[string]any)["args"].(map[string]any)["properties"].(map[string]any) {
		args[k] = nil
	}
	args["column"], args["direction"] = "stars", "asc"
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"facet_act", map[string]any{"session": "b", "widget": "rows", "action": "sort", "args": args}},
		{"b.rows.select_row", map[string]any{"index": 2.0}},
		{"facet_screenshot", map[string]any{"session": "b", "outline": true, "since": nil}},
		{"facet_list", nil},
		{"b.discover_tools", map[string]any{"query": nil}},
	}
	for _, call := range calls {
		res := mustOK(t, c.call(call.tool, call.args))
		out, ok := schemas[call.tool+" output"]
		if !ok {
			continue
		}
		validate(t, call.tool, out, res.StructuredContent)
	}
}

// validate checks answer against schema with a JSON Schema validator.
func validate(t *testing.T, tool string, schema map[string]any, answer any) {
	t.Helper()
	b, _ := json.Marshal(schema)
	var s jsonschema.Schema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: not a JSON Schema: %v", tool, err)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var plain any
	ab, _ := json.Marshal(answer)
	_ = json.Unmarshal(ab, &plain)
	if err := rs.Validate(plain); err != nil {
		t.Errorf("%s answered %s, which its schema refuses: %v", tool, ab, err)
	}
}
