package identity_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/identity"
	jose "github.com/go-jose/go-jose/v4"
)

const audience = "https://facet.example/mcp"

// signingKey is a key of the test's issuer: its private half signs
// tokens, its public half may be published in the JWKS.
type signingKey struct {
	kid  string
	alg  jose.SignatureAlgorithm
	priv crypto.Signer
}

func (k signingKey) public() jose.JSONWebKey {
	return jose.JSONWebKey{Key: k.priv.Public(), KeyID: k.kid, Algorithm: string(k.alg), Use: "sig"}
}

// The keys are made once: RSA keys are slow to generate under -race.
var testKeys = sync.OnceValue(func() map[string]signingKey {
	rsaKey := func() *rsa.PrivateKey {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		return k
	}
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	_, ed, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return map[string]signingKey{
		"rsa":      {kid: "rsa-1", alg: jose.RS256, priv: rsaKey()},
		"ec":       {kid: "ec-1", alg: jose.ES256, priv: ec},
		"ed":       {kid: "ed-1", alg: jose.EdDSA, priv: ed},
		"next":     {kid: "rsa-2", alg: jose.RS256, priv: rsaKey()},
		"stranger": {kid: "stranger", alg: jose.RS256, priv: rsaKey()},
	}
})

func key(name string) signingKey { return testKeys()[name] }

// testIssuer is a local authorization server: an HTTPS server that serves
// its discovery document and its JWKS, which a test may change.
type testIssuer struct {
	srv    *httptest.Server
	URL    string // the issuer: the server's URL and path prefix
	JWKS   string // where it publishes its keys
	client *http.Client

	mu      sync.Mutex
	keys    []jose.JSONWebKey
	algs    []string // advertised in discovery; nil for none
	fetches int      // of the JWKS
}

func newTestIssuer(t *testing.T, prefix string, algs []string, keys ...signingKey) *testIssuer {
	t.Helper()
	is := &testIssuer{algs: algs}
	is.setKeys(keys...)
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+prefix+"/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		is.mu.Lock()
		doc := map[string]any{"issuer": is.URL, "jwks_uri": is.JWKS, "response_types_supported": []string{"code"}}
		if is.algs != nil {
			doc["id_token_signing_alg_values_supported"] = is.algs
		}
		is.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(doc)
	})
	mux.HandleFunc("GET "+prefix+"/jwks", func(w http.ResponseWriter, r *http.Request) {
		is.mu.Lock()
		is.fetches++
		set := jose.JSONWebKeySet{Keys: is.keys}
		is.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(set)
	})
	is.srv = httptest.NewUnstartedServer(mux)
	// A client that does not trust the test certificate is one of the
	// cases; its handshake failing is no news.
	is.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	is.srv.StartTLS()
	t.Cleanup(is.srv.Close)
	is.mu.Lock()
	is.URL = is.srv.URL + prefix
	is.JWKS = is.URL + "/jwks"
	is.mu.Unlock()
	is.client = is.srv.Client()
	return is
}

func (is *testIssuer) setKeys(keys ...signingKey) {
	is.mu.Lock()
	defer is.mu.Unlock()
	is.keys = nil
	for _, k := range keys {
		is.keys = append(is.keys, k.public())
	}
}

func (is *testIssuer) jwksFetches() int {
	is.mu.Lock()
	defer is.mu.Unlock()
	return is.fetches
}

func (is *testIssuer) host() string {
	u, _ := url.Parse(is.URL)
	return u.Host + u.Path
}

// claims are a valid access token's claims for is.
func (is *testIssuer) claims() map[string]any {
	now := time.Now()
	return map[string]any{
		"iss":       is.URL,
		"sub":       "alice",
		"aud":       audience,
		"iat":       now.Unix(),
		"exp":       now.Add(time.Hour).Unix(),
		"client_id": "mcp-client",
	}
}

// sign makes a compact JWS of claims with k; kid "" leaves it out of the
// header.
func sign(t testing.TB, k signingKey, kid string, claims map[string]any) string {
	t.Helper()
	var signWith any = k.priv
	if kid != "" {
		signWith = jose.JSONWebKey{Key: k.priv, KeyID: kid}
	}
	return signJWS(t, jose.SigningKey{Algorithm: k.alg, Key: signWith}, claims)
}

func signJWS(t testing.TB, sk jose.SigningKey, claims map[string]any) string {
	t.Helper()
	s, err := jose.NewSigner(sk, (&jose.SignerOptions{}).WithType("at+jwt"))
	if err != nil {
		t.Fatal(err)
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := s.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := jws.CompactSerialize()
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// unsigned makes a JWT with "alg" none.
func unsigned(t testing.TB, claims map[string]any) string {
	t.Helper()
	payload, err := json.Marshal(claims)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"none","kid":"rsa-1","typ":"JWT"}`)) + "." + enc(payload) + "."
}

// oauthPath is a way NewOAuth finds the issuer's keys.
type oauthPath struct {
	name string
	opts func(is *testIssuer) identity.OAuthOptions
}

// oauthPaths are the two ways: discovery, and a JWKS URL given.
var oauthPaths = []oauthPath{
	{"discovery", func(is *testIssuer) identity.OAuthOptions {
		return identity.OAuthOptions{Issuer: is.URL, Audience: audience, Client: is.client}
	}},
	{"JWKSURL", func(is *testIssuer) identity.OAuthOptions {
		return identity.OAuthOptions{Issuer: is.URL, Audience: audience, JWKSURL: is.JWKS, Client: is.client}
	}},
}

func newOAuth(t *testing.T, opts identity.OAuthOptions) *identity.OAuth {
	t.Helper()
	o, err := identity.NewOAuth(context.Background(), opts)
	if err != nil {
		t.Fatalf("NewOAuth: %v", err)
	}
	return o
}

func TestOAuthVerify(t *testing.T) {
	rsaPub := key("rsa").priv.Public()
	der, err := x509.MarshalPKIXPublicKey(rsaPub)
	if err != nil {
		t.Fatal(err)
	}
	pemPub := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
	nBytes := rsaPub.(*rsa.PublicKey).N.Bytes()

	with := func(is *testIssuer, change func(c map[string]any)) map[string]any {
		c := is.claims()
		change(c)
		return c
	}
	tests := []struct {
		name  string
		token func(t *testing.T, is *testIssuer) string
		want  string // the principal's name before "@"; "" for a refusal
		says  string // in a refusal's message
	}{
		{"RS256", func(t *testing.T, is *testIssuer) string { return sign(t, key("rsa"), "rsa-1", is.claims()) }, "alice", ""},
		{"ES256", func(t *testing.T, is *testIssuer) string { return sign(t, key("ec"), "ec-1", is.claims()) }, "alice", ""},
		{"EdDSA", func(t *testing.T, is *testIssuer) string { return sign(t, key("ed"), "ed-1", is.claims()) }, "alice", ""},
		{"no kid, signed by a published key", func(t *testing.T, is *testIssuer) string { return sign(t, key("rsa"), "", is.claims()) }, "alice", ""},
		{"audience among others", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["aud"] = []string{"https://other.example", audience} }))
		}, "alice", ""},
		{"subject with an @", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["sub"] = "bob@corp" }))
		}, "bob@corp", ""},
		{"wrong audience", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["aud"] = "https://other.example/mcp" }))
		}, "", "audience"},
		{"audience a prefix of ours", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["aud"] = "https://facet.example" }))
		}, "", "audience"},
		{"no audience", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { delete(c, "aud") }))
		}, "", "audience"},
		{"wrong issuer", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["iss"] = "https://evil.example" }))
		}, "", "different provider"},
		{"issuer with a trailing slash", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["iss"] = is.URL + "/" }))
		}, "", "different provider"},
		{"no issuer", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { delete(c, "iss") }))
		}, "", "different provider"},
		{"expired", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) {
				c["iat"], c["exp"] = time.Now().Add(-2*time.Hour).Unix(), time.Now().Add(-time.Hour).Unix()
			}))
		}, "", "expired at"},
		{"no expiry", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { delete(c, "exp") }))
		}, "", "expired"},
		{"not before an hour from now", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["nbf"] = time.Now().Add(time.Hour).Unix() }))
		}, "", "not before"},
		{"no subject", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { delete(c, "sub") }))
		}, "", "no subject"},
		{"an empty subject", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("rsa"), "rsa-1", with(is, func(c map[string]any) { c["sub"] = "" }))
		}, "", "no subject"},
		{"signed by a key not in the JWKS", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("stranger"), "stranger", is.claims())
		}, "", "signature"},
		{"signed by another key under a published kid", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("stranger"), "rsa-1", is.claims())
		}, "", "signature"},
		{"signed by another key, no kid", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("stranger"), "", is.claims())
		}, "", "signature"},
		{"an EC signature under the RSA key's kid", func(t *testing.T, is *testIssuer) string {
			return sign(t, key("ec"), "rsa-1", is.claims())
		}, "", "signature"},
		{"alg none", func(t *testing.T, is *testIssuer) string { return unsigned(t, is.claims()) }, "", "malformed"},
		{"HS256 keyed with the public key's PEM", func(t *testing.T, is *testIssuer) string {
			return signJWS(t, jose.SigningKey{Algorithm: jose.HS256, Key: jose.JSONWebKey{Key: pemPub, KeyID: "rsa-1"}}, is.claims())
		}, "", "malformed"},
		{"HS256 keyed with the public key's DER", func(t *testing.T, is *testIssuer) string {
			return signJWS(t, jose.SigningKey{Algorithm: jose.HS256, Key: der}, is.claims())
		}, "", "malformed"},
		{"HS512 keyed with the public modulus", func(t *testing.T, is *testIssuer) string {
			return signJWS(t, jose.SigningKey{Algorithm: jose.HS512, Key: nBytes}, is.claims())
		}, "", "malformed"},
		{"a claim changed after signing", func(t *testing.T, is *testIssuer) string {
			raw := sign(t, key("rsa"), "rsa-1", is.claims())
			parts := strings.Split(raw, ".")
			c := is.claims()
			c["sub"] = "mallory"
			payload, _ := json.Marshal(c)
			parts[1] = base64.RawURLEncoding.EncodeToString(payload)
			return strings.Join(parts, ".")
		}, "", "signature"},
		{"not a JWT", func(t *testing.T, is *testIssuer) string { return "not-a-jwt" }, "", "malformed"},
		{"a tokens-file token", func(t *testing.T, is *testIssuer) string { return aliceToken }, "", "malformed"},
		{"empty", func(t *testing.T, is *testIssuer) string { return "" }, "", "malformed"},
	}
	// An OAuth authorization server need not advertise ID token
	// algorithms: its discovery document then names none.
	paths := append(slices.Clip(oauthPaths), oauthPath{"discovery without algorithms", oauthPaths[0].opts})
	for _, path := range paths {
		t.Run(path.name, func(t *testing.T) {
			algs := []string{"RS256", "ES256", "EdDSA"}
			if path.name == "discovery without algorithms" {
				algs = nil
			}
			is := newTestIssuer(t, "", algs, key("rsa"), key("ec"), key("ed"))
			o := newOAuth(t, path.opts(is))
			if o.Issuer() != is.URL {
				t.Errorf("Issuer() = %q, want %q", o.Issuer(), is.URL)
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					raw := tt.token(t, is)
					p, err := o.Verify(context.Background(), raw)
					if tt.want != "" {
						want := identity.Principal{Name: tt.want + "@" + is.host(), Method: identity.MethodOAuth}
						if err != nil || p != want {
							t.Fatalf("Verify = %+v, %v; want %+v", p, err, want)
						}
						return
					}
					if err == nil {
						t.Fatalf("Verify accepted it as %+v", p)
					}
					if !errors.Is(err, identity.ErrInvalidToken) || errors.Is(err, identity.ErrNoCredentials) {
						t.Errorf("error %v does not wrap ErrInvalidToken alone", err)
					}
					if p != (identity.Principal{}) {
						t.Errorf("a refused token gave principal %+v", p)
					}
					if !strings.Contains(err.Error(), tt.says) {
						t.Errorf("error %q does not say %q", err, tt.says)
					}
					if raw != "" && strings.Contains(err.Error(), raw) {
						t.Errorf("error %q echoes the token", err)
					}
				})
			}
		})
	}
}

// TestOAuthPrincipalHost: the principal names its issuer by host and path,
// so the same subject at two issuers is two principals.
func TestOAuthPrincipalHost(t *testing.T) {
	is := newTestIssuer(t, "/tenants/blue", []string{"RS256"}, key("rsa"))
	for _, path := range oauthPaths {
		t.Run(path.name, func(t *testing.T) {
			o := newOAuth(t, path.opts(is))
			p, err := o.Verify(context.Background(), sign(t, key("rsa"), "rsa-1", is.claims()))
			want := "alice@" + strings.TrimPrefix(is.srv.URL, "https://") + "/tenants/blue"
			if err != nil || p.Name != want {
				t.Fatalf("Verify = %+v, %v; want name %q", p, err, want)
			}
		})
	}
}

func TestOAuthAuthenticate(t *testing.T) {
	is := newTestIssuer(t, "", []string{"RS256"}, key("rsa"))
	o := newOAuth(t, oauthPaths[0].opts(is))
	good := sign(t, key("rsa"), "rsa-1", is.claims())
	tests := []struct {
		name    string
		header  string
		wantErr error
	}{
		{"a valid token", "Bearer " + good, nil},
		{"lower-case scheme", "bearer " + good, nil},
		{"no header", "", identity.ErrNoCredentials},
		{"Basic", "Basic YWxpY2U6c2VjcmV0", identity.ErrInvalidToken},
		{"a refused token", "Bearer " + sign(t, key("stranger"), "rsa-1", is.claims()), identity.ErrInvalidToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/mcp", nil)
			if tt.header != "" {
				r.Header.Set("Authorization", tt.header)
			}
			p, err := o.Authenticate(r)
			if tt.wantErr == nil {
				if err != nil || p != (identity.Principal{Name: "alice@" + is.host(), Method: identity.MethodOAuth}) {
					t.Fatalf("Authenticate = %+v, %v", p, err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Authenticate error = %v, want one wrapping %v", err, tt.wantErr)
			}
		})
	}
}

// TestOAuthKeyRotation: a token signed with a key the issuer publishes
// only later is refused until then, and accepted once the JWKS holds it,
// without a new OAuth.
func TestOAuthKeyRotation(t *testing.T) {
	for _, path := range oauthPaths {
		t.Run(path.name, func(t *testing.T) {
			is := newTestIssuer(t, "", []string{"RS256"}, key("rsa"))
			o := newOAuth(t, path.opts(is))
			ctx := context.Background()
			old := sign(t, key("rsa"), "rsa-1", is.claims())
			next := sign(t, key("next"), "rsa-2", is.claims())

			if _, err := o.Verify(ctx, old); err != nil {
				t.Fatalf("a token of the published key: %v", err)
			}
			if p, err := o.Verify(ctx, next); !errors.Is(err, identity.ErrInvalidToken) {
				t.Fatalf("a token of a key not yet published = %+v, %v; want refused", p, err)
			}

			is.setKeys(key("rsa"), key("next"))
			// go-oidc refetches the JWKS for a kid it has not cached, and
			// a Verify that comes while its previous fetch is finishing
			// shares that fetch's (old) answer. So the test asks until a
			// Verify makes a fetch of its own, and that one must accept:
			// a Verify that fetched the new JWKS and refused would fail.
			for attempt := 0; ; attempt++ {
				before := is.jwksFetches()
				p, err := o.Verify(ctx, next)
				if err == nil {
					if p.Name != "alice@"+is.host() {
						t.Fatalf("after the rotation: %+v", p)
					}
					break
				}
				if is.jwksFetches() != before {
					t.Fatalf("after the rotation, with the new JWKS fetched: %v", err)
				}
				if attempt == 10000 {
					t.Fatalf("after the rotation, no Verify fetched the JWKS: %v", err)
				}
			}
			if _, err := o.Verify(ctx, old); err != nil {
				t.Fatalf("the old key, still published: %v", err)
			}
		})
	}
}

// TestOAuthOutlivesItsContext: the context NewOAuth is given may be a
// start-up one; the keys are still fetched once it is cancelled.
func TestOAuthOutlivesItsContext(t *testing.T) {
	for _, path := range oauthPaths {
		t.Run(path.name, func(t *testing.T) {
			is := newTestIssuer(t, "", []string{"RS256"}, key("rsa"))
			ctx, cancel := context.WithCancel(context.Background())
			o, err := identity.NewOAuth(ctx, path.opts(is))
			if err != nil {
				t.Fatal(err)
			}
			cancel()
			if _, err := o.Verify(context.Background(), sign(t, key("rsa"), "rsa-1", is.claims())); err != nil {
				t.Fatalf("Verify after NewOAuth's context ended: %v", err)
			}
		})
	}
}

func TestNewOAuthRefuses(t *testing.T) {
	is := newTestIssuer(t, "", []string{"RS256"}, key("rsa"))
	lying := newTestIssuer(t, "", []string{"RS256"}, key("rsa"))
	lying.mu.Lock()
	lying.URL = "https://issuer.example" // its discovery document names this issuer
	lying.mu.Unlock()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	tests := []struct {
		name string
		opts identity.OAuthOptions
		says string
	}{
		{"empty issuer", identity.OAuthOptions{Audience: audience}, "Issuer is empty"},
		{"empty audience", identity.OAuthOptions{Issuer: is.URL, Client: is.client}, "Audience is empty"},
		{"empty audience with a JWKS URL", identity.OAuthOptions{Issuer: is.URL, JWKSURL: is.JWKS}, "Audience is empty"},
		{"issuer without a scheme", identity.OAuthOptions{Issuer: "auth.example.com", Audience: audience, JWKSURL: is.JWKS}, "not an http(s) URL"},
		{"issuer of another scheme", identity.OAuthOptions{Issuer: "ftp://auth.example.com", Audience: audience, JWKSURL: is.JWKS}, "not an http(s) URL"},
		{"issuer without a host", identity.OAuthOptions{Issuer: "https:///path", Audience: audience, JWKSURL: is.JWKS}, "not an http(s) URL"},
		{"issuer that does not parse", identity.OAuthOptions{Issuer: "https://[::1", Audience: audience, JWKSURL: is.JWKS}, "not an http(s) URL"},
		{"no discovery document", identity.OAuthOptions{Issuer: is.URL + "/elsewhere", Audience: audience, Client: is.client}, "discovery"},
		{"discovery naming another issuer", identity.OAuthOptions{Issuer: lying.srv.URL, Audience: audience, Client: lying.client}, "discovery"},
		{"issuer not answering", identity.OAuthOptions{Issuer: gone.URL, Audience: audience}, "discovery"},
		// The issuer's certificate is the test server's own: only the
		// Client given trusts it, so this shows Client is the one used.
		{"without the Client that trusts the issuer", identity.OAuthOptions{Issuer: is.URL, Audience: audience}, "discovery"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := identity.NewOAuth(context.Background(), tt.opts)
			if err == nil {
				t.Fatalf("NewOAuth accepted it: %+v", o)
			}
			if !strings.Contains(err.Error(), tt.says) || !strings.HasPrefix(err.Error(), "identity: OAuth: ") {
				t.Errorf("error %q, want it to say %q", err, tt.says)
			}
		})
	}
}
