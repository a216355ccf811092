package mcp

import (
	"context"
	"strings"
	"testing"
)

// TestTheReadAuthorizerDecidesEveryReadMethod denies each read method in
// turn through a ReadAuthorizer: the request is refused with the
// authorizer's reason, and the authorizer was asked about that method.
// The methods are listed here, not taken from readMethods, so a method
// dropped from that list (and so never put to the read authorizer) fails.
func TestTheReadAuthorizerDecidesEveryReadMethod(t *testing.T) {
	uri := WidgetsURI("a")
	cases := []struct{ method, params string }{
		{"tools/list", `{}`},
		{"resources/list", `{}`},
		{"resources/read", `{"uri":"` + uri + `"}`},
		{"resources/templates/list", `{}`},
		{"resources/subscribe", `{"uri":"` + uri + `"}`},
		{"resources/unsubscribe", `{"uri":"` + uri + `"}`},
		{"prompts/list", `{}`},
		{"prompts/get", `{"name":"x"}`},
		{"completion/complete", `{"ref":{"type":"ref/resource","uri":"facet://session/{id}/widgets"},"argument":{"name":"id","value":""}}`},
		{"logging/setLevel", `{"level":"info"}`},
		{"subscriptions/listen", `{}`},
	}
	for _, c := range cases {
		t.Run(c.method, func(t *testing.T) {
			var asked []string
			srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll(), ReadAuthorizer: func(method string, _ map[string]any, _ AuthContext) Decision {
				asked = append(asked, method)
				if method == c.method {
					return Deny("the test denies " + method)
				}
				return Allow()
			}},
			})
			if _, err := srv.StartSession(context.Background(), "a", "counter", &counter{}); err != nil {
				t.Fatal(err)
			}
			got := rpc(t, srv, `{"jsonrpc":"2.0","id":1,"method":"`+c.method+`","params":`+c.params+`}`)
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, "the test denies "+c.method) {
				t.Fatalf("%s denied by the read authorizer answered %s", c.method, got)
			}
			if len(asked) != 1 || asked[0] != c.method {
				t.Fatalf("the read authorizer was asked %q, want [%s]", asked, c.method)
			}
		})
	}
}
