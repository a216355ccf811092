package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/facetui/facet/identity"
)

const (
	aliceToken = "alice-0123456789abcdef0123456789abcdef"
	bobToken   = "bob-0123456789abcdef0123456789abcdef00"
)

// tokensFile writes a tokens file for alice and bob and loads it.
func tokensFile(t *testing.T) *identity.Tokens {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("# test principals\nalice "+aliceToken+"\nbob "+bobToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := identity.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	return tokens
}

// authServer serves a server whose clients authenticate with alice's and
// bob's tokens; seen records the principals its authorizer was shown.
func authServer(t *testing.T, h HTTPOptions) (srv *Server, url string, seen func() []string) {
	t.Helper()
	var mu sync.Mutex
	var principals []string
	h.Authenticator = tokensFile(t)
	srv = newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{AllowedReadMethods: []string{"*"}, Authorizer: func(_ string, _ map[string]any, ac AuthContext) Decision {
		mu.Lock()
		defer mu.Unlock()
		if !slices.Contains(principals, ac.Principal) {
			principals = append(principals, ac.Principal)
		}
		return Allow()
	}}, HTTP: h,
	})
	return srv, serveLoopbackHTTP(t, srv), func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(principals)
	}
}

func TestANetworkClientWithoutAValidTokenIsRefusedWithAChallenge(t *testing.T) {
	_, url, _ := authServer(t, HTTPOptions{ProtectedResource: &identity.ProtectedResource{
		Resource: "http://127.0.0.1/mcp", AuthorizationServers: []string{"https://issuer.example"}}})
	for _, tc := range []struct {
		name, token, want string
	}{
		{"no token", "", `Bearer realm="facet", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"`},
		{"a wrong token", "not-a-token-of-this-server-0123456789", `error="invalid_token"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/mcp", "/sse", "/message?sessionId=x"} {
				req, _ := http.NewRequest("POST", url+path, strings.NewReader(initBody))
				if path == "/sse" {
					req.Method = "GET"
				}
				req.Header.Set("Content-Type", "application/json")
				if tc.token != "" {
					req.Header.Set("Authorization", "Bearer "+tc.token)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(resp.Header.Get("WWW-Authenticate"), tc.want) {
					t.Errorf("%s: %d, WWW-Authenticate %q, %s; want 401 with %s", path, resp.StatusCode, resp.Header.Get("WWW-Authenticate"), body, tc.want)
				}
			}
		})
	}
	// The metadata is read before a client has a token.
	for _, path := range []string{"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		var m identity.ProtectedResource
		err = json.NewDecoder(resp.Body).Decode(&m)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || m.Resource != "http://127.0.0.1/mcp" || !slices.Equal(m.AuthorizationServers, []string{"https://issuer.example"}) {
			t.Errorf("GET %s: %d %+v %v", path, resp.StatusCode, m, err)
		}
	}
}

// TestAPrincipalOwnsItsSessionsAcrossConnections: alice's private session
// is reached by each of her connections and survives the one that started
// it; bob reaches none of it, not even with alice's session id; the
// authorizer is told who calls.
func TestAPrincipalOwnsItsSessionsAcrossConnections(t *testing.T) {
	srv, url, seen := authServer(t, HTTPOptions{})
	alice := httpClient{t: t, url: url, token: aliceToken}
	bob := httpClient{t: t, url: url, token: bobToken}
	a1, a2, b1 := alice.open(), alice.open(), bob.open()

	alice.call(a1, "facet_start", `{"app":"login","id":"mine"}`)
	alice.call(a1, "mine.password.type_into", `{"text":"alice-typed"}`)
	if list := alice.call(a2, "facet_list", `{}`); !strings.Contains(list, `"mine"`) {
		t.Fatalf("alice's second connection does not list her session: %s", list)
	}
	alice.call(a2, "mine.email.type_into", `{"text":"a@example.com"}`)
	if list := bob.call(b1, "facet_list", `{}`); strings.Contains(list, "mine") {
		t.Fatalf("bob lists alice's private session: %s", list)
	}
	_, _, body := bob.send("POST", b1, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"facet_stop","arguments":{"id":"mine"}}}`)
	if !strings.Contains(body, `"isError":true`) {
		t.Fatalf("bob stopped alice's session: %s", body)
	}
	// Bob with alice's session id: refused, whoever learned it.
	if code, _, body := bob.send("POST", a1, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"facet_list","arguments":{}}}`); code != http.StatusForbidden || !strings.Contains(body, "opened by another principal") {
		t.Fatalf("bob with alice's session id: %d %s", code, body)
	}
	// Alice's first connection ends; her session stays hers.
	if code, _, body := alice.send("DELETE", a1, ""); code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	if _, running := srv.Sessions().Get("mine"); !running {
		t.Fatal("alice's session stopped when one of her connections ended")
	}
	a3 := alice.open() // a reconnect
	if list := alice.call(a3, "facet_list", `{}`); !strings.Contains(list, `"mine"`) {
		t.Fatalf("alice's reconnect does not list her session: %s", list)
	}
	alice.call(a3, "facet_stop", `{"id":"mine"}`)
	if got := seen(); !slices.Contains(got, "alice") || !slices.Contains(got, "bob") || slices.Contains(got, "") {
		t.Fatalf("the authorizer saw principals %q; want alice and bob, never anonymous", got)
	}
}

// TestOneClientHoldsAtMostItsShareOfTheCaps: a principal (or, anonymous,
// an address) holds at most half of the sessions and event streams, so
// another gets in while it holds its share.
func TestOneClientHoldsAtMostItsShareOfTheCaps(t *testing.T) {
	_, url, _ := authServer(t, HTTPOptions{MaxSessions: 4, MaxStreams: 2})
	alice := httpClient{t: t, url: url, token: aliceToken}
	bob := httpClient{t: t, url: url, token: bobToken}
	a := alice.open()
	alice.open()
	if code, _, body := alice.send("POST", "", initBody); code != http.StatusServiceUnavailable || !strings.Contains(body, "one client's share of the server's 4") {
		t.Fatalf("alice's third session: %d %s", code, body)
	}
	bob.open()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	get := func(c httpClient, id string) *http.Response {
		req, _ := http.NewRequestWithContext(ctx, "GET", url+"/mcp", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", id)
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	if resp := get(alice, a); resp.StatusCode != http.StatusOK {
		t.Fatalf("alice's first stream: %d", resp.StatusCode)
	}
	resp := get(alice, a)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "one client's share of the server's 2") {
		t.Fatalf("alice's second stream: %d %s", resp.StatusCode, body)
	}
}

func TestServingOffLoopbackNeedsAnAuthenticator(t *testing.T) {
	addr := &net.TCPAddr{IP: net.ParseIP("192.0.2.10"), Port: 8808}
	for _, tc := range []struct {
		name string
		h    HTTPOptions
		want string
	}{
		{"no identities", HTTPOptions{AllowedHosts: []string{"facet.example"}}, "HTTP.Authenticator"},
		{"tokens", HTTPOptions{AllowedHosts: []string{"facet.example"}, Authenticator: tokensFile(t)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"tools/list"}}, HTTP: tc.h})
			err := srv.Ready(addr)
			var ce *ConfigError
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Ready: %v", err)
				}
				return
			}
			if !errors.As(err, &ce) || ce.Option != tc.want || !strings.Contains(err.Error(), "--http-tokens") {
				t.Fatalf("Ready: %v; want a ConfigError on %s naming --http-tokens", err, tc.want)
			}
		})
	}
}
