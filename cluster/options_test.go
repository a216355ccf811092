package cluster

import (
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

func TestTheEmbeddedServerListensOnLoopbackOnly(t *testing.T) {
	for _, tc := range []struct {
		listen string
		want   string
	}{
		{"0.0.0.0:4222", "loopback only"},
		{"10.1.2.3:4222", "loopback only"},
		{"example.com:4222", "loopback only"},
		{"127.0.0.1", "want HOST:PORT"},
		{"127.0.0.1:http", "is not 0-65535"},
	} {
		t.Run(tc.listen, func(t *testing.T) {
			_, err := startEmbedded(tc.listen, t.TempDir(), "x")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("listen %q: %v, want an error saying %q", tc.listen, err, tc.want)
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
