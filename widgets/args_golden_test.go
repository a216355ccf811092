package widgets_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenProviders are one of every widget with actions, in the states that
// change what it offers.
func goldenProviders() []struct {
	name string
	p    tea.ToolProvider
} {
	nodes := []widgets.TreeNode{{ID: "src", Label: "src", Children: []widgets.TreeNode{{ID: "main", Label: "main.go"}}}, {ID: "readme", Label: "README"}}
	return []struct {
		name string
		p    tea.ToolProvider
	}{
		{"button", widgets.Button{ID: "b", Label: "Go", OnClick: "go"}},
		{"checkbox", widgets.Checkbox{ID: "c"}},
		{"checkbox disabled", widgets.Checkbox{ID: "c", Disabled: true}},
		{"text input", widgets.TextInput{ID: "t", Value: "abc"}},
		{"text input limited", widgets.TextInput{ID: "t", Value: "abc", CharLimit: 5}},
		{"text input masked", widgets.TextInput{ID: "t", Value: "abc", Mask: '*'}},
		{"password field", widgets.PasswordField{ID: "p", Value: "abc"}},
		{"text area", widgets.TextArea{ID: "a", Value: "abc\ndef"}},
		{"select list", widgets.SelectList{ID: "l", Options: []string{"a", "b", "c"}}},
		{"select list empty", widgets.SelectList{ID: "l"}},
		{"modal", widgets.Modal{ID: "m", Visible: true}},
		{"table", widgets.Table{ID: "r", Columns: []widgets.TableColumn{{Key: "name"}, {Key: "stars"}}, Rows: [][]string{{"a", "1"}, {"b", "2"}}}},
		{"table disabled", widgets.Table{ID: "r", Columns: []widgets.TableColumn{{Key: "name"}}, Rows: [][]string{{"a"}}, Disabled: true}},
		{"table no columns", widgets.Table{ID: "r"}},
		{"tree", widgets.Tree{ID: "f", Nodes: nodes}},
		{"tree flat", widgets.Tree{ID: "f", Nodes: []widgets.TreeNode{{ID: "x"}}}},
		{"scrubber", widgets.Scrubber{ID: "s", Min: 10, Max: 20}},
		{"tabs", widgets.Tabs{ID: "t", Tabs: []string{"One", "Two"}}},
		{"viewport", widgets.Viewport{ID: "v", Lines: []string{"a", "b", "c"}}},
		{"menu", widgets.Menu{ID: "m", Items: []widgets.MenuItem{{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "quit", Label: "Quit"}}}}}},
		{"text", widgets.Text{ID: "x", Content: "a\nb\nc"}},
		{"bar chart", widgets.BarChart{ID: "c", Bars: []widgets.Bar{{Label: "a", Value: 1}}}},
		{"sparkline", widgets.Sparkline{ID: "k", Label: "cpu", Values: []float64{1, 2}}},
		{"bubble", goldenBubble(false)},
		{"bubble disabled", goldenBubble(true)},
	}
}

// bubbleSet is the message of goldenBubble's typed write.
type bubbleSet struct {
	Text   string
	Count  int
	Ratio  float64
	Append bool
	Tags   []string
}

// goldenBubble is a Bubble with a typed write taking an argument of every
// kind a Bubble action can declare, and a typed read taking none.
func goldenBubble(disabled bool) widgets.Bubble {
	return widgets.Bubble{ID: "u", View: "50%", Disabled: disabled, Tools: []widgets.BubbleAction{
		widgets.BubbleWrite("set", "Set it.", func(a struct {
			Text   string   `json:"text" description:"the text"`
			Count  int      `json:"count,omitempty"`
			Ratio  float64  `json:"ratio,omitempty" description:"from 0 to 1"`
			Append bool     `json:"append,omitempty"`
			Tags   []string `json:"tags,omitempty"`
		}) (tea.Msg, error) {
			return bubbleSet(a), nil
		}),
		widgets.BubbleRead("get", "Read it.", func(struct{}) (any, error) { return "50%", nil }),
	}}
}

// badArgs are argument sets every action is called with: none, an unknown
// one, and each argument name with a value of every JSON kind and some
// out-of-range or invalid values.
func badArgs(a tea.Action) []map[string]any {
	out := []map[string]any{nil, {"bogus": 1.0}}
	props, _ := a.InputSchema["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	slices.Sort(names)
	values := []any{"x", "asc", "desc", "main", "quit", "name", "src", "a\tb", "a\u202eb", strings.Repeat("y", 6), true, 1.5, -1.0, 0.0, 1.0, 2.0, 15.0, 1e9, nil, []any{1.0}, map[string]any{}}
	for _, n := range names {
		for _, v := range values {
			out = append(out, map[string]any{n: v})
			// with every other argument given a plausible value
			full := map[string]any{n: v}
			for _, o := range names {
				if o != n {
					full[o] = plausible(o)
				}
			}
			out = append(out, full)
		}
	}
	return out
}

func plausible(name string) any {
	switch name {
	case "text", "node_id", "item_id":
		return map[string]string{"text": "hi", "node_id": "src", "item_id": "quit"}[name]
	case "column":
		return "name"
	case "direction":
		return "asc"
	case "append":
		return true
	case "keys", "tags":
		return []any{"a"}
	}
	return 1.0
}

// The actions' schemas and what each answers to bad arguments are those
// recorded in testdata: typed argument structs replaced hand-built schemas
// and parsing without changing either.
func TestActionSchemasAndArgumentErrorsMatchTheGolden(t *testing.T) {
	var schemas, errs strings.Builder
	for _, g := range goldenProviders() {
		actions := g.p.Actions()
		raw, err := json.MarshalIndent(actions, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&schemas, "== %s\n%s\n", g.name, raw)
		for _, a := range actions {
			for _, args := range badArgs(a) {
				res, err := g.p.Invoke(a.Name, args)
				argsJSON, _ := json.Marshal(args)
				switch {
				case err != nil:
					fmt.Fprintf(&errs, "%s %s %s -> error: %v\n", g.name, a.Name, argsJSON, err)
				case res.IsWrite():
					fmt.Fprintf(&errs, "%s %s %s -> write %#v\n", g.name, a.Name, argsJSON, res.Msg())
				default:
					v, _ := json.Marshal(res.Value())
					fmt.Fprintf(&errs, "%s %s %s -> read %s\n", g.name, a.Name, argsJSON, v)
				}
			}
		}
	}
	for _, f := range []struct{ path, got string }{
		{filepath.Join("testdata", "action_schemas.golden"), schemas.String()},
		{filepath.Join("testdata", "action_answers.golden"), errs.String()},
	} {
		if *update {
			if err := os.WriteFile(f.path, []byte(f.got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != f.got {
			gl, wl := strings.Split(f.got, "\n"), strings.Split(string(want), "\n")
			for i := range max(len(gl), len(wl)) {
				var g, w string
				if i < len(gl) {
					g = gl[i]
				}
				if i < len(wl) {
					w = wl[i]
				}
				if g != w {
					t.Errorf("%s line %d:\n got  %s\n want %s", f.path, i+1, g, w)
					break
				}
			}
		}
	}
}
