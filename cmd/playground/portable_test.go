package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
)

// wireTool is a tool definition as a client receives it in tools/list.
type wireTool map[string]any

func (w wireTool) str(k string) string { s, _ := w[k].(string); return s }

func (w wireTool) obj(k string) map[string]any { m, _ := w[k].(map[string]any); return m }

// clientRule is one published rule a client applies to every tool it is
// given; a tool list with one tool that breaks it fails (or is mangled)
// in that client. check answers "" or what is wrong.
type clientRule struct {
	client, rule string
	check        func(w wireTool) string
}

var (
	nameRule64   = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	geminiName   = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$`)
	geminiParam  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`)
	facetName    = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,52}$`)
	geminiFields = []string{"type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems",
		"properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern",
		"example", "propertyOrdering", "default", "items", "minimum", "maximum"}
)

func matches(re *regexp.Regexp, s string) string {
	if re.MatchString(s) {
		return ""
	}
	return fmt.Sprintf("%q does not match %s", s, re)
}

// walkSchema calls f on every schema in s (s itself, its properties and
// items), with its path and whether it is a parameter (a property).
func walkSchema(s map[string]any, path string, f func(s map[string]any, path string)) {
	f(s, path)
	if props, ok := s["properties"].(map[string]any); ok {
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if p, ok := props[n].(map[string]any); ok {
				walkSchema(p, path+".properties."+n, f)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		walkSchema(items, path+".items", f)
	}
}

// firstProblem is the first problem f finds in the input schema.
func firstProblem(w wireTool, f func(s map[string]any, path string) string) string {
	var out string
	walkSchema(w.obj("inputSchema"), "inputSchema", func(s map[string]any, path string) {
		if out == "" {
			out = f(s, path)
		}
	})
	return out
}

// clientRules are the published rules of the clients people use, one row
// per rule, each with where it is published.
var clientRules = []clientRule{
	// OpenAI API reference, Chat Completions and Responses: tools[].function.name
	// "must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64".
	{"OpenAI", "function name ^[a-zA-Z0-9_-]{1,64}$", func(w wireTool) string { return matches(nameRule64, w.str("name")) }},
	// Anthropic Messages API, tool use: tools[].name must match ^[a-zA-Z0-9_-]{1,64}$
	// (Claude Desktop, claude.ai and Claude Code refuse the whole list otherwise).
	{"Anthropic", "tool name ^[a-zA-Z0-9_-]{1,64}$", func(w wireTool) string { return matches(nameRule64, w.str("name")) }},
	// Claude Code names an MCP tool mcp__<server>__<tool> and checks that
	// against the 64 above: "mcp__facet__" leaves 52.
	{"Claude Code", "name fits mcp__facet__ within 64", func(w wireTool) string { return matches(facetName, w.str("name")) }},
	// Gemini API / Vertex AI FunctionDeclaration.name: "Must start with a letter or an underscore.
	// Must be a-z, A-Z, 0-9, or contain underscores, dots and dashes, with a maximum length of 64."
	{"Gemini", "function name starts with a letter or _, 64 at most", func(w wireTool) string { return matches(geminiName, w.str("name")) }},
	// Gemini API FunctionDeclaration.description is required.
	{"Gemini", "description is present", func(w wireTool) string {
		if strings.TrimSpace(w.str("description")) == "" {
			return "no description"
		}
		return ""
	}},
	// MCP specification 2025-06-18, server/tools: Tool.inputSchema is a JSON Schema with type "object";
	// Anthropic tool use: input_schema must be an object schema.
	{"MCP, Anthropic", `inputSchema has type "object"`, func(w wireTool) string {
		if t := w.obj("inputSchema")["type"]; t != "object" {
			return fmt.Sprintf("inputSchema type is %v", t)
		}
		return ""
	}},
	// Gemini API Schema object (an OpenAPI 3.0 subset): it has no additionalProperties field,
	// and a declaration that carries one is refused.
	{"Gemini", "no additionalProperties", func(w wireTool) string {
		return firstProblem(w, func(s map[string]any, path string) string {
			if _, ok := s["additionalProperties"]; ok {
				return path + " has additionalProperties"
			}
			return ""
		})
	}},
	// Gemini API: an OBJECT schema's properties "should be non-empty for OBJECT type"; a
	// function with no parameters leaves them unset (Vertex AI FunctionDeclaration.parameters).
	{"Gemini", "no empty properties; nested objects name their properties", func(w wireTool) string {
		return firstProblem(w, func(s map[string]any, path string) string {
			props, has := s["properties"].(map[string]any)
			switch {
			case has && len(props) == 0:
				return path + " has an empty properties object"
			case s["type"] == "object" && !has && path != "inputSchema":
				return path + " is an object without properties"
			}
			return ""
		})
	}},
	// Gemini API Schema.type is one Type (a single string); unions, anyOf/oneOf/allOf and
	// $ref are outside the subset function declarations take.
	{"Gemini", "no type unions or composition", func(w wireTool) string {
		return firstProblem(w, func(s map[string]any, path string) string {
			if _, ok := s["type"].(string); !ok {
				return fmt.Sprintf("%s has type %v", path, s["type"])
			}
			for _, k := range []string{"anyOf", "oneOf", "allOf", "$ref"} {
				if _, ok := s[k]; ok {
					return path + " uses " + k
				}
			}
			return ""
		})
	}},
	// Gemini API Schema: the fields a parameter schema may carry.
	{"Gemini", "schema keywords within the Schema object's fields", func(w wireTool) string {
		return firstProblem(w, func(s map[string]any, path string) string {
			for k := range s {
				if !slices.Contains(geminiFields, k) {
					return fmt.Sprintf("%s has %q", path, k)
				}
			}
			return ""
		})
	}},
	// Vertex AI FunctionDeclaration.parameters: "Parameter names must start with a letter or an
	// underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64."
	{"Gemini", "parameter names ^[a-zA-Z_][a-zA-Z0-9_]{0,63}$", func(w wireTool) string {
		props, _ := w.obj("inputSchema")["properties"].(map[string]any)
		for n := range props {
			if p := matches(geminiParam, n); p != "" {
				return p
			}
		}
		return ""
	}},
	// MCP specification 2025-06-18, server/tools, "Output Schema": a tool that returns
	// structuredContent declares an outputSchema (an object schema) its results conform to.
	{"MCP", `outputSchema is declared, type "object"`, func(w wireTool) string {
		if t := w.obj("outputSchema")["type"]; t != "object" {
			return fmt.Sprintf("outputSchema type is %v", t)
		}
		return ""
	}},
	// MCP specification 2025-06-18, Tool.title and ToolAnnotations: a display title;
	// readOnlyHint and destructiveHint are hints a client acts on, so Facet states only
	// what is true (destructiveHint is meaningless on a read-only tool).
	{"MCP", "a title; hints only when true, never both", func(w wireTool) string {
		a := w.obj("annotations")
		ro, hasRO := a["readOnlyHint"]
		de, hasDE := a["destructiveHint"]
		switch {
		case w.str("title") == "":
			return "no title"
		case hasRO && ro != true, hasDE && de != true:
			return fmt.Sprintf("a hint that is not true: %v", a)
		case hasRO && hasDE:
			return "both readOnlyHint and destructiveHint"
		}
		return ""
	}},
	// Facet's own rule: what reads is marked read-only, what writes never is.
	{"Facet", "reads carry readOnlyHint, writes do not", func(w wireTool) string {
		name := w.str("name")
		read := regexp.MustCompile(`_get_[a-z_]+$|_discover_tools$|^facet_(list|screenshot|get_model)$`).MatchString(name)
		if ro := w.obj("annotations")["readOnlyHint"] == true; ro != read {
			return fmt.Sprintf("readOnlyHint %v on a %s", ro, map[bool]string{true: "read", false: "write"}[read])
		}
		return ""
	}},
}

// TestEveryToolIsOneEveryClientAccepts lists every tool the playground can
// ever list (every demo, every tab selected, every button clicked, so its
// dialogs open) and checks each definition against each client's rules;
// every answer with structured content on the way is checked against the
// tool's outputSchema.
func TestEveryToolIsOneEveryClientAccepts(t *testing.T) {
	apps := mcpApps()
	names := make([]string, len(apps))
	for i, a := range apps {
		names[i] = a.Name
	}
	srv := newMCPServer(t, mcp.Options{Apps: apps, Startable: names, MaxSessions: len(apps) + 1, MaxSessionsPerClient: len(apps) + 1, Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}})
	ctx := context.Background()
	// list reads the tools/list of the client's own connection, which
	// lists the tools of every session the client starts.
	ic, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := mcpclient.New(ic)
	defer c.Close()
	initClient(ctx, t, c, "portability", nil)
	// The definitions as the server writes them: a client's Go struct
	// would add what the wire does not carry (an empty properties object).
	list := func() map[string]wireTool {
		b, err := ic.Call(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		if err != nil {
			t.Fatal(err)
		}
		var wire struct {
			Result struct {
				Tools []wireTool `json:"tools"`
			} `json:"result"`
		}
		if err := json.Unmarshal(b, &wire); err != nil || len(wire.Result.Tools) == 0 {
			t.Fatalf("tools/list: %v %s", err, b)
		}
		out := map[string]wireTool{}
		for _, w := range wire.Result.Tools {
			out[w.str("name")] = w
		}
		return out
	}
	answers := 0
	call := func(name string, args map[string]any) bool {
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = name, args
		res, err := c.CallTool(ctx, req)
		if err != nil || res.IsError {
			return false
		}
		if res.StructuredContent != nil {
			answers++
			b, _ := json.Marshal(res.StructuredContent)
			var v any
			_ = json.Unmarshal(b, &v)
			if p := conform(v, list()[name].obj("outputSchema"), "structuredContent"); p != "" {
				t.Errorf("%s %v answered what its outputSchema refuses: %s", name, args, p)
			}
		}
		return true
	}
	for i, app := range names {
		id := fmt.Sprintf("p%d", i)
		if !call("facet_start", map[string]any{"app": app, "id": id}) {
			t.Fatalf("facet_start %s failed", app)
		}
		call("facet_screenshot", map[string]any{"id": id})
		call("facet_list", nil)
		walkSession(id, func() []string { return slices.Sorted(maps.Keys(list())) }, call)
	}
	tools := list()
	if len(tools) < 50 || answers < 50 {
		t.Fatalf("explored %d tools and %d answers: the walk did not reach the demos", len(tools), answers)
	}
	keys := make([]string, 0, len(tools))
	for n := range tools {
		keys = append(keys, n)
	}
	sort.Strings(keys)
	for _, r := range clientRules {
		for _, n := range keys {
			if p := r.check(tools[n]); p != "" {
				t.Errorf("%s: %s: tool %s: %s", r.client, r.rule, n, p)
			}
		}
	}
	t.Logf("%d tool definitions, %d structured answers checked", len(tools), answers)
}

// conform reports how v breaks schema, for the keywords Facet's output
// schemas use (type, properties, required, items, enum), or "".
func conform(v any, schema map[string]any, path string) string {
	if schema == nil {
		return path + ": the tool declares no outputSchema"
	}
	switch schema["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s is %T, not an object", path, v)
		}
		req, _ := schema["required"].([]any)
		for _, r := range req {
			if _, ok := m[r.(string)]; !ok {
				return fmt.Sprintf("%s lacks %v", path, r)
			}
		}
		props, _ := schema["properties"].(map[string]any)
		for k, p := range props {
			if x, ok := m[k]; ok {
				if e := conform(x, p.(map[string]any), path+"."+k); e != "" {
					return e
				}
			}
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			return fmt.Sprintf("%s is %T, not an array", path, v)
		}
		if items, ok := schema["items"].(map[string]any); ok {
			for i, x := range a {
				if e := conform(x, items, fmt.Sprintf("%s[%d]", path, i)); e != "" {
					return e
				}
			}
		}
	case "string":
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("%s is %T, not a string", path, v)
		}
	case "integer":
		if f, ok := v.(float64); !ok || f != float64(int64(f)) {
			return fmt.Sprintf("%s is %v, not an integer", path, v)
		}
	case "number":
		if _, ok := v.(float64); !ok {
			return fmt.Sprintf("%s is %T, not a number", path, v)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("%s is %T, not a boolean", path, v)
		}
	}
	return ""
}
