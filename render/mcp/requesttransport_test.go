package mcp

import (
	"context"
	"sync"
	"testing"
)

// TestRequestTransportKeys pins that a request's remembered connection
// key is always its own id's: asked for other ids in turn, and from
// several goroutines at once, it answers what connectionKey does.
func TestRequestTransportKeys(t *testing.T) {
	rt := transportOf(withTransport(context.Background(), TransportHTTP))
	if rt == nil || rt.name != TransportHTTP {
		t.Fatalf("transportOf = %+v, want the HTTP transport", rt)
	}
	ids := []string{"mcp-session-a", "mcp-session-b", "mcp-session-a", "principal:x", "mcp-session-b"}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, id := range ids {
				if got, want := rt.connectionKey(id), connectionKey(id); got != want {
					t.Errorf("connectionKey(%q) = %q, want %q", id, got, want)
				}
			}
		})
	}
	wg.Wait()
	var none *requestTransport
	if got := none.connectionKey("mcp-session-a"); got != connectionKey("mcp-session-a") {
		t.Errorf("without a transport recorded: %q", got)
	}
	if transportOf(context.Background()) != nil {
		t.Error("transportOf a context without one is not nil")
	}
}
