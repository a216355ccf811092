package mcp

import (
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestReadTextIsACompactRenderingNotTheJSONAgain(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"a value is itself", map[string]any{"value": "rust"}, "rust"},
		{"a number is itself", map[string]any{"value": 3.0}, "3"},
		{"a table is a header and tab-separated rows in column order",
			map[string]any{"columns": []any{"name", "stars"}, "offset": 0.0, "total": 2.0, "rows": []any{
				map[string]any{"name": "a/b", "stars": 10.0}, map[string]any{"name": "c\td", "stars": 2.0}}},
			"offset: 0\nrows:\n  name\tstars\n  a/b\t10\n  c d\t2\ntotal: 2"},
		{"an object is key: value lines", map[string]any{"checked": true, "label": "Notify"}, "checked: true\nlabel: Notify"},
		{"a list of scalars is one a line", map[string]any{"options": []any{"dark", "light"}}, "options:\n  dark\n  light"},
		{"an empty list says so", map[string]any{"items": []any{}}, "items:\n  (none)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := readText(tc.in); got != tc.want {
				t.Errorf("readText = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestReadsAnswerTextOnceAndTypedStructure(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	view := probe{id: "w", kind: "k", actions: []tea.Action{{Name: "get_x"}}}
	if _, err := srv.StartSession(t.Context(), "r", "static", static{view: view}); err != nil {
		t.Fatal(err)
	}
	res := mustOK(t, tc.call("r.w.get_x", nil))
	if text(res) != "action: get_x" || strings.Contains(text(res), "{") {
		t.Errorf("a read's text is %q, want the compact rendering", text(res))
	}
	if structured(t, res)["action"] != "get_x" {
		t.Errorf("structured content: %v", res.StructuredContent)
	}
}

func TestStartAnswersTheScreenOnRequestWithoutBlankPadding(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	res := mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo", "height": 40, "screen": true}))
	last, _ := res.Content[len(res.Content)-1].(sdk.TextContent)
	if !strings.HasPrefix(last.Text, "Screen:\n") || strings.HasSuffix(last.Text, "\n") || strings.Contains(last.Text, "\n\n\n\n") {
		t.Errorf("facet_start's screen is padded:\n%q", last.Text)
	}
	if !strings.Contains(last.Text, "blank lines)") {
		t.Errorf("the run of blank lines is not said: %q", last.Text)
	}
}

func TestCompactScreen(t *testing.T) {
	in := "a\n\nb\n\n\n\n\nc\n   \n\n"
	if got, want := compactScreen(in), "a\n\nb\n(4 blank lines)\nc"; got != want {
		t.Errorf("compactScreen = %q, want %q", got, want)
	}
}
