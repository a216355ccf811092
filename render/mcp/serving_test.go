package mcp

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestCloseEndsServeAndRefusesAnother: Close stops what Serve serves (it
// returns nil, as after its context ends), and a Serve after Close is
// refused, as net/http's is.
func TestCloseEndsServeAndRefusesAnother(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}}})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background(), ln) }()
	// The listener is bound: the request waits in its backlog until Serve
	// answers it.
	resp, err := http.Post("http://"+ln.Addr().String()+"/mcp", "application/json", strings.NewReader(initBody))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := srv.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Serve after Close returned %v, want nil", err)
	}
	again, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Serve(context.Background(), again); !errors.Is(err, ErrServerClosed) {
		t.Fatalf("Serve on a closed server = %v, want %v", err, ErrServerClosed)
	}
}

// TestHandlerChecksHostsAsOptionsAddrAsks: the handler's Host rule comes
// from Options.Addr, loopback when it is empty.
func TestHandlerChecksHostsAsOptionsAddrAsks(t *testing.T) {
	for _, c := range []struct {
		addr string
		want bool
	}{{"", true}, {"127.0.0.1:0", true}, {"localhost:8808", true}, {"[::1]:8808", true}, {"0.0.0.0:8808", false}, {"mcp.example:443", false}} {
		if got := loopbackAddr(c.addr); got != c.want {
			t.Errorf("loopbackAddr(%q) = %v, want %v", c.addr, got, c.want)
		}
	}
}
