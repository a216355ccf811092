package mcp

import (
	"context"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// idSession is a client session of the SDK with a transport id.
type idSession struct{ id string }

func (idSession) Initialize()                                         {}
func (idSession) Initialized() bool                                   { return true }
func (idSession) NotificationChannel() chan<- sdk.JSONRPCNotification { return nil }
func (s idSession) SessionID() string                                 { return s.id }

// TestARequestsAuthContextIsWorkedOutOnce: a tool call's context carries
// the AuthContext worked out from it, which every later ask takes as it is
// (no HMAC of the transport id each time), and which is what working it
// out again would give; a ConnectAs agent's context keeps its own.
func TestARequestsAuthContextIsWorkedOutOnce(t *testing.T) {
	bare := server.NewMCPServer("t", "1")
	ctx := bare.WithContext(context.Background(), idSession{id: "transport-id-1"})
	want := authContext(ctx)
	if want.ConnectionID == "transport-id-1" || want.ConnectionID == defaultConnection {
		t.Fatalf("the connection is %q: want the key of its transport id", want.ConnectionID)
	}
	once := withRequestAuth(ctx)
	if got := authContext(once); got != want {
		t.Fatalf("authContext = %+v, want %+v", got, want)
	}
	if allocs := testing.AllocsPerRun(20, func() { authContext(once) }); allocs != 0 {
		t.Errorf("asking a request's AuthContext again allocates %.0f times, want none", allocs)
	}
	if allocs := testing.AllocsPerRun(20, func() { authContext(ctx) }); allocs == 0 {
		t.Errorf("working it out allocates nothing: the test does not exercise the key")
	}
	agent := AuthContext{ConnectionID: "agent-conn", Agent: "agent", Transport: TransportUnknown}
	as := context.WithValue(ctx, principalKey{}, agent)
	if got := authContext(withRequestAuth(as)); got != agent {
		t.Errorf("a ConnectAs agent's call is %+v, want its own %+v", got, agent)
	}
}
