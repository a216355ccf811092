package cluster

import (
	"errors"
	"strings"
	"testing"

	"github.com/facetui/facet/cluster/clustertest"
)

const testSecret = "a-test-secret-of-32-bytes-000000"

// joinOpts starts a node with opts and the test's lifetimes, answering
// through its sessions.
func joinOpts(t testing.TB, opts Options) (*member, error) {
	t.Helper()
	opts.TTL, opts.CallTimeout = testTTL, testTimeout
	m := newMember(&opts, nil)
	n, err := Join(t.Context(), opts)
	if err != nil {
		return nil, err
	}
	m.Node = n
	t.Cleanup(func() {
		m.reg.StopAll()
		_ = n.Close()
	})
	return m, nil
}

// mustJoin is joinOpts for a node that must join.
func mustJoin(t testing.TB, opts Options) *member {
	t.Helper()
	m, err := joinOpts(t, opts)
	if err != nil {
		t.Fatalf("join %s: %v", opts.Name, err)
	}
	return m
}

// TestTwoNodesOverTLSWithTheSecret runs the embedded server with the
// secret and TLS (on loopback, the path a non-loopback address takes): a
// node that joins with the secret, trusting the CA or the server's own
// certificate, forms the cluster over TLS and forwards a call.
func TestTwoNodesOverTLSWithTheSecret(t *testing.T) {
	files := clustertest.NewTLSFiles(t)
	a, err := joinOpts(t, Options{Name: "a", Listen: "127.0.0.1:0", Secret: testSecret, TLSCert: files.Cert, TLSKey: files.Key})
	if err != nil {
		t.Fatalf("node a with the embedded server: %v", err)
	}
	if url := a.ClientURL(); !strings.HasPrefix(url, "tls://127.0.0.1:") {
		t.Fatalf("a.ClientURL() = %q, want tls://127.0.0.1:PORT", url)
	}
	for _, tc := range []struct{ name, ca string }{
		{"b", files.CA},
		{"c", files.Cert}, // the server's certificate itself
	} {
		n, err := joinOpts(t, Options{Name: tc.name, URL: a.ClientURL(), Secret: testSecret, TLSCA: tc.ca})
		if err != nil {
			t.Fatalf("node %s joining over TLS: %v", tc.name, err)
		}
		if _, err := n.nc.TLSConnectionState(); err != nil {
			t.Fatalf("node %s's connection is not TLS: %v", tc.name, err)
		}
	}
	a.start(t, "s1")
	b, _ := joinOpts(t, Options{Name: "b2", URL: strings.Replace(a.ClientURL(), "127.0.0.1", "localhost", 1), Secret: testSecret, TLSCA: files.CA})
	if b == nil {
		t.Fatal("node b2 joining by the name localhost failed")
	}
	seen(t, b, "s1")
	raw, err := b.Do(t.Context(), Request{Session: "s1", Kind: KindCall, Name: "inc.click"})
	if err != nil {
		t.Fatalf("a call from b2 over TLS: %v", err)
	}
	if got := count(t, raw); got != 1 {
		t.Fatalf("the forwarded click counted %d, want 1", got)
	}
}

// TestAJoinerWithoutTheSecretOrTheCAIsRefused: the embedded server refuses
// a node without the right secret, and a node that does not trust its
// certificate refuses the server, each with an error that names the cause.
func TestAJoinerWithoutTheSecretOrTheCAIsRefused(t *testing.T) {
	files := clustertest.NewTLSFiles(t)
	other := clustertest.NewTLSFiles(t)
	a, err := joinOpts(t, Options{Name: "a", Listen: "127.0.0.1:0", Secret: testSecret, TLSCert: files.Cert, TLSKey: files.Key})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := joinOpts(t, Options{Name: "p", Listen: "127.0.0.1:0", Secret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		opts   Options
		target error
		want   string
	}{
		{"wrong secret", Options{URL: a.ClientURL(), Secret: "not-the-secret-of-the-cluster", TLSCA: files.CA}, ErrSecretRefused, "give the node the cluster's secret"},
		{"no secret", Options{URL: a.ClientURL(), TLSCA: files.CA}, ErrSecretRefused, "give the node the cluster's secret"},
		{"no CA", Options{URL: a.ClientURL(), Secret: testSecret}, ErrServerNotTrusted, "set TLSCA"},
		{"another CA", Options{URL: a.ClientURL(), Secret: testSecret, TLSCA: other.CA}, ErrServerNotTrusted, "set TLSCA"},
		{"plain URL to the TLS server, no CA", Options{URL: strings.Replace(a.ClientURL(), "tls://", "nats://", 1), Secret: testSecret}, ErrServerNotTrusted, "set TLSCA"},
		{"wrong secret without TLS", Options{URL: plain.ClientURL(), Secret: "not-the-secret-of-the-cluster"}, ErrSecretRefused, "give the node the cluster's secret"},
		{"CA for a server without TLS", Options{URL: plain.ClientURL(), Secret: testSecret, TLSCA: files.CA}, nil, "TLSCA is set but the server does not offer TLS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Name = "joiner"
			m, err := joinOpts(t, tc.opts)
			if err == nil {
				_ = m.Close()
				t.Fatal("joined; want a refusal")
			}
			if tc.target != nil && !errors.Is(err, tc.target) {
				t.Errorf("error %v does not match %v", err, tc.target)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
			if strings.Contains(err.Error(), testSecret) {
				t.Errorf("error %q shows the secret", err)
			}
		})
	}
	if _, ok := a.Lookup(nodeKey + "joiner"); ok {
		t.Error("a refused joiner is in the directory")
	}
}
