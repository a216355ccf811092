package mcp

import (
	"strings"
	"testing"
)

// TestCombinedAuthorizersAllowOnlyWhatEveryOneAllows sets Policy,
// Authorizer and AllowedTools together: a call runs only when all three
// allow it, and the first that does not (in that order) gives the answer,
// whichever of them it is.
func TestCombinedAuthorizersAllowOnlyWhatEveryOneAllows(t *testing.T) {
	// The authorizer denies facet_send_key and asks for facet_act;
	// AllowedTools leaves out facet_act and facet_stop.
	authz := func(tool string, _ map[string]any, _ AuthContext) Decision {
		switch tool {
		case "facet_send_key":
			return Deny("the configured authorizer denies facet_send_key")
		case "facet_act":
			return Ask("may I act?")
		}
		return Allow()
	}
	allowed := []string{"facet_list", "facet_send_key", "facet_get_model"}
	cases := []struct {
		policy, tool string
		want         DecisionKind
		reason       string // part of a Deny's reason, or an Ask's prompt
	}{
		{"allow-all", "facet_list", DecisionAllow, ""},
		{"allow-all", "facet_get_model", DecisionAllow, ""},
		// Denied by the middle one only.
		{"allow-all", "facet_send_key", DecisionDeny, "the configured authorizer denies"},
		// Denied by the last one only.
		{"allow-all", "facet_stop", DecisionDeny, "not in the allowed tools"},
		// The middle one asks and the last one denies: the first wins.
		{"allow-all", "facet_act", DecisionAsk, "may I act?"},
		// deny-all, first, denies even what the other two allow.
		{"deny-all", "facet_list", DecisionDeny, "not in the allowed tools"},
		{"deny-all", "facet_get_model", DecisionDeny, "not in the allowed tools"},
		{"deny-all", "facet_send_key", DecisionDeny, "not in the allowed tools"},
	}
	for _, c := range cases {
		t.Run(c.policy+" "+c.tool, func(t *testing.T) {
			o := Options{Auth: AuthOptions{Policy: c.policy, Authorizer: authz, AllowedTools: allowed}}
			p, err := o.Auth.resolvePolicy()
			if err != nil {
				t.Fatal(err)
			}
			if p.Source != SourceConfigured {
				t.Fatalf("source %q, want %q", p.Source, SourceConfigured)
			}
			for _, part := range []string{"policy " + c.policy, "a configured authorizer", "allowed tools [facet_list, facet_send_key, facet_get_model]"} {
				if !strings.Contains(p.Description, part) {
					t.Fatalf("description %q does not say %q", p.Description, part)
				}
			}
			d := p.Tools(c.tool, nil, AuthContext{ConnectionID: "default", Transport: TransportStdio})
			if d.Kind != c.want || !strings.Contains(d.Reason+d.Prompt, c.reason) {
				t.Fatalf("%s under %s = %v (%q%q), want %v naming %q", c.tool, c.policy, d.Kind, d.Reason, d.Prompt, c.want, c.reason)
			}
		})
	}
}

// TestTheDenyAllPolicyRefusesEveryToolCall: Policy "deny-all" alone, on a
// server, refuses a call the development default would run, and lists no
// tool; "allow-all" runs it.
func TestTheDenyAllPolicyRefusesEveryToolCall(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{Policy: "deny-all"}})
	tc := connect(t, srv)
	mustErr(t, tc.call("facet_list", nil), "not in the allowed tools")
	if got := tc.tools(); len(got) != 0 {
		t.Fatalf("deny-all lists %q", got)
	}
	srv = newTestServer(t, Options{Auth: AuthOptions{Policy: "allow-all"}})
	tc = connect(t, srv)
	mustOK(t, tc.call("facet_list", nil))
}
