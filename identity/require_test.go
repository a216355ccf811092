package identity_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/identity"
)

const metadataURL = "https://facet.example" + identity.ProtectedResourcePath

// nextHandler records the requests Require lets through.
type nextHandler struct {
	calls     int
	principal identity.Principal
	hasIt     bool
	path      string
}

func (h *nextHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.calls++
	h.principal, h.hasIt = identity.FromContext(r.Context())
	h.path = r.URL.Path
	w.Header().Set("X-Next", "yes")
	w.WriteHeader(http.StatusTeapot)
}

func TestGateRequire(t *testing.T) {
	tok := mustLoad(t, "alice "+aliceToken+"\nbob "+bobToken+"\n")
	const invalid = `error="invalid_token", error_description="the token is unknown, expired or not for this server"`
	tests := []struct {
		name      string
		gate      identity.Gate
		header    string
		challenge string // the whole WWW-Authenticate; "" for a request let through
		message   string // in the 401's JSON message
		want      string // the principal next sees
	}{
		{
			name:      "no header",
			gate:      identity.Gate{Authenticator: tok, ResourceMetadata: metadataURL},
			challenge: `Bearer realm="facet", resource_metadata="` + metadataURL + `"`,
			message:   "needs a bearer token",
		},
		{
			name:      "no header, no metadata",
			gate:      identity.Gate{Authenticator: tok},
			challenge: `Bearer realm="facet"`,
			message:   "needs a bearer token",
		},
		{
			name:      "no header, a realm of its own",
			gate:      identity.Gate{Authenticator: tok, Realm: "ops"},
			challenge: `Bearer realm="ops"`,
			message:   "needs a bearer token",
		},
		{
			name:      "a wrong token",
			gate:      identity.Gate{Authenticator: tok, ResourceMetadata: metadataURL},
			header:    "Bearer " + carolToken,
			challenge: `Bearer realm="facet", ` + invalid + `, resource_metadata="` + metadataURL + `"`,
			message:   "refused",
		},
		{
			name:      "a wrong token, no metadata",
			gate:      identity.Gate{Authenticator: tok},
			header:    "Bearer " + aliceToken[1:],
			challenge: `Bearer realm="facet", ` + invalid,
			message:   "refused",
		},
		{
			name:      "Basic credentials",
			gate:      identity.Gate{Authenticator: tok, ResourceMetadata: metadataURL},
			header:    "Basic " + aliceToken,
			challenge: `Bearer realm="facet", ` + invalid + `, resource_metadata="` + metadataURL + `"`,
			message:   "refused",
		},
		{
			name:   "a right token",
			gate:   identity.Gate{Authenticator: tok, ResourceMetadata: metadataURL},
			header: "Bearer " + bobToken,
			want:   "bob",
		},
		{
			name:   "a right token, lower-case scheme",
			gate:   identity.Gate{Authenticator: tok},
			header: "bearer " + aliceToken,
			want:   "alice",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := &nextHandler{}
			r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(`{}`))
			if tt.header != "" {
				r.Header.Set("Authorization", tt.header)
			}
			w := httptest.NewRecorder()
			tt.gate.Require(next).ServeHTTP(w, r)

			if tt.challenge == "" {
				if w.Code != http.StatusTeapot || next.calls != 1 || next.path != "/mcp" {
					t.Fatalf("status %d, next called %d times; want next's answer", w.Code, next.calls)
				}
				want := identity.Principal{Name: tt.want, Method: identity.MethodToken}
				if !next.hasIt || next.principal != want {
					t.Errorf("next saw principal %+v (%v), want %+v", next.principal, next.hasIt, want)
				}
				if h := w.Header().Get("WWW-Authenticate"); h != "" {
					t.Errorf("an accepted request was challenged: %q", h)
				}
				return
			}
			if next.calls != 0 {
				t.Errorf("next was called for a refused request")
			}
			if w.Code != http.StatusUnauthorized {
				t.Errorf("status %d, want 401", w.Code)
			}
			if got := w.Header().Values("WWW-Authenticate"); len(got) != 1 || got[0] != tt.challenge {
				t.Errorf("WWW-Authenticate = %q\nwant               %q", got, tt.challenge)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type = %q", ct)
			}
			var body map[string]string
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("body %q is not a JSON object of strings: %v", w.Body, err)
			}
			if len(body) != 2 || body["error"] != "unauthorized" || !strings.Contains(body["message"], tt.message) {
				t.Errorf("body = %q, want error unauthorized and a message saying %q", body, tt.message)
			}
			for _, secret := range []string{aliceToken, aliceToken[1:], bobToken, carolToken} {
				if strings.Contains(w.Body.String(), secret) || strings.Contains(fmt.Sprint(w.Header()), secret) {
					t.Errorf("the 401 echoes a token: %q %q", w.Header(), w.Body)
				}
			}
		})
	}
}

func TestGateRequireNilAuthenticator(t *testing.T) {
	next := &nextHandler{}
	g := identity.Gate{Realm: "ops", ResourceMetadata: metadataURL}
	if h := g.Require(next); h != http.Handler(next) {
		t.Fatalf("Require with no Authenticator wrapped next: %T", h)
	}
	r := httptest.NewRequest(http.MethodGet, "/mcp", nil)
	r.Header.Set("Authorization", "Bearer nonsense")
	w := httptest.NewRecorder()
	g.Require(next).ServeHTTP(w, r)
	if w.Code != http.StatusTeapot || next.calls != 1 || next.hasIt {
		t.Fatalf("status %d, next called %d times with a principal %v; want it called, anonymous", w.Code, next.calls, next.hasIt)
	}
}

// TestGateRequireOAuthAndTokens: one gate takes both an operator's tokens
// and the issuer's access tokens.
func TestGateRequireOAuthAndTokens(t *testing.T) {
	is := newTestIssuer(t, "", []string{"RS256"}, key("rsa"))
	gate := identity.Gate{
		Authenticator:    identity.Any(mustLoad(t, "ci-bot "+aliceToken+"\n"), newOAuth(t, oauthPaths[0].opts(is))),
		ResourceMetadata: metadataURL,
	}
	expired := is.claims()
	expired["exp"] = expired["iat"]
	tests := []struct {
		name   string
		header string
		want   identity.Principal // zero for a 401
		error  bool               // the 401 says error="invalid_token"
	}{
		{"a file token", "Bearer " + aliceToken, identity.Principal{Name: "ci-bot", Method: identity.MethodToken}, false},
		{"an access token", "Bearer " + sign(t, key("rsa"), "rsa-1", is.claims()), identity.Principal{Name: "alice@" + is.host(), Method: identity.MethodOAuth}, false},
		{"an expired access token", "Bearer " + sign(t, key("rsa"), "rsa-1", expired), identity.Principal{}, true},
		{"neither", "Bearer " + carolToken, identity.Principal{}, true},
		{"no header", "", identity.Principal{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := &nextHandler{}
			r := httptest.NewRequest(http.MethodPost, "/mcp", nil)
			if tt.header != "" {
				r.Header.Set("Authorization", tt.header)
			}
			w := httptest.NewRecorder()
			gate.Require(next).ServeHTTP(w, r)
			if tt.want != (identity.Principal{}) {
				if next.calls != 1 || next.principal != tt.want {
					t.Fatalf("status %d, next saw %+v; want %+v", w.Code, next.principal, tt.want)
				}
				return
			}
			ch := w.Header().Get("WWW-Authenticate")
			if w.Code != http.StatusUnauthorized || next.calls != 0 {
				t.Fatalf("status %d, next called %d times; want 401", w.Code, next.calls)
			}
			if got := strings.Contains(ch, `error="invalid_token"`); got != tt.error {
				t.Errorf("challenge %q: says invalid_token %v, want %v", ch, got, tt.error)
			}
			if !strings.Contains(ch, `resource_metadata="`+metadataURL+`"`) {
				t.Errorf("challenge %q does not point to the metadata", ch)
			}
		})
	}
}

// fakeAuth answers what it is told and records that it was asked.
type fakeAuth struct {
	name  string
	p     identity.Principal
	err   error
	calls *[]string
}

func (f fakeAuth) Authenticate(*http.Request) (identity.Principal, error) {
	*f.calls = append(*f.calls, f.name)
	return f.p, f.err
}

func TestAny(t *testing.T) {
	var (
		p1       = identity.Principal{Name: "one", Method: identity.MethodToken}
		p2       = identity.Principal{Name: "two", Method: identity.MethodOAuth}
		noCreds  = fmt.Errorf("none here: %w", identity.ErrNoCredentials)
		invalidA = fmt.Errorf("a refused it: %w", identity.ErrInvalidToken)
		invalidB = fmt.Errorf("b refused it: %w", identity.ErrInvalidToken)
	)
	type answer struct {
		p   identity.Principal
		err error
	}
	tests := []struct {
		name    string
		answers []answer
		want    identity.Principal
		wantErr error // the exact error Any answers
		asked   int   // how many were asked, in order
	}{
		{"none", nil, identity.Principal{}, identity.ErrNoCredentials, 0},
		{"the first knows it", []answer{{p1, nil}, {p2, nil}}, p1, nil, 1},
		{"the second knows it", []answer{{err: invalidA}, {p2, nil}}, p2, nil, 2},
		{"the last of three knows it", []answer{{err: noCreds}, {err: invalidA}, {p1, nil}}, p1, nil, 3},
		{"no credentials for any", []answer{{err: noCreds}, {err: noCreds}}, identity.Principal{}, noCreds, 2},
		{"refused, then no credentials", []answer{{err: invalidA}, {err: noCreds}}, identity.Principal{}, invalidA, 2},
		{"no credentials, then refused", []answer{{err: noCreds}, {err: invalidB}}, identity.Principal{}, invalidB, 2},
		{"refused, no credentials, refused", []answer{{err: invalidA}, {err: noCreds}, {err: invalidB}}, identity.Principal{}, invalidB, 3},
		{"refused by both: the last one's reason", []answer{{err: invalidA}, {err: invalidB}}, identity.Principal{}, invalidB, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls []string
			var as []identity.Authenticator
			for i, a := range tt.answers {
				as = append(as, fakeAuth{name: fmt.Sprint(i), p: a.p, err: a.err, calls: &calls})
			}
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.Header.Set("Authorization", "Bearer "+aliceToken)
			p, err := identity.Any(as...).Authenticate(r)
			if p != tt.want || err != tt.wantErr {
				t.Errorf("Any = %+v, %v; want %+v, %v", p, err, tt.want, tt.wantErr)
			}
			var want []string
			for i := range tt.asked {
				want = append(want, fmt.Sprint(i))
			}
			if !slices.Equal(calls, want) {
				t.Errorf("asked %q, want %q", calls, want)
			}
		})
	}
}

// TestAnyOrder: with two authenticators that both know a token, the first
// one's principal is the one.
func TestAnyOrder(t *testing.T) {
	first := mustLoad(t, "first "+aliceToken+"\n")
	second := mustLoad(t, "second "+aliceToken+"\nbob "+bobToken+"\n")
	for _, tt := range []struct {
		as    []identity.Authenticator
		token string
		want  string
	}{
		{[]identity.Authenticator{first, second}, aliceToken, "first"},
		{[]identity.Authenticator{second, first}, aliceToken, "second"},
		{[]identity.Authenticator{first, second}, bobToken, "bob"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Authorization", "Bearer "+tt.token)
		if p, err := identity.Any(tt.as...).Authenticate(r); err != nil || p.Name != tt.want {
			t.Errorf("Any(...) = %+v, %v; want %s", p, err, tt.want)
		}
	}
}

func TestContext(t *testing.T) {
	alice := identity.Principal{Name: "alice", Method: identity.MethodToken}
	tests := []struct {
		name   string
		ctx    context.Context
		want   identity.Principal
		wantOK bool
	}{
		{"none", context.Background(), identity.Principal{}, false},
		{"alice", identity.NewContext(context.Background(), alice), alice, true},
		{"a principal without a name", identity.NewContext(context.Background(), identity.Principal{Method: identity.MethodToken}), identity.Principal{Method: identity.MethodToken}, false},
		{"the innermost", identity.NewContext(identity.NewContext(context.Background(), identity.Principal{Name: "bob"}), alice), alice, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if p, ok := identity.FromContext(tt.ctx); p != tt.want || ok != tt.wantOK {
				t.Errorf("FromContext = %+v, %v; want %+v, %v", p, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestProtectedResource(t *testing.T) {
	tests := []struct {
		name string
		m    identity.ProtectedResource
		want string // the JSON, compacted
	}{
		{
			"the usual",
			identity.ProtectedResource{Resource: audience, AuthorizationServers: []string{"https://auth.example"}},
			`{"resource":"https://facet.example/mcp","authorization_servers":["https://auth.example"],"bearer_methods_supported":["header"]}`,
		},
		{
			"every field",
			identity.ProtectedResource{
				Resource: audience, AuthorizationServers: []string{"https://a.example", "https://b.example"},
				BearerMethodsSupported: []string{"header", "body"}, ScopesSupported: []string{"mcp:tools"}, ResourceName: "Facet",
			},
			`{"resource":"https://facet.example/mcp","authorization_servers":["https://a.example","https://b.example"],"bearer_methods_supported":["header","body"],"scopes_supported":["mcp:tools"],"resource_name":"Facet"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := fmt.Sprintf("%#v", tt.m)
			w := httptest.NewRecorder()
			tt.m.ServeHTTP(w, httptest.NewRequest(http.MethodGet, identity.ProtectedResourcePath, nil))
			if w.Code != http.StatusOK {
				t.Fatalf("status %d", w.Code)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type = %q", ct)
			}
			if got := strings.TrimSpace(w.Body.String()); got != tt.want {
				t.Errorf("body\n %s\nwant\n %s", got, tt.want)
			}
			if after := fmt.Sprintf("%#v", tt.m); after != before {
				t.Errorf("serving changed the metadata: %s", after)
			}
		})
	}

	m := identity.ProtectedResource{Resource: audience, AuthorizationServers: []string{"https://auth.example"}}
	for _, method := range []string{http.MethodHead, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions} {
		t.Run(method, func(t *testing.T) {
			w := httptest.NewRecorder()
			m.ServeHTTP(w, httptest.NewRequest(method, identity.ProtectedResourcePath, strings.NewReader(`{}`)))
			if method == http.MethodHead {
				if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
					t.Errorf("HEAD: status %d, Content-Type %q", w.Code, w.Header().Get("Content-Type"))
				}
				return
			}
			if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
				t.Errorf("status %d, Allow %q; want 405, \"GET, HEAD\"", w.Code, w.Header().Get("Allow"))
			}
			if strings.Contains(w.Body.String(), "authorization_servers") {
				t.Errorf("a %s got the metadata", method)
			}
		})
	}
}

// TestProtectedResourceDecodes: what it serves reads back as RFC 9728
// metadata.
func TestProtectedResourceDecodes(t *testing.T) {
	srv := httptest.NewServer(identity.ProtectedResource{Resource: audience, AuthorizationServers: []string{"https://auth.example"}})
	defer srv.Close()
	resp, err := http.Get(srv.URL + identity.ProtectedResourcePath)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
		BearerMethods        []string `json:"bearer_methods_supported"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Resource != audience || !slices.Equal(got.AuthorizationServers, []string{"https://auth.example"}) || !slices.Equal(got.BearerMethods, []string{"header"}) {
		t.Errorf("metadata = %+v", got)
	}
	if resp.Header.Get("Cache-Control") == "" {
		t.Errorf("no Cache-Control")
	}
}
