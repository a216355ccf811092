package identity

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// BearerToken returns the token of r's "Authorization: Bearer" header, or
// an error wrapping ErrNoCredentials when there is none, or
// ErrInvalidToken when the header is not a bearer token.
func BearerToken(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", ErrNoCredentials
	}
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", fmt.Errorf("the Authorization header is not \"Bearer <token>\": %w", ErrInvalidToken)
	}
	return strings.TrimSpace(token), nil
}

// Any authenticates with the first of as that knows the request's token:
// a token none of them knows is invalid. When none accepts, Any answers
// the last error wrapping ErrInvalidToken if one refused the token, and
// otherwise the last error.
func Any(as ...Authenticator) Authenticator { return anyOf(as) }

type anyOf []Authenticator

func (as anyOf) Authenticate(r *http.Request) (Principal, error) {
	err := error(ErrNoCredentials)
	for _, a := range as {
		p, e := a.Authenticate(r)
		if e == nil {
			return p, nil
		}
		// One that found no credentials of its kind does not undo
		// another's refusal of the token the request did carry.
		if errors.Is(err, ErrInvalidToken) && !errors.Is(e, ErrInvalidToken) {
			continue
		}
		err = e
	}
	return Principal{}, err
}
