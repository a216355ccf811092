package mcp

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestReadAnswerSendsTheValueEncodedOnce(t *testing.T) {
	page, err := benchTable(2).Invoke("get_rows", map[string]any{"limit": 100})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		value any
		want  string // the structured content on the wire
		text  string // a line the text must have
	}{
		{"a table's page", page.Value(), `{"columns":["name","stars","language","description"],"offset":0,"rows":[{"name":"repo-0","stars":0,"language":"Go","description":"a terminal framework, with widgets"},{"name":"repo-1","stars":7,"language":"Go","description":"a terminal framework, with widgets"}],"total":2}`, "repo-1\t7\tGo\ta terminal framework, with widgets"},
		{"an object", map[string]any{"checked": true}, `{"checked":true}`, "true"},
		{"a scalar, as {value}", 42, `{"value":42}`, "42"},
		{"a list, as {value}", []string{"a", "b"}, `{"value":["a","b"]}`, "a\nb"},
		{"invisible text, escaped", map[string]any{"value": "a\u200bb"}, `{"value":"a\\u{200B}b"}`, `a\u{200B}b`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := readResult("t", tt.value)
			if err != nil {
				t.Fatal(err)
			}
			res := toWire(a, nil)
			if res.StructuredContent != nil {
				t.Errorf("structured content went out as a Go value (%T), to be encoded again", res.StructuredContent)
			}
			got := string(res.RawStructuredContent)
			if got != tt.want {
				t.Errorf("structured content %s, want %s", got, tt.want)
			}
			if !json.Valid(res.RawStructuredContent) {
				t.Errorf("structured content is not JSON: %s", got)
			}
			if text := res.Content[0].(sdk.TextContent); !strings.Contains(text.Text, tt.text) {
				t.Errorf("text %q lacks %q", text.Text, tt.text)
			}
		})
	}
}

func TestScalarTextIsJSONsForm(t *testing.T) {
	for _, v := range []any{0.0, 1.0, -2.5, 7e20, 1e21, 1e-6, 1e-7, 123456789.0, 1.5e300, math.Copysign(0, -1), true, false, nil, json.Number("12")} {
		want, _ := json.Marshal(v)
		if got := scalarText(v); got != string(want) {
			t.Errorf("scalarText(%v) = %s, want %s", v, got, want)
		}
	}
}

func TestCellTextKeepsRowsOneALine(t *testing.T) {
	tests := map[string]string{"plain": "plain", "a\tb": "a b", "a\nb\rc": "a b c", "": ""}
	for in, want := range tests {
		if got := cellText(in); got != want {
			t.Errorf("cellText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWriteAnswerSendsItsValueEncodedOnce: a write's answer is encoded
// once, to escape it, and those bytes go on the wire; the value stays for
// the server's hooks that read it.
func TestWriteAnswerSendsItsValueEncodedOnce(t *testing.T) {
	for _, wr := range []WriteResult{
		{Applied: true, Tool: "s_search_type_into", Changed: []string{"search"}, Revision: 7},
		{Applied: true, Tool: "s_search_type_into", Changed: []string{"a\u200bb"}},
	} {
		res := toWire(answer(wr, "Applied."), nil)
		want, _ := json.Marshal(visibleValue(wr))
		if string(res.RawStructuredContent) != string(want) {
			t.Errorf("raw structured content %s, want %s", res.RawStructuredContent, want)
		}
		if res.StructuredContent == nil {
			t.Error("the value is gone for the server's hooks")
		}
		wire, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Structured json.RawMessage `json:"structuredContent"`
		}
		if err := json.Unmarshal(wire, &got); err != nil {
			t.Fatal(err)
		}
		if string(got.Structured) != string(want) {
			t.Errorf("on the wire %s, want %s", got.Structured, want)
		}
	}
}
