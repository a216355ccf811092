package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// testClient is a real mcp-go client connected to a Server over the
// in-process transport: every call goes through JSON-RPC handling.
type testClient struct {
	t   *testing.T
	srv *Server
	c   *client.Client

	mu          sync.Mutex
	listChanged int
}

// newTestServer builds a server for a test. Unless the test names a style,
// it advertises the seed's dotted names, which the tests written against
// the seed spell; names_test.go covers the default spelling.
func newTestServer(t *testing.T, opts Options) *Server {
	t.Helper()
	if opts.ToolNames == "" {
		opts.ToolNames = NamesDotted
	}
	if opts.Apps == nil {
		opts.Apps = testApps()
	}
	srv, err := New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	return srv
}

func connect(t *testing.T, srv *Server) *testClient {
	t.Helper()
	return connectWith(t, srv)
}

func connectWith(t *testing.T, srv *Server, opts ...client.ClientOption) *testClient {
	t.Helper()
	return connectVersion(t, srv, sdk.LATEST_PROTOCOL_VERSION, opts...)
}

// connectLegacy speaks the stateful protocol (2025-06-18), where
// resources/subscribe and unsubscribe are RPCs.
func connectLegacy(t *testing.T, srv *Server) *testClient {
	t.Helper()
	return connectVersion(t, srv, "2025-06-18")
}

func connectVersion(t *testing.T, srv *Server, version string, opts ...client.ClientOption) *testClient {
	t.Helper()
	c, err := client.NewInProcessClientWithOptions(srv.sdk, opts...)
	if err != nil {
		t.Fatal(err)
	}
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
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = sdk.Implementation{Name: "facet-test", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return tc
}

func (tc *testClient) notifications() int {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	return tc.listChanged
}

// settle waits until every notification in flight has arrived: the test
// runs in a synctest bubble (the server, its sessions and the in-process
// client are its goroutines), and once an hour of its clock has passed
// (every timer due has fired) and all of them are idle, nothing more is
// on its way.
func (tc *testClient) settle() {
	time.Sleep(time.Hour)
	synctest.Wait()
}

func (tc *testClient) call(name string, args map[string]any) *sdk.CallToolResult {
	tc.t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := tc.c.CallTool(context.Background(), req)
	if err != nil {
		tc.t.Fatalf("call %s: protocol error: %v", name, err)
	}
	return res
}

func (tc *testClient) callErr(name string, args map[string]any) error {
	req := sdk.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	_, err := tc.c.CallTool(context.Background(), req)
	return err
}

func (tc *testClient) tools() []string {
	tc.t.Helper()
	res, err := tc.c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		tc.t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	return names
}

func (tc *testClient) tool(name string) sdk.Tool {
	tc.t.Helper()
	res, err := tc.c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		tc.t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Name == name {
			return tl
		}
	}
	tc.t.Fatalf("tool %s not listed", name)
	return sdk.Tool{}
}

func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func structured(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return m
}

func mustOK(t *testing.T, res *sdk.CallToolResult) *sdk.CallToolResult {
	t.Helper()
	if res.IsError {
		t.Fatalf("unexpected error result: %s", text(res))
	}
	return res
}

func mustErr(t *testing.T, res *sdk.CallToolResult, contains ...string) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want an error result, got: %s", text(res))
	}
	for _, c := range contains {
		if !strings.Contains(text(res), c) {
			t.Fatalf("error %q does not mention %q", text(res), c)
		}
	}
}
