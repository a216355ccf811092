package mcp

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/facetui/facet/widgets"
)

// TestEveryStaticToolNamesTheSessionAlike: every facet_* tool that takes a
// session calls it session (facet_act included), and still takes its old
// name, id.
func TestEveryStaticToolNamesTheSessionAlike(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe})
	tc := connect(t, srv)
	for _, name := range tc.tools() {
		if !strings.HasPrefix(name, "facet_") || name == "facet_list" {
			continue
		}
		var schema struct {
			Properties map[string]any `json:"properties"`
		}
		raw, err := json.Marshal(tc.tool(name).InputSchema)
		if r := tc.tool(name).RawInputSchema; r != nil {
			raw = r
		}
		if err != nil || json.Unmarshal(raw, &schema) != nil {
			t.Fatal(err)
		}
		if _, ok := schema.Properties[SessionArg]; !ok {
			t.Errorf("%s takes no %q: %s", name, SessionArg, raw)
		}
		if _, ok := schema.Properties[DeprecatedSessionArg]; ok {
			t.Errorf("%s still lists %q: %s", name, DeprecatedSessionArg, raw)
		}
	}
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "old"}))
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"facet_screenshot", map[string]any{"id": "old"}},
		{"facet_send_key", map[string]any{"id": "old", "key": "tab"}},
		{"facet_stop", map[string]any{"id": "old"}},
	} {
		mustOK(t, tc.call(c.tool, c.args))
	}
}

// TestFacetActTakesTheTypesTheActionsTake: facet_act's args declare each
// argument with the type the built-in widgets' actions declare, so a value
// its schema allows is one the action takes (seek's position is an
// integer: 90.5 is refused by both).
func TestFacetActTakesTheTypesTheActionsTake(t *testing.T) {
	args := actArgs()
	for _, p := range builtinProviders() {
		for _, a := range p.Actions() {
			props, _ := a.InputSchema["properties"].(map[string]any)
			for name, raw := range props {
				want := typeOf(raw)
				got, ok := args[name].(map[string]any)
				if !ok {
					t.Errorf("facet_act's args lack %q, which %s takes", name, a.Name)
					continue
				}
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(want)
				if string(g) != string(w) {
					t.Errorf("facet_act's args say %s is %s; %s declares %s", name, g, a.Name, w)
				}
			}
		}
	}
	if got := args["position"].(map[string]any)["type"]; got != "integer" {
		t.Fatalf("position is %v in facet_act's args", got)
	}
}

// TestErrorsNameToolsAsListed: with client-safe names, refusals and
// errors spell tools as tools/list does, never in the dotted form.
func TestErrorsNameToolsAsListed(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe, Apps: securityApps(),
		Auth: AuthOptions{AllowedTools: []string{"facet_*", "demo_discover_tools", "demo_inc_click"}}})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "session": "demo"}))
	dotted := regexp.MustCompile(`\b(demo|gone)\.[a-z_]+`)
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"demo_discover_tools", map[string]any{"q": "x"}, "demo_discover_tools: unknown argument"},
		{"demo_dec_click", nil, "demo_dec_click"},
		{"facet_act", map[string]any{"session": "demo", "widget": "dec", "action": "click"}, "demo_dec_click"},
		{"facet_act", map[string]any{"session": "demo", "widget": "nope", "action": "click"}, "demo_nope_click"},
		{"facet_act", map[string]any{"session": "gone", "widget": "x", "action": "click"}, "gone_x_click"},
	} {
		res := tc.call(c.tool, c.args)
		mustErr(t, res, c.want)
		if m := dotted.FindString(text(res)); m != "" {
			t.Errorf("%s %v names %q: %s", c.tool, c.args, m, text(res))
		}
	}
}

// TestASecondStartSaysWhichIDItGotAndWhy: a facet_start with no session
// for an app already running answers the new id and why it is not the
// app's own.
func TestASecondStartSaysWhichIDItGotAndWhy(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	first := mustOK(t, tc.call("facet_start", map[string]any{"app": "counter"}))
	if line := strings.SplitN(text(first), "\n", 2)[0]; line != "Session started: counter" {
		t.Fatalf("the first start's first line is %q", line)
	}
	second := mustOK(t, tc.call("facet_start", map[string]any{"app": "counter"}))
	line := strings.SplitN(text(second), "\n", 2)[0]
	for _, want := range []string{"Session started: counte2", "counter", "still running", "facet_stop", "pass session"} {
		if !strings.Contains(line, want) {
			t.Errorf("the second start's first line %q does not say %q", line, want)
		}
	}
	// Another connection's session is only said to be taken.
	other := connect(t, srv)
	line = strings.SplitN(text(mustOK(t, other.call("facet_start", map[string]any{"app": "counter"}))), "\n", 2)[0]
	if !strings.Contains(line, "id counter is taken") || strings.Contains(line, "running") {
		t.Errorf("another connection's start answered %q", line)
	}
}

// TestDiscoverToolsAnswersInputSchemas: a compact-mode agent learns each
// tool's arguments from discover_tools.
func TestDiscoverToolsAnswersInputSchemas(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesSafe, ToolList: ToolListCompact})
	tc := connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "tb", "tabbed", &tabbed{Tabs: widgets.TabsState{ID: "sections", Tabs: []string{"General", "Settings"}}}); err != nil {
		t.Fatal(err)
	}
	res := mustOK(t, tc.call("tb_discover_tools", map[string]any{"query": "select_tab"}))
	var hits []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		InputSchema struct {
			Properties map[string]map[string]any `json:"properties"`
		} `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(text(res)), &hits); err != nil || len(hits) != 1 {
		t.Fatalf("discover_tools answered %v %s", err, text(res))
	}
	if hits[0].Name != "tb_sections_select_tab" || hits[0].InputSchema.Properties["index"]["type"] != "integer" {
		t.Fatalf("discover_tools answered %+v", hits[0])
	}
	mustOK(t, tc.call("facet_act", map[string]any{"session": "tb", "widget": "sections", "action": "select_tab", "args": map[string]any{"index": 1.0}}))
}
