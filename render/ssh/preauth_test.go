package ssh_test

import (
	"fmt"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/render/ssh"
)

// dial is a connection a test makes, and whether the server serves it.
type dial struct {
	from    string
	greeted bool
}

func repeat(d dial, n int) []dial {
	ds := make([]dial, n)
	for i := range ds {
		ds[i] = d
	}
	return ds
}

func TestConnectionsWaitingToLogInAreCappedPerSourceAndOverall(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  ssh.Options
		dials []dial
		// evicted are the indexes of dials the server closes to make room.
		evicted []int
	}{
		{
			name: "one source gets at most its share",
			opts: ssh.Options{MaxUnauthenticated: 10, MaxUnauthenticatedPerSource: 3},
			dials: []dial{
				{"127.0.0.2", true}, {"127.0.0.2", true}, {"127.0.0.2", true},
				{"127.0.0.2", false}, {"127.0.0.3", true},
			},
		},
		{
			name: "a newcomer evicts the oldest of the source with the most",
			opts: ssh.Options{MaxUnauthenticated: 4, MaxUnauthenticatedPerSource: 4},
			dials: []dial{
				{"127.0.0.2", true}, {"127.0.0.2", true}, {"127.0.0.2", true}, {"127.0.0.3", true},
				{"127.0.0.4", true},
			},
			evicted: []int{0},
		},
		{
			name: "sources holding no more than the newcomer are left alone",
			opts: ssh.Options{MaxUnauthenticated: 2, MaxUnauthenticatedPerSource: 2},
			dials: []dial{
				{"127.0.0.2", true}, {"127.0.0.3", true}, {"127.0.0.4", false},
			},
		},
		{
			name:  "the default share is 32 per source",
			opts:  ssh.Options{},
			dials: append(repeat(dial{"127.0.0.2", true}, 32), dial{"127.0.0.2", false}, dial{"127.0.0.3", true}),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.HandshakeTimeout = time.Hour // only the caps close connections here
			srv := serve(t, tc.opts)
			conns := make([]*rawConn, len(tc.dials))
			for i, d := range tc.dials {
				conns[i] = dialRawFrom(t, srv.addr, d.from)
				if got := conns[i].greeted(t); got != d.greeted {
					t.Fatalf("connection %d from %s: served %v, want %v", i+1, d.from, got, d.greeted)
				}
			}
			for _, i := range tc.evicted {
				conns[i].closedByServer(t)
			}
		})
	}
}

func TestKeyHolderGetsInWhile200UnauthenticatedConnectionsAreHeldOpen(t *testing.T) {
	const held = 200
	for _, tc := range []struct {
		name    string
		sources int // the held connections come from this many addresses
	}{
		{"from one address", 1},
		{"from 25 addresses", 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key := newKey(t)
			srv := serve(t, ssh.Options{
				AuthorizedKeys: writeAuthorizedKeys(t, t.TempDir(), key.PublicKey()),
				// 56 connections: fewer than the held ones.
				MaxSessions: 20,
				// Only the caps make room: nobody is timed out.
				HandshakeTimeout: time.Hour,
			})
			served := 0
			for i := range held {
				// Connections the server closes are simply gone; the rest
				// stay open, never logging in, until the test ends.
				if dialRawFrom(t, srv.addr, fmt.Sprintf("127.0.0.%d", 10+i%tc.sources)).greeted(t) {
					served++
				}
			}
			t.Logf("the server greeted %d of the %d connections that never log in", served, held)
			c := connect(t, srv.addr, clientConfig("ada", gossh.PublicKeys(key)), "xterm", 80, 24)
			c.waitFor("session: ssh1 user: ada", "count: 0")
			c.press("\r")
			c.waitFor("count: -1")
		})
	}
}

func TestLoggingInLeavesTheWaitingList(t *testing.T) {
	key := newKey(t)
	for _, tc := range []struct {
		name string
		keys bool
	}{
		{"with a key", true},
		{"without authorized keys", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := ssh.Options{MaxUnauthenticated: 1, MaxUnauthenticatedPerSource: 1, HandshakeTimeout: time.Hour}
			cfg := clientConfig("ada")
			if tc.keys {
				opts.AuthorizedKeys = writeAuthorizedKeys(t, t.TempDir(), key.PublicKey())
				cfg = clientConfig("ada", gossh.PublicKeys(key))
			}
			srv := serve(t, opts)
			for i := range 3 {
				c := connect(t, srv.addr, cfg, "xterm", 80, 24)
				c.waitFor(fmt.Sprintf("session: ssh%d user: ada", i+1))
			}
			// Three clients logged in and stay: the one waiting slot is free.
			if !dialRaw(t, srv.addr).greeted(t) {
				t.Fatal("a client that logged in still holds the only slot for connections waiting to log in")
			}
		})
	}
}
