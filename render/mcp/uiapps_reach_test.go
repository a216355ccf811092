package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/facetui/facet/render/web"
)

// uiInitBody initializes a client that declares the MCP Apps extension
// with the HTML view type.
const uiInitBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",` +
	`"capabilities":{"extensions":{"` + UIExtension + `":{"mimeTypes":["` + UIMIME + `"]}}},"clientInfo":{"name":"host","version":"1"}}}`

// openUI initializes an MCP Apps host's session and returns its id.
func (c httpClient) openUI() string {
	c.t.Helper()
	code, id, body := c.send("POST", "", uiInitBody)
	if code != http.StatusOK || id == "" {
		c.t.Fatalf("initialize: %d %q %s", code, id, body)
	}
	c.send("POST", id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return id
}

// rpc sends one request of method with params and returns the answer's
// body, result or error.
func (c httpClient) rpc(id, method, params string) string {
	c.t.Helper()
	code, _, body := c.send("POST", id, `{"jsonrpc":"2.0","id":3,"method":"`+method+`","params":`+params+`}`)
	if code != http.StatusOK {
		c.t.Fatalf("%s: %d %s", method, code, body)
	}
	return body
}

func TestASessionsViewFollowsTheSessionsOwnership(t *testing.T) {
	srv := newTestServer(t, Options{Apps: vaultApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}}, UI: web.HostPage{}})
	c := httpClient{t: t, url: serveLoopbackHTTP(t, srv)}
	a, b := c.openUI(), c.openUI()
	c.call(a, "facet_start", `{"app":"vault","id":"priv"}`)
	c.call(a, "facet_start", `{"app":"vault","id":"pub","shared":true}`)
	read := func(id, session string) string {
		return c.rpc(id, "resources/read", `{"uri":"`+UIURI(session)+`"}`)
	}
	const page = `"mimeType":"` + UIMIME + `"`

	// B lists nothing of A's private session, and reading its view is
	// refused with the ownership rule, naming nothing but the id it asked.
	for _, listed := range []string{
		c.rpc(b, "resources/list", `{}`),
		c.rpc(b, "resources/templates/list", `{}`),
		c.rpc(b, "completion/complete", `{"ref":{"type":"ref/resource","uri":"`+uiTemplate+`"},"argument":{"name":"id","value":"p"}}`),
	} {
		if strings.Contains(listed, "priv") {
			t.Errorf("client B's listing shows client A's private session: %s", listed)
		}
	}
	refused := read(b, "priv")
	if !strings.Contains(refused, `"error"`) || !strings.Contains(refused, "started by another client and not shared") {
		t.Fatalf("client B's read of client A's private view = %.300s, want a refusal naming the ownership rule", refused)
	}
	for _, leak := range []string{page, "FacetAppConfig", "vault", a, "conn-"} {
		if strings.Contains(strings.ToLower(refused), strings.ToLower(leak)) {
			t.Errorf("client B's refusal holds %q: %s", leak, refused)
		}
	}

	// A reads its own view; a shared one is both clients' to read.
	for _, tc := range []struct{ client, who, session string }{{a, "A", "priv"}, {a, "A", "pub"}, {b, "B", "pub"}} {
		if got := read(tc.client, tc.session); !strings.Contains(got, page) || strings.Contains(got, `"error"`) {
			t.Errorf("client %s's read of %s's view = %.300s, want the page", tc.who, tc.session, got)
		}
	}
}
