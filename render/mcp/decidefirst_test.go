package mcp

import (
	"strings"
	"testing"
)

func TestUnknownArgumentsAreExplainedOnlyToAnAllowedCaller(t *testing.T) {
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"facet_act", map[string]any{"session": "x", "widget": "y", "action": "click", "bogus": 1}},
		{"facet_stop", map[string]any{"id": "x", "bogus": 1}},
		{"facet_screenshot", map[string]any{"id": "x", "bogus": 1}},
	} {
		denied := connect(t, newTestServer(t, Options{Auth: AuthOptions{AllowedTools: []string{"facet_list"}}}))
		res := denied.call(tc.tool, tc.args)
		if code := structuredError(t, res); code != CodeAuthorizationRequired || strings.Contains(text(res), "unknown argument") {
			t.Fatalf("%s, denied: %s (code %s); want a denial that names no argument", tc.tool, text(res), code)
		}
		allowed := connect(t, newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll()}}))
		mustErr(t, allowed.call(tc.tool, tc.args), `unknown argument "bogus"`)
	}
}
