package ssh

import (
	"testing"
	"time"
)

func TestConnectionLimitDefaults(t *testing.T) {
	for _, tc := range []struct {
		name               string
		opts               Options
		handshake          time.Duration
		waiting, perSource int
	}{
		{"no caps", Options{}, 5 * time.Second, 64, 32},
		{"half the connection cap", Options{MaxSessions: 20}, 5 * time.Second, 28, 28},
		{"a small connection cap", Options{MaxConnections: 6}, 5 * time.Second, 3, 3},
		{"one connection", Options{MaxConnections: 1}, 5 * time.Second, 1, 1},
		{"explicit", Options{HandshakeTimeout: time.Second, MaxUnauthenticated: 100, MaxUnauthenticatedPerSource: 2}, time.Second, 100, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.opts.handshakeTimeout(); got != tc.handshake {
				t.Errorf("handshake timeout %s, want %s", got, tc.handshake)
			}
			p := tc.opts.preauth()
			if p.max != tc.waiting || p.perSource != tc.perSource {
				t.Errorf("waiting to log in: at most %d, %d per source; want %d, %d per source", p.max, p.perSource, tc.waiting, tc.perSource)
			}
		})
	}
}
