package mcp

import (
	"context"
	"net"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// A clientTransport connects a test client to a server: TestSecurityMatrix
// proves each rule through every one of them.
type clientTransport interface {
	// name names the transport in subtest names.
	name() string
	// kind is what the server's AuthContext.Transport says for a call
	// made through it.
	kind() string
	// connect answers a client initialized on srv, or the error with
	// which the server refuses to serve it over this transport.
	connect(t *testing.T, srv *Server, opts ...client.ClientOption) (*testClient, error)
}

// clientTransports are the in-process client and a real HTTP client
// against a loopback listener.
var clientTransports = []clientTransport{inProcess{}, loopbackHTTP{}}

// inProcess is mcp-go's in-process client: JSON-RPC without a network.
type inProcess struct{}

func (inProcess) name() string { return "in-process" }
func (inProcess) kind() string { return TransportUnknown }
func (inProcess) connect(t *testing.T, srv *Server, opts ...client.ClientOption) (*testClient, error) {
	t.Helper()
	return connectWith(t, srv, opts...), nil
}

// loopbackHTTP is mcp-go's streamable-HTTP client against the server's
// HTTP handler on a loopback listener, through every gate a network
// client meets (the boot gates, Host and Origin, the limits).
type loopbackHTTP struct{}

func (loopbackHTTP) name() string { return "http" }
func (loopbackHTTP) kind() string { return TransportHTTP }
func (loopbackHTTP) connect(t *testing.T, srv *Server, opts ...client.ClientOption) (*testClient, error) {
	t.Helper()
	if srv.NetworkReady() != nil {
		// The boot gates refuse before serving: Serve
		// answers at once, with the refusal an operator sees.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		return nil, srv.Serve(context.Background(), ln)
	}
	base := serveLoopbackHTTP(t, srv)
	tr, err := transport.NewStreamableHTTP(base + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, opts...)
	tc := &testClient{t: t, srv: srv, c: c}
	c.OnNotification(func(n sdk.JSONRPCNotification) {
		if n.Method == string(sdk.MethodNotificationToolsListChanged) {
			tc.mu.Lock()
			tc.listChanged++
			tc.mu.Unlock()
		}
	})
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := sdk.InitializeRequest{}
	// Facet's HTTP serves the protocol versions with sessions.
	req.Params.ProtocolVersion = "2025-06-18"
	req.Params.ClientInfo = sdk.Implementation{Name: "facet-test-http", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	return tc, nil
}

// mustConnect connects through tr, failing the test if the server refuses.
func mustConnect(t *testing.T, tr clientTransport, srv *Server, opts ...client.ClientOption) *testClient {
	t.Helper()
	tc, err := tr.connect(t, srv, opts...)
	if err != nil {
		t.Fatalf("%s: the server refused to serve: %v", tr.name(), err)
	}
	return tc
}
