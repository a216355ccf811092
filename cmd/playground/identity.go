package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/facetui/facet/identity"
)

// identityOptions are the flags that authenticate network clients.
type identityOptions struct {
	// tokens is --http-tokens FILE: bearer tokens for --http, and the
	// login of --web.
	tokens string
	// oauth is --oauth-issuer, --oauth-audience and --oauth-jwks.
	oauth identity.OAuthOptions
}

func addIdentityFlags(fs *flag.FlagSet, o *identityOptions) {
	fs.StringVar(&o.tokens, "http-tokens", "", "bearer tokens `FILE` (one \"name token\" per line, mode 600): --http clients send \"Authorization: Bearer <token>\" and --web asks for one at login; each name owns its sessions")
	fs.StringVar(&o.oauth.Issuer, "oauth-issuer", "", "accept OAuth access tokens (JWTs) from the issuer `URL` on --http, checked against its published keys; needs --oauth-audience")
	fs.StringVar(&o.oauth.Audience, "oauth-audience", "", "this server's resource `URL` (its /mcp address), which an access token's aud must hold")
	fs.StringVar(&o.oauth.JWKSURL, "oauth-jwks", "", "the issuer's JWKS `URL` (default: read from its discovery document)")
}

// check refuses identity flags that cannot work.
func (o identityOptions) check(http, web bool) error {
	switch {
	case (o.oauth.Issuer == "") != (o.oauth.Audience == ""):
		return &usageError{err: errors.New("--oauth-issuer and --oauth-audience go together")}
	case o.oauth.JWKSURL != "" && o.oauth.Issuer == "":
		return &usageError{err: errors.New("--oauth-jwks needs --oauth-issuer")}
	case o.oauth.Issuer != "" && !http:
		return &usageError{err: errors.New("--oauth-issuer authenticates --http clients: add --http ADDR")}
	case o.tokens != "" && !http && !web:
		return &usageError{err: errors.New("--http-tokens authenticates --http and --web clients: add one of them")}
	}
	return nil
}

// loadTokens loads --http-tokens, or answers nil without it.
func (o identityOptions) loadTokens() (*identity.Tokens, error) {
	if o.tokens == "" {
		return nil, nil
	}
	t, err := identity.LoadTokens(o.tokens)
	if err != nil {
		return nil, &usageError{err: fmt.Errorf("--http-tokens: %w", err)}
	}
	return t, nil
}

// identities loads what the flags name: the tokens (nil without
// --http-tokens), the authenticator for --http (nil: anonymous) and the
// protected-resource metadata an OAuth client reads (nil without OAuth).
func (o identityOptions) identities(ctx context.Context) (*identity.Tokens, identity.Authenticator, *identity.ProtectedResource, error) {
	tokens, err := o.loadTokens()
	if err != nil {
		return nil, nil, nil, err
	}
	var as []identity.Authenticator
	if tokens != nil {
		as = append(as, tokens)
	}
	var pr *identity.ProtectedResource
	if o.oauth.Issuer != "" {
		oa, err := identity.NewOAuth(ctx, o.oauth)
		if err != nil {
			return nil, nil, nil, &usageError{err: fmt.Errorf("--oauth-issuer: %w", err)}
		}
		as = append(as, oa)
		pr = &identity.ProtectedResource{Resource: o.oauth.Audience, AuthorizationServers: []string{o.oauth.Issuer}, ResourceName: "Facet playground"}
	}
	switch len(as) {
	case 0:
		return tokens, nil, nil, nil
	case 1:
		return tokens, as[0], pr, nil
	}
	return tokens, identity.Any(as...), pr, nil
}
