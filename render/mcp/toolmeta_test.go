package mcp

import (
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/toolname"
)

// TestADerivedToolCarriesItsIdentityInMeta: a derived tool names its
// widget and action in _meta, so that no client parses them back out of
// its name or title; a static tool names none.
func TestADerivedToolCarriesItsIdentityInMeta(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps()})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "lg"}))
	for _, c := range []struct{ tool, widget, action string }{
		{"lg.email.type_into", "email", "type_into"},
		{"lg.password.clear", "password", "clear"},
	} {
		m := tc.tool(c.tool).Meta
		if m == nil {
			t.Fatalf("%s has no _meta", c.tool)
		}
		got := m.AdditionalFields
		if got[toolname.MetaWidget] != c.widget || got[toolname.MetaAction] != c.action {
			t.Errorf("%s's _meta: %v; want widget %s, action %s", c.tool, got, c.widget, c.action)
		}
	}
	if m := tc.tool("facet_list").Meta; m != nil && m.AdditionalFields[toolname.MetaWidget] != nil {
		t.Errorf("a static tool names a widget: %v", m.AdditionalFields)
	}
}

// TestSessionsShareTheirToolsMeta: the same widget's action in two
// sessions carries one _meta object on the server, not a copy per session,
// and still says what each tool's says; another action gets its own.
func TestSessionsShareTheirToolsMeta(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps()})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "a"}))
	mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "b"}))
	meta := func(name string) *sdk.Meta {
		t.Helper()
		reg, ok := srv.reg.Lookup(name)
		if !ok {
			t.Fatalf("%s: no tool", name)
		}
		st := srv.sdkTool(reg) // what tools/list lists
		if st.Meta == nil {
			t.Fatalf("%s: no _meta", name)
		}
		return st.Meta
	}
	a, b := meta("a.email.type_into"), meta("b.email.type_into")
	if a != b {
		t.Fatal("two sessions' email.type_into hold two _meta objects")
	}
	if a.AdditionalFields[toolname.MetaWidget] != "email" || a.AdditionalFields["sensitive"] != true {
		t.Fatalf("the shared _meta says %v", a.AdditionalFields)
	}
	if meta("a.password.clear") == a {
		t.Fatal("another action got email.type_into's _meta")
	}
}
