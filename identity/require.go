package identity

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Gate is the authentication a network renderer requires.
type Gate struct {
	// Authenticator checks each request; nil lets every request through
	// anonymous (Require then does nothing).
	Authenticator Authenticator
	// Realm names what is protected in the challenge; "facet" if empty.
	Realm string
	// ResourceMetadata is the URL of the RFC 9728 metadata a 401's
	// challenge points MCP clients to; empty names none.
	ResourceMetadata string
}

// Require answers a request the gate's Authenticator refuses with 401 and
// a Bearer challenge (RFC 6750: error="invalid_token" for a token it
// refused, and resource_metadata per the MCP authorization spec), and
// serves the rest with their principal in the context.
func (g Gate) Require(next http.Handler) http.Handler {
	if g.Authenticator == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := g.Authenticator.Authenticate(r)
		if err != nil {
			g.challenge(w, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(NewContext(r.Context(), p)))
	})
}

// challenge writes the 401 for err.
func (g Gate) challenge(w http.ResponseWriter, err error) {
	realm := g.Realm
	if realm == "" {
		realm = "facet"
	}
	params := []string{fmt.Sprintf("realm=%q", realm)}
	msg := "this server needs a bearer token: send \"Authorization: Bearer <token>\""
	if errors.Is(err, ErrInvalidToken) {
		params = append(params, `error="invalid_token"`, fmt.Sprintf("error_description=%q", "the token is unknown, expired or not for this server"))
		msg = "the bearer token was refused: " + err.Error()
	}
	if g.ResourceMetadata != "" {
		params = append(params, fmt.Sprintf("resource_metadata=%q", g.ResourceMetadata))
	}
	w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusUnauthorized)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": "unauthorized", "message": msg})
}

// ProtectedResourcePath is where RFC 9728 places a resource's metadata.
const ProtectedResourcePath = "/.well-known/oauth-protected-resource"

// ProtectedResource is the metadata of this server as an OAuth protected
// resource (RFC 9728): an MCP client reads it to learn which
// authorization servers issue tokens for it.
type ProtectedResource struct {
	// Resource is this server's resource identifier (its URL).
	Resource string `json:"resource"`
	// AuthorizationServers are the issuers whose tokens it takes.
	AuthorizationServers []string `json:"authorization_servers"`
	// BearerMethodsSupported is how tokens are sent: "header".
	BearerMethodsSupported []string `json:"bearer_methods_supported"`
	// ScopesSupported lists the scopes it knows, if any.
	ScopesSupported []string `json:"scopes_supported,omitempty"`
	// ResourceName is a name for people.
	ResourceName string `json:"resource_name,omitempty"`
}

// ServeHTTP answers the metadata as JSON to a GET.
func (m ProtectedResource) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "the protected resource metadata is read with GET", http.StatusMethodNotAllowed)
		return
	}
	if m.BearerMethodsSupported == nil {
		m.BearerMethodsSupported = []string{"header"}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "max-age=3600")
	_ = json.NewEncoder(w).Encode(m)
}
