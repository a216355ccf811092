package cluster

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestOptionsRefuseWhatCannotWork(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"nothing to join", Options{Name: "a"}, "neither a server URL"},
		{"join and listen", Options{Name: "a", URL: "nats://127.0.0.1:4222", Listen: "127.0.0.1:0"}, "either joins a server or runs one"},
		{"join with credentials and listen", Options{Name: "a", URL: "nats://facet:pw@127.0.0.1:4222", Listen: "127.0.0.1:0"}, `"nats://REDACTED@127.0.0.1:4222"`},
		{"bad name", Options{Name: "a.b", URL: "nats://127.0.0.1:4222"}, `node`},
		{"short ttl", Options{Name: "a", URL: "nats://127.0.0.1:4222", TTL: 1}, "below the minimum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.opts.withDefaults()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestTheEmbeddedServerListensBeyondLoopbackOnlyWithASecretAndTLS(t *testing.T) {
	const secret = "0123456789abcdef"
	for _, tc := range []struct {
		name        string
		opts        Options
		wantMissing []string // nil: accepted
	}{
		{"loopback v4, nothing", Options{Listen: "127.0.0.1:4222"}, nil},
		{"loopback v4 elsewhere in 127/8", Options{Listen: "127.1.2.3:4222"}, nil},
		{"loopback v6, nothing", Options{Listen: "[::1]:4222"}, nil},
		{"localhost, nothing", Options{Listen: "localhost:0"}, nil},
		{"loopback with the secret only", Options{Listen: "127.0.0.1:0", Secret: secret}, nil},
		{"every interface, nothing", Options{Listen: "0.0.0.0:4222"}, []string{"Secret", "TLSCert", "TLSKey"}},
		{"every interface, empty host", Options{Listen: ":4222"}, []string{"Secret", "TLSCert", "TLSKey"}},
		{"every interface v6", Options{Listen: "[::]:4222", Secret: secret}, []string{"TLSCert", "TLSKey"}},
		{"a private address, TLS only", Options{Listen: "10.1.2.3:4222", TLSCert: "c.pem", TLSKey: "k.pem"}, []string{"Secret"}},
		{"a host name, the secret only", Options{Listen: "example.com:4222", Secret: secret}, []string{"TLSCert", "TLSKey"}},
		{"a host name that starts like localhost", Options{Listen: "localhost.example.com:4222"}, []string{"Secret", "TLSCert", "TLSKey"}},
		{"every interface with both", Options{Listen: "0.0.0.0:4222", Secret: secret, TLSCert: "c.pem", TLSKey: "k.pem"}, nil},
		{"a host name with both", Options{Listen: "node1.example.com:4222", Secret: secret, TLSCert: "c.pem", TLSKey: "k.pem"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Name = "x"
			err := tc.opts.Check()
			if tc.wantMissing == nil {
				if err != nil {
					t.Fatalf("Check() = %v, want the options accepted", err)
				}
				return
			}
			var unsafe *UnsafeListenError
			if !errors.As(err, &unsafe) {
				t.Fatalf("Check() = %v, want an UnsafeListenError", err)
			}
			if !slices.Equal(unsafe.Missing, tc.wantMissing) {
				t.Errorf("missing %v, want %v", unsafe.Missing, tc.wantMissing)
			}
			for _, want := range append([]string{tc.opts.Listen, "beyond loopback", "authentication and TLS"}, tc.wantMissing...) {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}

func TestListenAddressesThatAreNotHostPortAreRefused(t *testing.T) {
	for _, tc := range []struct {
		listen string
		want   string
	}{
		{"127.0.0.1", "want HOST:PORT"},
		{"127.0.0.1:http", "is not 0-65535"},
		{"127.0.0.1:70000", "is not 0-65535"},
	} {
		t.Run(tc.listen, func(t *testing.T) {
			err := Options{Name: "x", Listen: tc.listen}.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("listen %q: %v, want an error saying %q", tc.listen, err, tc.want)
			}
		})
	}
}

func TestSecurityOptionsThatDoNotFitAreRefused(t *testing.T) {
	const secret = "0123456789abcdef"
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"short secret", Options{URL: "nats://127.0.0.1:4222", Secret: "hunter2"}, "Secret: the secret has 7 bytes, fewer than the minimum of 16"},
		{"secret with a line break", Options{URL: "nats://127.0.0.1:4222", Secret: "0123456789\nabcdef"}, "control character"},
		{"secret with a trailing space", Options{URL: "nats://127.0.0.1:4222", Secret: secret + " "}, "white space"},
		{"secret like a bcrypt hash", Options{URL: "nats://127.0.0.1:4222", Secret: "$2a$11$0123456789abcdef"}, "bcrypt"},
		{"certificate without key", Options{Listen: "127.0.0.1:0", TLSCert: "c.pem"}, `TLSCert "c.pem" has no TLSKey`},
		{"key without certificate", Options{Listen: "127.0.0.1:0", TLSKey: "k.pem"}, `TLSKey "k.pem" has no TLSCert`},
		{"server certificate on a joiner", Options{URL: "tls://127.0.0.1:4222", TLSCert: "c.pem", TLSKey: "k.pem"}, "verifies the server with TLSCA"},
		{"CA on the server", Options{Listen: "127.0.0.1:0", TLSCA: "ca.pem"}, "TLSCA is for joining"},
		{"credentials twice", Options{URL: "nats://facet:pw@127.0.0.1:4222", Secret: secret}, "carries credentials and Secret is set too"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Name = "x"
			err := tc.opts.Check()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Check() = %v, want an error saying %q", err, tc.want)
			}
			if strings.Contains(err.Error(), ":pw@") {
				t.Errorf("error %q shows the URL's password", err)
			}
		})
	}
}

func TestNodeNameFromAHostName(t *testing.T) {
	for _, tc := range []struct{ host, want string }{
		{"web-1", "web-1"},
		{"web1.example.com", "web1-example-com"},
		{"", "node"},
		{strings.Repeat("x", 40), strings.Repeat("x", 32)},
	} {
		if got := NodeName(tc.host); got != tc.want {
			t.Errorf("NodeName(%q) = %q, want %q", tc.host, got, tc.want)
		}
	}
}
