package identity

import (
	"context"
	"errors"
	"net/http"
)

// Principal is who a request was authenticated as.
type Principal struct {
	// Name identifies the principal: a token's name from the tokens
	// file, or an OAuth token's subject qualified by its issuer.
	Name string
	// Method is how it was authenticated: MethodToken or MethodOAuth.
	Method string
}

// Methods of authentication.
const (
	MethodToken = "token"
	MethodOAuth = "oauth"
)

// Errors an Authenticator answers; Require tells them apart in its
// challenge.
var (
	// ErrNoCredentials: the request carries no bearer token.
	ErrNoCredentials = errors.New("no bearer token")
	// ErrInvalidToken: the request's token is unknown, expired or not
	// for this server.
	ErrInvalidToken = errors.New("invalid bearer token")
)

// Authenticator authenticates one HTTP request.
type Authenticator interface {
	// Authenticate answers the request's principal, or an error wrapping
	// ErrNoCredentials or ErrInvalidToken.
	Authenticate(r *http.Request) (Principal, error)
}

type principalKey struct{}

// NewContext returns ctx carrying p.
func NewContext(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the principal ctx carries, if any.
func FromContext(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok && p.Name != ""
}
