package identity_test

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/facetui/facet/identity"
)

// A server that takes the bearer tokens of an operator's file: each
// client gets its own line, made with `openssl rand -hex 16`, and the file
// is readable by its owner alone.
func ExampleGate_Require() {
	dir, err := os.MkdirTemp("", "facet-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "tokens")
	file := "# name token\nci-bot 3f6c1e0a9b2d4c5e8f7a6b5c4d3e2f10\n"
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		log.Fatal(err)
	}

	tokens, err := identity.LoadTokens(path)
	if err != nil {
		log.Fatal(err) // names the file, the line and the rule broken
	}
	gate := identity.Gate{
		Authenticator:    tokens,
		ResourceMetadata: "https://facet.example" + identity.ProtectedResourcePath,
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", gate.Require(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, _ := identity.FromContext(r.Context())
		fmt.Fprintf(w, "hello %s, by %s\n", p.Name, p.Method)
	})))

	for _, header := range []string{"", "Bearer not-a-token-of-this-server", "Bearer 3f6c1e0a9b2d4c5e8f7a6b5c4d3e2f10"} {
		r := httptest.NewRequest(http.MethodPost, "/mcp", nil)
		if header != "" {
			r.Header.Set("Authorization", header)
		}
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		if w.Code == http.StatusUnauthorized {
			fmt.Println(w.Code, w.Header().Get("WWW-Authenticate"))
			continue
		}
		fmt.Print(w.Code, " ", w.Body.String())
	}
	// Output:
	// 401 Bearer realm="facet", resource_metadata="https://facet.example/.well-known/oauth-protected-resource"
	// 401 Bearer realm="facet", error="invalid_token", error_description="the token is unknown, expired or not for this server", resource_metadata="https://facet.example/.well-known/oauth-protected-resource"
	// 200 hello ci-bot, by token
}
