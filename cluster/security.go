package cluster

import (
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/nats-io/nats.go"
)

// MinSecretLen is the shortest Options.Secret accepted, in bytes.
const MinSecretLen = 16

// ErrSecretRefused is matched (errors.Is) by Join's error when the NATS
// server refused the node's credentials: a wrong Secret, or none where the
// server wants one.
var ErrSecretRefused = errors.New("the NATS server refused this node's credentials")

// ErrServerNotTrusted is matched (errors.Is) by Join's error when the TLS
// certificate of the NATS server could not be verified: it is not signed by
// an authority in TLSCA (or the system's, without TLSCA), or it is not for
// the host in URL.
var ErrServerNotTrusted = errors.New("the NATS server's TLS certificate is not trusted")

// UnsafeListenError is returned for an Options.Listen beyond loopback
// without both authentication and TLS: anyone who reaches the address could
// otherwise act as a node. Missing names the unset Options fields.
type UnsafeListenError struct {
	Listen  string
	Missing []string // of "Secret", "TLSCert", "TLSKey"
}

func (e *UnsafeListenError) Error() string {
	return fmt.Sprintf("cluster: listen address %q is beyond loopback, where the embedded NATS server listens only with authentication and TLS (Secret, TLSCert and TLSKey): %s not set", e.Listen, strings.Join(e.Missing, ", "))
}

// CheckSecret reports a secret the cluster does not accept: shorter than
// MinSecretLen, with control characters or spaces at either end, or
// starting with '$' (which NATS reads as a bcrypt hash).
func CheckSecret(secret string) error {
	switch {
	case len(secret) < MinSecretLen:
		return fmt.Errorf("the secret has %d bytes, fewer than the minimum of %d (make one with: openssl rand -hex 32)", len(secret), MinSecretLen)
	case strings.TrimSpace(secret) != secret:
		return errors.New("the secret starts or ends with white space: it is one line of text without leading or trailing spaces")
	case strings.ContainsFunc(secret, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return errors.New("the secret contains a control character (a line break?): it is one line of text")
	case strings.HasPrefix(secret, "$"):
		return errors.New("the secret starts with '$', which NATS reads as a bcrypt hash: pick one that does not")
	}
	return nil
}

// isLoopback reports whether host (of a HOST:PORT) is a loopback address:
// an IP in 127.0.0.0/8 or ::1, or "localhost". An empty host means every
// interface.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkSecurity reports authentication and TLS options that do not fit
// together or with where the node listens or joins.
func (o Options) checkSecurity() error {
	if o.Secret != "" {
		if err := CheckSecret(o.Secret); err != nil {
			return fmt.Errorf("cluster: Secret: %w", err)
		}
	}
	switch {
	case o.TLSCert != "" && o.TLSKey == "":
		return fmt.Errorf("cluster: TLSCert %q has no TLSKey: the embedded server needs its certificate and its private key", o.TLSCert)
	case o.TLSKey != "" && o.TLSCert == "":
		return fmt.Errorf("cluster: TLSKey %q has no TLSCert: the embedded server needs its certificate and its private key", o.TLSKey)
	case o.URL != "" && o.TLSCert != "":
		return errors.New("cluster: TLSCert and TLSKey are the embedded server's (with Listen); a node that joins a URL verifies the server with TLSCA")
	case o.Listen != "" && o.TLSCA != "":
		return errors.New("cluster: TLSCA is for joining a server (with URL); the node that runs the embedded server (Listen) serves TLSCert and TLSKey")
	}
	if o.URL != "" && o.Secret != "" {
		if u, err := url.Parse(o.URL); err == nil && u.User != nil {
			return fmt.Errorf("cluster: URL %q carries credentials and Secret is set too: give one", redact(o.URL))
		}
	}
	if o.Listen == "" {
		return nil
	}
	host, _, err := splitListen(o.Listen)
	if err != nil {
		return err
	}
	if isLoopback(host) {
		return nil
	}
	var missing []string
	if o.Secret == "" {
		missing = append(missing, "Secret")
	}
	if o.TLSCert == "" {
		missing = append(missing, "TLSCert")
	}
	if o.TLSKey == "" {
		missing = append(missing, "TLSKey")
	}
	if len(missing) > 0 {
		return &UnsafeListenError{Listen: o.Listen, Missing: missing}
	}
	return nil
}

// redact hides the credentials (a user and password, or a token) of a
// URL.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	u.User = url.User("REDACTED")
	return u.String()
}

// credentials are the NATS client options that present the secret and
// verify the server.
func (o Options) credentials() []nats.Option {
	var opts []nats.Option
	if o.Secret != "" {
		opts = append(opts, nats.Token(o.Secret))
	}
	if o.TLSCA != "" {
		opts = append(opts, nats.RootCAs(o.TLSCA))
	}
	return opts
}

// joinError says why joining url failed, when the cause is the
// credentials or the server's certificate.
func joinError(url string, err error) error {
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	switch {
	case errors.Is(err, nats.ErrAuthorization):
		return fmt.Errorf("cluster: join %s: %w: give the node the cluster's secret (Secret), the one the server was given: %w", redact(url), ErrSecretRefused, err)
	case errors.As(err, &unknown):
		return fmt.Errorf("cluster: join %s: %w: it is signed by an authority this node does not trust; set TLSCA to the CA certificate that signed it, or to the server's certificate: %w", redact(url), ErrServerNotTrusted, err)
	case errors.As(err, &host):
		return fmt.Errorf("cluster: join %s: %w: it is not for this host; join by a name or IP address the certificate holds: %w", redact(url), ErrServerNotTrusted, err)
	case errors.Is(err, nats.ErrSecureConnWanted):
		return fmt.Errorf("cluster: join %s: TLSCA is set but the server does not offer TLS: %w", redact(url), err)
	}
	return fmt.Errorf("cluster: join %s: %w", redact(url), err)
}
