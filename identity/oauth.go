package identity

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/coreos/go-oidc/v3/oidc"
)

// OAuthOptions configure OAuth: the authorization server that issues
// access tokens for this server, and what this server is called in them.
type OAuthOptions struct {
	// Issuer is the authorization server's issuer URL, as tokens carry
	// it in "iss".
	Issuer string
	// Audience is this server's resource identifier (its URL), which a
	// token must carry in "aud".
	Audience string
	// JWKSURL is where the issuer publishes its signing keys. Empty: read
	// from the issuer's discovery document
	// (<Issuer>/.well-known/openid-configuration).
	JWKSURL string
	// Client fetches the discovery document and the keys; nil uses
	// http.DefaultClient.
	Client *http.Client
}

// OAuth authenticates requests whose bearer token is a JWT access token
// from one issuer: signed by one of the issuer's current keys (fetched
// from its JWKS and refreshed when a token names a new one), with "iss"
// the issuer, "aud" holding this server, and not expired. The principal
// is the token's subject at its issuer.
type OAuth struct {
	opts     OAuthOptions
	verifier *oidc.IDTokenVerifier
}

// NewOAuth checks opts and prepares the key set; with no JWKSURL it reads
// the issuer's discovery document now.
func NewOAuth(ctx context.Context, opts OAuthOptions) (*OAuth, error) {
	for _, f := range []struct{ name, v string }{{"Issuer", opts.Issuer}, {"Audience", opts.Audience}} {
		if f.v == "" {
			return nil, fmt.Errorf("identity: OAuth: %s is empty", f.name)
		}
	}
	if u, err := url.Parse(opts.Issuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("identity: OAuth: issuer %q is not an http(s) URL", opts.Issuer)
	}
	if opts.Client != nil {
		ctx = oidc.ClientContext(ctx, opts.Client)
	}
	cfg := &oidc.Config{ClientID: opts.Audience, SupportedSigningAlgs: signingAlgs}
	o := &OAuth{opts: opts}
	if opts.JWKSURL != "" {
		o.verifier = oidc.NewVerifier(opts.Issuer, oidc.NewRemoteKeySet(context.WithoutCancel(ctx), opts.JWKSURL), cfg)
		return o, nil
	}
	p, err := oidc.NewProvider(ctx, opts.Issuer)
	if err != nil {
		return nil, fmt.Errorf("identity: OAuth: the issuer's discovery: %w", err)
	}
	o.verifier = p.Verifier(cfg)
	return o, nil
}

// signingAlgs are the algorithms a token may be signed with: every
// public-key one go-oidc knows. Left empty, go-oidc takes RS256 alone
// unless a discovery document lists ID token algorithms, so an issuer
// whose keys are EC or Ed25519 would have every token refused. None is
// symmetric (HS256 keyed with a public key) or "none", and a signature
// only verifies with a JWKS key of its algorithm's type.
var signingAlgs = []string{
	oidc.RS256, oidc.RS384, oidc.RS512,
	oidc.PS256, oidc.PS384, oidc.PS512,
	oidc.ES256, oidc.ES384, oidc.ES512,
	oidc.EdDSA,
}

// Issuer is the issuer tokens must come from.
func (o *OAuth) Issuer() string { return o.opts.Issuer }

// Verify checks a raw access token and returns its principal.
func (o *OAuth) Verify(ctx context.Context, raw string) (Principal, error) {
	tok, err := o.verifier.Verify(ctx, raw)
	if err != nil {
		var expired *oidc.TokenExpiredError
		if errors.As(err, &expired) {
			return Principal{}, fmt.Errorf("the access token expired at %s: %w", expired.Expiry.UTC().Format("2006-01-02T15:04:05Z"), ErrInvalidToken)
		}
		return Principal{}, fmt.Errorf("the access token was refused: %v: %w", err, ErrInvalidToken)
	}
	if tok.Subject == "" {
		return Principal{}, fmt.Errorf("the access token has no subject: %w", ErrInvalidToken)
	}
	return Principal{Name: tok.Subject + "@" + hostOf(tok.Issuer), Method: MethodOAuth}, nil
}

// Authenticate checks r's bearer token as an access token.
func (o *OAuth) Authenticate(r *http.Request) (Principal, error) {
	raw, err := BearerToken(r)
	if err != nil {
		return Principal{}, err
	}
	return o.Verify(r.Context(), raw)
}

func hostOf(issuer string) string {
	if u, err := url.Parse(issuer); err == nil && u.Host != "" {
		return u.Host + u.Path
	}
	return issuer
}
