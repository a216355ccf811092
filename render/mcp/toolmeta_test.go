package mcp

import (
	"testing"

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
