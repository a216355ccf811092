package cluster

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/facetui/facet/tea"
)

// Defaults for Options.
const (
	DefaultTTL         = 6 * time.Second
	DefaultCallTimeout = 6 * time.Second
	DefaultBucket      = "facet_sessions"
)

// Options configure a node.
type Options struct {
	// URL is the NATS server to join: nats://HOST:PORT, tls://HOST:PORT
	// (TLS only), or with credentials as nats.go accepts them
	// (nats://USER:PASSWORD@HOST:PORT). Empty with Listen: the node joins
	// its own embedded server.
	URL string
	// Listen, when set, makes this node run an embedded NATS server
	// (JetStream on) on this HOST:PORT that other nodes join. Port 0 picks
	// a free port (see Node.ClientURL). Beyond loopback (127.0.0.1, ::1,
	// localhost) it needs Secret, TLSCert and TLSKey.
	Listen string
	// Secret is the cluster's shared secret (a NATS token, at least
	// MinSecretLen bytes): the embedded server accepts only clients that
	// present it, and a node that joins URL presents it. Empty: no
	// authentication.
	Secret string
	// TLSCert and TLSKey are PEM files with the embedded server's
	// certificate (its chain, leaf first) and private key: with them the
	// server accepts TLS connections only.
	TLSCert, TLSKey string
	// TLSCA is a PEM file with the certificates a node that joins URL
	// trusts for the server's: the CA that signed it, or the server's
	// certificate itself. With it the node joins over TLS only; without
	// it, a server that offers TLS is verified against the system's
	// authorities.
	TLSCA string
	// StoreDir is the embedded server's JetStream directory. Empty: a
	// temporary directory removed on Close.
	StoreDir string
	// Name names the node: 1-32 of [A-Za-z0-9_-]. Empty: the host name,
	// with other characters replaced by '-'.
	Name string
	// TTL is how long a directory entry lives without its node refreshing
	// it; the node refreshes every TTL/3. Default DefaultTTL.
	TTL time.Duration
	// CallTimeout bounds a forwarded request. Default DefaultCallTimeout.
	CallTimeout time.Duration
	// Bucket names the key-value bucket of the directory. Default
	// DefaultBucket.
	Bucket string
	// Handler answers the requests other nodes forward for this node's
	// sessions. Nil: such requests answer an error.
	Handler Handler
	// Logger receives the node's warnings: an entry of this node's that
	// someone else deleted or rewrote in the directory, and put back. Nil:
	// slog.Default().
	Logger *slog.Logger
}

// withDefaults fills the zero fields and checks the rest.
func (o Options) withDefaults() (Options, error) {
	if o.URL == "" && o.Listen == "" {
		return o, fmt.Errorf("cluster: neither a server URL to join nor an address to listen on: set one")
	}
	if o.URL != "" && o.Listen != "" {
		return o, fmt.Errorf("cluster: both a server URL to join (%q) and an address to listen on (%q): a node either joins a server or runs one, so set one", redact(o.URL), o.Listen)
	}
	if err := o.checkSecurity(); err != nil {
		return o, err
	}
	if o.Name == "" {
		host, err := os.Hostname()
		if err != nil {
			return o, fmt.Errorf("cluster: no node name given and no host name: %w", err)
		}
		o.Name = NodeName(host)
	}
	if err := tea.CheckID("node", o.Name); err != nil {
		return o, fmt.Errorf("cluster: %w", err)
	}
	if o.TTL == 0 {
		o.TTL = DefaultTTL
	}
	if o.TTL < 300*time.Millisecond {
		return o, fmt.Errorf("cluster: TTL %v is below the minimum of 300ms", o.TTL)
	}
	if o.CallTimeout == 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	if o.CallTimeout < 0 {
		return o, fmt.Errorf("cluster: call timeout %v is negative", o.CallTimeout)
	}
	if o.Bucket == "" {
		o.Bucket = DefaultBucket
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o, nil
}

// Check reports options Join would refuse (with the same error), without
// starting or joining anything.
func (o Options) Check() error {
	_, err := o.withDefaults()
	return err
}

// NodeName turns a host name into a node name: characters outside
// [A-Za-z0-9_-] become '-', and it is cut to 32 characters.
func NodeName(host string) string {
	b := []byte(host)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
		if !ok {
			b[i] = '-'
		}
	}
	s := strings.Trim(string(b), "-")
	if len(s) > 32 {
		s = s[:32]
	}
	if s == "" {
		s = "node"
	}
	return s
}
