package mcp

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// hostApp is an application's own mcp-go server, with one resource of its
// own, that Facet is mounted on.
func hostApp(t *testing.T) *server.MCPServer {
	t.Helper()
	host := server.NewMCPServer("host-app", "1",
		server.WithHooks(&server.Hooks{}),
		server.WithToolCapabilities(true),
		server.WithResourceCapabilities(true, true))
	host.AddResource(sdk.NewResource("app://readme", "readme"), func(context.Context, sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
		return []sdk.ResourceContents{sdk.TextResourceContents{URI: "app://readme", Text: "hello"}}, nil
	})
	return host
}

// hostClient is an in-process client of host speaking the stateful
// protocol, where resources/subscribe is an RPC; it collects resource
// updates.
type hostClient struct {
	c       *client.Client
	mu      sync.Mutex
	updated []string // URIs of notifications/resources/updated, in order
}

func connectHost(t *testing.T, host *server.MCPServer) *hostClient {
	t.Helper()
	c, err := client.NewInProcessClient(host)
	if err != nil {
		t.Fatal(err)
	}
	hc := &hostClient{c: c}
	c.OnNotification(func(n sdk.JSONRPCNotification) {
		if n.Method == methodUpdated {
			uri, _ := n.Params.AdditionalFields["uri"].(string)
			hc.mu.Lock()
			hc.updated = append(hc.updated, uri)
			hc.mu.Unlock()
		}
	})
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = sdk.Implementation{Name: "host-client", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return hc
}

func (hc *hostClient) read(uri string) (string, error) {
	req := sdk.ReadResourceRequest{}
	req.Params.URI = uri
	res, err := hc.c.ReadResource(context.Background(), req)
	if err != nil {
		return "", err
	}
	if len(res.Contents) != 1 {
		return "", errors.New("not one content")
	}
	text, _ := res.Contents[0].(sdk.TextResourceContents)
	return text.Text, nil
}

func (hc *hostClient) resources(t *testing.T) []string {
	t.Helper()
	res, err := hc.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range res.Resources {
		uris = append(uris, r.URI)
	}
	return uris
}

func (hc *hostClient) templates(t *testing.T) string {
	t.Helper()
	res, err := hc.c.ListResourceTemplates(context.Background(), sdk.ListResourceTemplatesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, tm := range res.ResourceTemplates {
		b, _ := tm.URITemplate.MarshalJSON()
		all = append(all, string(b))
	}
	return strings.Join(all, " ")
}

func (hc *hostClient) subscribe(uri string) error {
	req := sdk.SubscribeRequest{}
	req.Params.URI = uri
	//lint:ignore SA1019 the host carries the stateful protocol's subscribe RPC, not subscriptions/listen
	return hc.c.Subscribe(context.Background(), req)
}

func (hc *hostClient) updates() []string {
	hc.mu.Lock()
	defer hc.mu.Unlock()
	return append([]string(nil), hc.updated...)
}

// noContext is a ReadAuthorizer that refuses to read or subscribe to any
// session's context and allows every other read.
func noContext(method string, params map[string]any, _ AuthContext) Decision {
	if uri, _ := params["uri"].(string); strings.HasSuffix(uri, contextSuffix) {
		return Deny("no context for you")
	}
	return Allow()
}

func TestMountServesFacetResourcesOnTheHostThroughTheReadAuthorizer(t *testing.T) {
	ctx := context.Background()
	srv := newTestServer(t, Options{Auth: AuthOptions{ReadAuthorizer: noContext}})
	if _, err := srv.StartSession(ctx, "before", "counter", &counter{}); err != nil {
		t.Fatal(err)
	}
	host := hostApp(t)
	if err := srv.Mount(host); err != nil {
		t.Fatal(err)
	}
	after, err := srv.StartSession(ctx, "after", "counter", &counter{})
	if err != nil {
		t.Fatal(err)
	}
	hc := connectHost(t, host)

	// Listed: the host's own resource, and each session's, whether it
	// started before Mount or after; templates too.
	listed := strings.Join(hc.resources(t), " ")
	for _, want := range []string{"app://readme", WidgetsURI("before"), WidgetsURI("after"), ContextURI("after"), ModelURI("after", "count")} {
		if !strings.Contains(listed, want) {
			t.Fatalf("the host lists %s, without %s", listed, want)
		}
	}
	if got := hc.templates(t); !strings.Contains(got, templateWidgets) || !strings.Contains(got, templateModel) {
		t.Fatalf("the host's templates are %s, without Facet's", got)
	}

	// Read: what Facet's own server answers; a denied read is refused.
	for _, tt := range []struct {
		uri, want, refused string
	}{
		{uri: WidgetsURI("after"), want: `"session":"after"`},
		{uri: ModelURI("before", "count"), want: `"count":0`},
		{uri: "app://readme", want: "hello"},
		{uri: ContextURI("after"), refused: "no context for you"},
		{uri: WidgetsURI("ghost"), refused: "not running"},
	} {
		got, err := hc.read(tt.uri)
		switch {
		case tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)):
			t.Errorf("read %s answered %q, %v; want refused with %q", tt.uri, got, err, tt.refused)
		case tt.refused == "" && (err != nil || !strings.Contains(got, tt.want)):
			t.Errorf("read %s answered %q, %v; want %s", tt.uri, got, err, tt.want)
		}
	}

	// Subscribed: a change reaches the host's client; a denied
	// subscription is refused.
	if err := hc.subscribe(ModelURI("after", "count")); err != nil {
		t.Fatalf("subscribe: %v", err)
	}
	if err := hc.subscribe(ContextURI("after")); err == nil || !strings.Contains(err.Error(), "no context for you") {
		t.Fatalf("a denied subscription answered %v", err)
	}
	if _, err := after.Dispatch(ctx, incMsg{}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(strings.Join(hc.updates(), " "), ModelURI("after", "count")) {
		if time.Now().After(deadline) {
			t.Fatalf("no update reached the subscriber; got %v", hc.updates())
		}
		time.Sleep(10 * time.Millisecond)
	}

	// A stopped session's resources leave the host; after Close every
	// mounted read denies.
	if err := srv.Sessions().Stop("before"); err != nil {
		t.Fatal(err)
	}
	for strings.Contains(strings.Join(hc.resources(t), " "), WidgetsURI("before")) {
		if time.Now().After(deadline) {
			t.Fatal("a stopped session's resources stay on the host")
		}
		time.Sleep(10 * time.Millisecond)
	}
	srv.Close()
	if got, err := hc.read(WidgetsURI("after")); err == nil || !strings.Contains(err.Error(), "stopped") {
		t.Fatalf("after Close a mounted read answered %q, %v", got, err)
	}
	if got, err := hc.read("app://readme"); err != nil || got != "hello" {
		t.Fatalf("after Close the host's own resource answered %q, %v", got, err)
	}
}

func TestMountedListsFollowTheReadAuthorizer(t *testing.T) {
	tests := []struct {
		name          string
		deny          string // the read method the authorizer denies
		wantResources bool
		wantTemplates bool
	}{
		{"all allowed", "", true, true},
		{"resources/list denied", "resources/list", false, true},
		{"resources/templates/list denied", "resources/templates/list", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newTestServer(t, Options{Auth: AuthOptions{ReadAuthorizer: func(method string, _ map[string]any, _ AuthContext) Decision {
				if method == tt.deny {
					return Deny("not " + method)
				}
				return Allow()
			}}})
			if _, err := srv.StartSession(context.Background(), "demo", "counter", &counter{}); err != nil {
				t.Fatal(err)
			}
			host := hostApp(t)
			if err := srv.Mount(host); err != nil {
				t.Fatal(err)
			}
			hc := connectHost(t, host)
			listed := strings.Join(hc.resources(t), " ")
			if !strings.Contains(listed, "app://readme") {
				t.Fatalf("the host's own resource is gone: %s", listed)
			}
			if got := strings.Contains(listed, WidgetsURI("demo")); got != tt.wantResources {
				t.Fatalf("Facet's resources listed: %v, want %v (%s)", got, tt.wantResources, listed)
			}
			if got := strings.Contains(hc.templates(t), templateWidgets); got != tt.wantTemplates {
				t.Fatalf("Facet's templates listed: %v, want %v", got, tt.wantTemplates)
			}
		})
	}
}

func TestMountNeedsAServerWithHooks(t *testing.T) {
	srv := newTestServer(t, Options{})
	bare := server.NewMCPServer("host-app", "1", server.WithToolCapabilities(true))
	err := srv.Mount(bare)
	if !errors.Is(err, ErrNoHooks) {
		t.Fatalf("Mount on a server without hooks answered %v, want ErrNoHooks", err)
	}
	if len(bare.ListTools()) != 0 || len(bare.ListResources()) != 0 {
		t.Fatal("a refused Mount mounted something")
	}
}

func TestMountedResourcesKeepSessionOwnership(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll(), ReadAuthorizer: noContext}})
	host := hostApp(t)
	if err := srv.Mount(host); err != nil {
		t.Fatal(err)
	}
	starter, other := connectHost(t, host), connectHost(t, host)
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_start"
	req.Params.Arguments = map[string]any{"app": "counter", "id": "mine"}
	if res, err := starter.c.CallTool(context.Background(), req); err != nil || res.IsError {
		t.Fatalf("facet_start through the host: %v %v", res, err)
	}
	tests := []struct {
		name  string
		hc    *hostClient
		reach bool
	}{
		{"the connection that started it", starter, true},
		{"another connection", other, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Contains(strings.Join(tt.hc.resources(t), " "), WidgetsURI("mine")); got != tt.reach {
				t.Fatalf("the session's resources listed: %v, want %v", got, tt.reach)
			}
			_, err := tt.hc.read(WidgetsURI("mine"))
			if tt.reach && err != nil {
				t.Fatalf("its starter cannot read it: %v", err)
			}
			if !tt.reach && (err == nil || !strings.Contains(err.Error(), "another client and not shared")) {
				t.Fatalf("another connection read it: %v", err)
			}
			if err := tt.hc.subscribe(WidgetsURI("mine")); (err == nil) != tt.reach {
				t.Fatalf("subscribe answered %v, want reachable %v", err, tt.reach)
			}
		})
	}
}

func (hc *hostClient) tools(t *testing.T) map[string]bool {
	t.Helper()
	res, err := hc.c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tl := range res.Tools {
		names[tl.Name] = true
	}
	return names
}

func (hc *hostClient) mustCall(t *testing.T, name string, args map[string]any) {
	t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := hc.c.CallTool(context.Background(), req)
	if err != nil || res.IsError {
		t.Fatalf("%s through the host: %+v %v", name, res, err)
	}
}

// TestMountedToolsFollowEachConnectionsReach: the host's tools/list shapes
// Facet's tools per connection as Facet's own server does (another
// connection's unshared session and tools the policy does not allow are
// left out; the host's own tools stay), and a host connection that ends
// takes its unshared sessions and its agent with it.
func TestMountedToolsFollowEachConnectionsReach(t *testing.T) {
	srv := newTestServer(t, Options{Auth: AuthOptions{AllowedTools: []string{"facet_start", "facet_list", "mine.*", "pub.*"}}})
	host := hostApp(t)
	host.AddTool(sdk.Tool{Name: "host_echo", InputSchema: sdk.ToolInputSchema{Type: "object"}}, func(context.Context, sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return sdk.NewToolResultText("echo"), nil
	})
	if err := srv.Mount(host); err != nil {
		t.Fatal(err)
	}
	starter, other := connectHost(t, host), connectHost(t, host)
	starter.mustCall(t, "facet_start", map[string]any{"app": "counter", "id": "mine"})
	starter.mustCall(t, "facet_start", map[string]any{"app": "counter", "id": "pub", "shared": true})
	starter.mustCall(t, "mine.inc.click", map[string]any{})
	starter.mustCall(t, "pub.inc.click", map[string]any{})

	tests := []struct {
		name   string
		hc     *hostClient
		listed map[string]bool
	}{
		{"the connection that started them", starter, map[string]bool{
			"host_echo": true, "facet_start": true, "facet_stop": false, "mine.inc.click": true, "pub.inc.click": true}},
		{"another connection", other, map[string]bool{
			"host_echo": true, "facet_start": true, "facet_stop": false, "mine.inc.click": false, "mine.discover_tools": false, "pub.inc.click": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.hc.tools(t)
			for name, want := range tt.listed {
				if got[name] != want {
					t.Errorf("%s listed: %v, want %v (list: %v)", name, got[name], want, got)
				}
			}
		})
	}

	starterAgent := ""
	if pub, ok := srv.Sessions().Get("pub"); ok {
		if agents := pub.Snapshot().Presence.Agents; len(agents) == 1 {
			starterAgent = agents[0]
		}
	}
	if starterAgent == "" {
		t.Fatal("the starter's agent is not attached to its shared session")
	}
	if err := starter.c.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, mine := srv.Sessions().Get("mine")
		pub, shared := srv.Sessions().Get("pub")
		var agents []string
		if shared {
			agents = pub.Snapshot().Presence.Agents
		}
		if !mine && shared && len(agents) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the host connection ended: its unshared session running %v, its shared one running %v with agents %v; want the first stopped and the second kept, detached", mine, shared, agents)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
