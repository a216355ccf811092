package mcpnode

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/identity"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// principalNode is joinMCP's node serving MCP over HTTP to clients that
// authenticate with tokens.
func principalNode(t *testing.T, name, url string, tokens *identity.Tokens) (*member, string) {
	t.Helper()
	m := join(t, name, url)
	srv, err := mcp.New(mcp.Options{
		Sessions: m.reg, Cluster: m.mn, CallTimeout: testTimeout,
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return clustertest.Counter{} }}},
		Auth: mcp.AuthOptions{AllowedTools: []string{"*"}, AllowedReadMethods: []string{"*"}},
		HTTP: mcp.HTTPOptions{Authenticator: tokens},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	h, err := srv.Handler()
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: h}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	return m, "http://" + ln.Addr().String() + "/mcp"
}

// statelessAs is mcp-go's client speaking 2026-07-28 to url with token.
func statelessAs(t *testing.T, url, token string) *client.Client {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url, transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	req := sdk.InitializeRequest{}
	req.Params.ClientInfo = sdk.Implementation{Name: "principal-test", Version: "1"}
	if res, err := c.Initialize(ctx, req); err != nil || res.ProtocolVersion != sdk.ProtocolVersion20260728 {
		t.Fatalf("initialize: %v %v", res, err)
	}
	return c
}

func callAs(t *testing.T, c *client.Client, tool string, args map[string]any) (string, bool) {
	t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var b strings.Builder
	for _, ct := range res.Content {
		if tc, ok := ct.(sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// TestAPrincipalDrivesItsSessionsThroughAnyNode: a principal's private
// session, started through one node, is listed, driven and stopped
// through another with stateless requests; another principal reaches it
// through neither.
func TestAPrincipalDrivesItsSessionsThroughAnyNode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("alice alice-0123456789abcdef0123456789abcdef\nbob bob-0123456789abcdef0123456789abcdef00\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := identity.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	a, urlA := principalNode(t, "a", "", tokens)
	b, urlB := principalNode(t, "b", a.ClientURL(), tokens)
	aliceA := statelessAs(t, urlA, "alice-0123456789abcdef0123456789abcdef")
	aliceB := statelessAs(t, urlB, "alice-0123456789abcdef0123456789abcdef")
	bobB := statelessAs(t, urlB, "bob-0123456789abcdef0123456789abcdef00")

	if text, isErr := callAs(t, aliceA, "facet_start", map[string]any{"app": "counter", "id": "mine"}); isErr {
		t.Fatalf("facet_start on a: %s", text)
	}
	seen(t, b, "mine")
	if list, _ := callAs(t, aliceB, "facet_list", nil); !strings.Contains(list, "mine") {
		t.Fatalf("alice's facet_list on b does not list her session on a:\n%s", list)
	}
	if list, _ := callAs(t, bobB, "facet_list", nil); strings.Contains(list, "mine") {
		t.Fatalf("bob's facet_list on b lists alice's private session:\n%s", list)
	}
	if text, isErr := callAs(t, aliceB, "facet_act", map[string]any{"session": "mine", "widget": "inc", "action": "click"}); isErr {
		t.Fatalf("alice's click through b: %s", text)
	}
	sess, _ := a.reg.Get("mine")
	if got := sess.Snapshot().Model.(clustertest.Counter).N; got != 1 {
		t.Fatalf("after alice's click through b the count is %d", got)
	}
	if text, isErr := callAs(t, bobB, "facet_act", map[string]any{"session": "mine", "widget": "inc", "action": "click"}); !isErr {
		t.Fatalf("bob clicked alice's session through b: %s", text)
	}
	if text, isErr := callAs(t, aliceB, "facet_stop", map[string]any{"id": "mine"}); isErr {
		t.Fatalf("alice's facet_stop through b: %s", text)
	}
	if _, running := a.reg.Get("mine"); running {
		t.Fatal("alice's session still runs after her facet_stop through b")
	}
}
