package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// login is an app with a secret in its model and a masked input on screen.
type login struct {
	Email    string
	Password string
}

func (l *login) Init() tea.Cmd { return nil }
func (l *login) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *l
	if m, ok := msg.(widgets.TextChanged); ok {
		switch m.ID {
		case "email":
			n.Email = m.Value
		case "password":
			n.Password = m.Value
		}
	}
	return &n, nil
}
func (l *login) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.TextInput{ID: "email", Label: "Email", Value: l.Email},
		widgets.TextInput{ID: "password", Label: "Password", Value: l.Password, Mask: '•'},
	}}
}

const secret = "hunter2-s3cret"

func securityApps() []App {
	return append(testApps(), App{Name: "login", New: func() tea.Model { return &login{Password: secret} }})
}

func structuredError(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want a refusal, got %s", text(res))
	}
	m := structured(t, res)
	code, _ := m["error"].(string)
	return code
}

// TestSecurityMatrix names each rule and proves it through the transport:
// the rules about configuration once, the rules a client meets through
// each of clientTransports (mcp-go's in-process client and a real HTTP
// client on loopback), against the same server options.
func TestSecurityMatrix(t *testing.T) {
	t.Run("development default allows all, as a default", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps()})
		if p := srv.Policy(); p.Source != SourceDefault || p.Tools == nil || p.Reads != nil {
			t.Fatalf("policy %+v", p)
		}
	})
	t.Run("read-method lists do not count as configured", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), AllowedReadMethods: []string{"tools/list"}})
		if srv.Policy().Source != SourceDefault {
			t.Fatal("AllowedReadMethods made the tool policy configured")
		}
	})
	t.Run("unknown policy fails at startup naming the option", func(t *testing.T) {
		_, err := New(Options{Apps: securityApps(), Policy: "allow-some"})
		var ce *ConfigError
		if !errors.As(err, &ce) || ce.Option != "Policy" {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("no authorizer refuses to boot with sensitive static tools", func(t *testing.T) {
		_, err := New(Options{Apps: securityApps(), Unguarded: true})
		if err == nil || !strings.Contains(err.Error(), "facet_start") || !strings.Contains(err.Error(), "facet_get_model") {
			t.Fatalf("err = %v", err)
		}
	})
	for _, tr := range clientTransports {
		t.Run(tr.name(), func(t *testing.T) { securityRules(t, tr) })
	}
}

// refusedOverNetwork reports whether tr refused to serve with a
// ConfigError naming option, as a network transport must for a server its
// operator has not configured for the network; it fails the test if tr
// served (or refused) when it must not have.
func refusedOverNetwork(t *testing.T, tr clientTransport, err error, option string) bool {
	t.Helper()
	network := tr.kind() != TransportUnknown
	var ce *ConfigError
	switch {
	case !network && err != nil:
		t.Fatalf("%s refused: %v", tr.name(), err)
	case network && (!errors.As(err, &ce) || ce.Option != option):
		t.Fatalf("%s: err = %v, want the server to refuse to serve, naming %s", tr.name(), err, option)
	}
	return network
}

// securityRules are TestSecurityMatrix's rules that a client meets, made
// through tr. Each server is configured for the network (a tool policy
// and a read policy of the operator's) unless the rule is about a server
// that is not, which a network transport must refuse to serve.
func securityRules(t *testing.T, tr clientTransport) {
	reads := []string{"tools/list"}
	t.Run("production unconfigured runs nothing and lists nothing", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Production: true})
		if p := srv.Policy(); p.Source != SourceDefault {
			t.Fatalf("source = %s", p.Source)
		}
		tc, err := tr.connect(t, srv)
		if refusedOverNetwork(t, tr, err, "Authorizer") {
			return
		}
		if tools := tc.tools(); len(tools) != 0 {
			t.Fatalf("production default lists %v", tools)
		}
		res := tc.call("facet_list", nil)
		if code := structuredError(t, res); code != CodeAuthorizationRequired {
			t.Fatalf("code = %q", code)
		}
		_, err = tc.c.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: "facet://session/x/widgets"}})
		if err == nil || !strings.Contains(err.Error(), "resources/read") || !strings.Contains(err.Error(), CodeAuthorizationRequired) {
			t.Fatalf("resources/read in production default: %v", err)
		}
	})
	t.Run("production's default reads do not open the network", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Production: true, AllowedTools: []string{"facet_list"}})
		tc, err := tr.connect(t, srv)
		if refusedOverNetwork(t, tr, err, "ReadAuthorizer") {
			return
		}
		mustOK(t, tc.call("facet_list", nil))
	})
	t.Run("facet_start lists only the tools the caller may call", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Production: true, AllowedTools: []string{"facet_start", "demo.inc.click"}, AllowedReadMethods: reads})
		tc := mustConnect(t, tr, srv)
		st := structured(t, mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"})))
		if tools, _ := st["tools"].([]any); len(tools) != 1 || tools[0] != "demo.inc.click" {
			t.Fatalf("facet_start listed %v", st["tools"])
		}
	})
	t.Run("configuration binds in production", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Production: true, AllowedTools: []string{"facet_list"}, AllowedReadMethods: reads})
		tc := mustConnect(t, tr, srv)
		mustOK(t, tc.call("facet_list", nil))
		if code := structuredError(t, tc.call("facet_start", map[string]any{"app": "counter"})); code != CodeAuthorizationRequired {
			t.Fatal(code)
		}
		if tools := tc.tools(); len(tools) != 1 || tools[0] != "facet_list" {
			t.Fatalf("listed %v", tools)
		}
	})
	t.Run("configuration binds outside production", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), AllowedTools: []string{}, AllowedReadMethods: reads})
		if srv.Policy().Source != SourceConfigured {
			t.Fatal("an empty allowed-tools list is a configured choice")
		}
		tc := mustConnect(t, tr, srv)
		structuredError(t, tc.call("facet_list", nil))
		if tools := tc.tools(); len(tools) != 0 {
			t.Fatalf("an empty allowed-tools list lists %v", tools)
		}
	})
	t.Run("no authorizer: reads work, writes and secrets are refused", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Unguarded: true, ReadOnly: true})
		if _, err := srv.StartSession(context.Background(), "lg", "login", &login{Email: "a@b.co", Password: secret}); err != nil {
			t.Fatal(err)
		}
		tc, err := tr.connect(t, srv)
		if refusedOverNetwork(t, tr, err, "Authorizer") {
			return
		}
		tools := tc.tools()
		if slices.Contains(tools, "facet_get_model") || slices.Contains(tools, "facet_start") {
			t.Fatalf("read-only listing has sensitive static tools: %v", tools)
		}
		if slices.Contains(tools, "lg.password.get_value") {
			t.Fatal("a masked input derived get_value")
		}
		res := mustOK(t, tc.call("lg.email.get_value", nil))
		if !strings.Contains(text(res), "a@b.co") {
			t.Fatal(text(res))
		}
		if code := structuredError(t, tc.call("lg.email.type_into", map[string]any{"text": "x"})); code != CodeSensitiveUnguarded {
			t.Fatalf("code = %q", code)
		}
		if code := structuredError(t, tc.call("facet_act", map[string]any{"session": "lg", "widget": "email", "action": "clear"})); code != CodeSensitiveUnguarded {
			t.Fatalf("facet_act reached a write without an authorizer: %q", code)
		}
		if shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "lg"}))); strings.Contains(shot, secret) || !strings.Contains(shot, "Password: [‹masked›") {
			t.Fatalf("screenshot leaks or lacks the mask:\n%s", shot)
		}
	})
	t.Run("masked values leave only through get_model", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Authorizer: AllowAll(), AllowedReadMethods: reads})
		tc := mustConnect(t, tr, srv)
		mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "lg"}))
		for _, name := range tc.tools() {
			if strings.HasPrefix(name, "lg.password.get") {
				t.Fatalf("masked input offers %s", name)
			}
		}
		if shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "lg"}))); strings.Contains(shot, secret) {
			t.Fatal("screenshot shows the secret")
		}
		if d := text(mustOK(t, tc.call("lg.discover_tools", nil))); strings.Contains(d, secret) {
			t.Fatal("discover_tools shows the secret")
		}
		if sensitive := tc.tool("facet_get_model").Meta; sensitive == nil || sensitive.AdditionalFields["sensitive"] != true {
			t.Fatal("facet_get_model is not marked sensitive")
		}
	})
	t.Run("authorizer panic denies one call, the server keeps serving", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), AllowedReadMethods: reads, Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
			if tool == "facet_screenshot" {
				panic("policy bug")
			}
			return Allow()
		}})
		tc := mustConnect(t, tr, srv)
		tools := tc.tools()
		if slices.Contains(tools, "facet_screenshot") || !slices.Contains(tools, "facet_list") {
			t.Fatalf("a panic must cost that tool its listing only: %v", tools)
		}
		res := tc.call("facet_screenshot", map[string]any{"id": "x"})
		if code := structuredError(t, res); code != CodeAuthorizationRequired || !strings.Contains(text(res), "panicked") {
			t.Fatalf("%q: %s", code, text(res))
		}
		if strings.Contains(text(res), "policy bug") {
			t.Fatalf("the panic's value reached the client: %s", text(res))
		}
		mustOK(t, tc.call("facet_list", nil))
	})
	t.Run("deny carries the tool, the decision and the reason", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), AllowedReadMethods: reads, Authorizer: func(string, map[string]any, AuthContext) Decision { return Deny("not on Sundays") }})
		tc := mustConnect(t, tr, srv)
		m := structured(t, tc.call("facet_list", nil))
		if m["error"] != CodeAuthorizationRequired || m["tool"] != "facet_list" || m["decision"] != "deny" || m["reason"] != "not on Sundays" {
			t.Fatalf("refusal %v", m)
		}
	})
	t.Run("ask without elicitation denies; ask is hidden from the list", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), AllowedReadMethods: reads, Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
			if tool == "facet_list" {
				return Ask("List sessions?")
			}
			return Allow()
		}})
		tc := mustConnect(t, tr, srv)
		if slices.Contains(tc.tools(), "facet_list") {
			t.Fatal("an Ask tool was listed")
		}
		m := structured(t, tc.call("facet_list", nil))
		if m["decision"] != "ask" || !strings.Contains(m["reason"].(string), "elicitation") {
			t.Fatalf("refusal %v", m)
		}
	})
	t.Run("ask with elicitation runs on accept, denies on decline", func(t *testing.T) {
		for _, c := range []struct {
			action sdk.ElicitationResponseAction
			ok     bool
		}{{sdk.ElicitationResponseActionAccept, true}, {sdk.ElicitationResponseActionDecline, false}, {sdk.ElicitationResponseActionCancel, false}} {
			srv := newTestServer(t, Options{Apps: securityApps(), AllowedReadMethods: reads, Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
				return Ask("Allow " + tool + "?")
			}})
			h := &elicitor{action: c.action}
			tc := mustConnect(t, tr, srv, client.WithElicitationHandler(h))
			res := tc.call("facet_list", nil)
			if res.IsError == c.ok {
				t.Fatalf("%s: result %s", c.action, text(res))
			}
			if h.prompt() != "Allow facet_list?" {
				t.Fatalf("prompt = %q", h.prompt())
			}
		}
	})
	t.Run("read authorizer gates methods without echoing an ask prompt", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Authorizer: AllowAll(), ReadAuthorizer: func(method string, _ map[string]any, _ AuthContext) Decision {
			switch method {
			case "tools/list":
				return Allow()
			case "resources/list":
				return Ask("secret prompt text")
			}
			return Deny("reads are closed")
		}})
		tc := mustConnect(t, tr, srv)
		tc.tools()
		_, err := tc.c.ListResources(context.Background(), sdk.ListResourcesRequest{})
		if err == nil || strings.Contains(err.Error(), "secret prompt text") || !strings.Contains(err.Error(), "resources/list") {
			t.Fatalf("ask on read: %v", err)
		}
		_, err = tc.c.ListPrompts(context.Background(), sdk.ListPromptsRequest{})
		if err == nil || !strings.Contains(err.Error(), "reads are closed") {
			t.Fatalf("deny on read: %v", err)
		}
	})
	t.Run("derived tools carry only true sensitive; SDK default hints are not applied", func(t *testing.T) {
		srv := newTestServer(t, Options{Apps: securityApps(), Authorizer: AllowAll(), AllowedReadMethods: reads})
		tc := mustConnect(t, tr, srv)
		mustOK(t, tc.call("facet_start", map[string]any{"app": "login", "id": "lg"}))
		w := tc.tool("lg.email.type_into")
		if w.Meta == nil || w.Meta.AdditionalFields["sensitive"] != true {
			t.Fatal("a write is not marked sensitive")
		}
		r := tc.tool("lg.email.get_value")
		if r.Meta != nil && r.Meta.AdditionalFields["sensitive"] != nil {
			t.Fatal("a read is marked sensitive")
		}
		// Facet's own hints, never the SDK's defaults (which would call
		// every tool destructive and open-world) nor a provider's claims.
		for _, c := range []struct {
			tool                  sdk.Tool
			readOnly, destructive *bool
		}{
			{w, nil, nil},
			{r, ptr(true), nil},
			{tc.tool("facet_screenshot"), ptr(true), nil},
			{tc.tool("facet_stop"), nil, ptr(true)},
		} {
			a := c.tool.Annotations
			if !samePtr(a.ReadOnlyHint, c.readOnly) || !samePtr(a.DestructiveHint, c.destructive) ||
				a.OpenWorldHint != nil || a.IdempotentHint != nil || c.tool.Title == "" {
				t.Fatalf("%s carries hints %+v", c.tool.Name, a)
			}
		}
	})
	t.Run("auth context holds only server-derived facts", func(t *testing.T) {
		var mu sync.Mutex
		var seen []AuthContext
		srv := newTestServer(t, Options{Apps: securityApps(), AllowedReadMethods: reads, Authorizer: func(_ string, _ map[string]any, ac AuthContext) Decision {
			mu.Lock()
			seen = append(seen, ac)
			mu.Unlock()
			return Allow()
		}})
		tc := mustConnect(t, tr, srv)
		req := sdk.CallToolRequest{}
		req.Params.Name = "facet_list"
		req.Params.Meta = &sdk.Meta{AdditionalFields: map[string]any{"transport": "stdio", "connection_id": "admin"}}
		if _, err := tc.c.CallTool(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		last := seen[len(seen)-1]
		if last.Transport != tr.kind() || last.ConnectionID == "admin" {
			t.Fatalf("auth context %+v took client assertions (want transport %q)", last, tr.kind())
		}
	})
}

type elicitor struct {
	mu     sync.Mutex
	action sdk.ElicitationResponseAction
	msg    string
}

func (e *elicitor) Elicit(_ context.Context, req sdk.ElicitationRequest) (*sdk.ElicitationResult, error) {
	e.mu.Lock()
	e.msg = req.Params.Message
	e.mu.Unlock()
	return &sdk.ElicitationResult{ElicitationResponse: sdk.ElicitationResponse{Action: e.action}}, nil
}

func (e *elicitor) prompt() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.msg
}

func TestNetworkBootGates(t *testing.T) {
	cases := []struct {
		name   string
		opts   Options
		option string
	}{
		{"default policy", Options{}, "Authorizer"},
		{"production default", Options{Production: true}, "Authorizer"},
		{"no read authorizer", Options{AllowedTools: []string{}}, "ReadAuthorizer"},
		{"production's default reads do not count", Options{Production: true, AllowedTools: []string{}}, "ReadAuthorizer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.opts.Apps = securityApps()
			srv := newTestServer(t, c.opts)
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			err = srv.ServeHTTPListener(context.Background(), ln)
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Option != c.option {
				t.Fatalf("err = %v, want a refusal naming %s", err, c.option)
			}
		})
	}
}

func TestHTTPTransportChecksOriginAndHostAndIsolatesConnections(t *testing.T) {
	var mu sync.Mutex
	conns := map[string]string{}
	srv := newTestServer(t, Options{Apps: securityApps(),
		Authorizer: func(tool string, _ map[string]any, ac AuthContext) Decision {
			mu.Lock()
			conns[ac.ConnectionID] = ac.Transport
			mu.Unlock()
			return Allow()
		},
		AllowedReadMethods: []string{"tools/list"},
	})
	base := serveLoopbackHTTP(t, srv)
	ctx := context.Background()

	post := func(origin, host string) int {
		body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
		req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("https://evil.example", ""); code != http.StatusForbidden {
		t.Fatalf("foreign Origin: %d", code)
	}
	if code := post("", "evil.example"); code != http.StatusForbidden {
		t.Fatalf("foreign Host (DNS rebinding): %d", code)
	}
	if code := post("http://localhost:3000", ""); code != http.StatusOK {
		t.Fatalf("loopback origin: %d", code)
	}

	for i := 0; i < 2; i++ {
		c, err := client.NewStreamableHttpClient(base+"/mcp", transport.WithHTTPHeaders(map[string]string{}))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		init := sdk.InitializeRequest{}
		init.Params.ProtocolVersion = "2025-06-18"
		init.Params.ClientInfo = sdk.Implementation{Name: "http-test", Version: "1"}
		if _, err := c.Initialize(ctx, init); err != nil {
			t.Fatal(err)
		}
		req := sdk.CallToolRequest{}
		req.Params.Name = "facet_list"
		if _, err := c.CallTool(ctx, req); err != nil {
			t.Fatal(err)
		}
		c.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	if len(conns) != 2 {
		t.Fatalf("connection ids seen: %v, want two distinct", conns)
	}
	for id, tr := range conns {
		if tr != TransportHTTP || id == "default" || id == "" {
			t.Fatalf("connection %q transport %q", id, tr)
		}
	}
}

func TestMountReentersThroughTheAuthorizer(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), AllowedTools: []string{"facet_list"}})
	host := server.NewMCPServer("host-app", "1", server.WithToolCapabilities(true), server.WithHooks(&server.Hooks{}))
	if err := srv.Mount(host); err != nil {
		t.Fatal(err)
	}
	tc := connect(t, &Server{sdk: host, reg: srv.reg})
	mustOK(t, tc.call("facet_list", nil))
	if code := structuredError(t, tc.call("facet_start", map[string]any{"app": "counter"})); code != CodeAuthorizationRequired {
		t.Fatal(code)
	}
	srv.Close()
	m := structured(t, tc.call("facet_list", nil))
	if m["error"] != CodeAuthorizationRequired || !strings.Contains(m["reason"].(string), "stopped") {
		t.Fatalf("a closed server's mounted tool answered %v", m)
	}
}

var _ = json.Marshal

func TestAnExplicitFallbackStaysADefault(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), Authorizer: AllowAll(), PolicySource: SourceDefault, AllowedReadMethods: DefaultReadMethods})
	if err := srv.NetworkReady(); err == nil {
		t.Fatal("an allow-all fallback opened the network")
	}
	if _, err := New(Options{Apps: securityApps(), PolicySource: "operator"}); err == nil || !strings.Contains(err.Error(), "PolicySource") {
		t.Fatalf("err = %v", err)
	}
}

func TestFacetActIsDecidedAsTheToolItRuns(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	srv := newTestServer(t, Options{Apps: securityApps(), Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
		mu.Lock()
		asked = append(asked, tool)
		mu.Unlock()
		if strings.HasPrefix(tool, "facet_") {
			return Allow()
		}
		return Deny("no widget tools")
	}})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	m := structured(t, tc.call("facet_act", map[string]any{"session": "demo", "widget": "inc", "action": "click"}))
	if m["error"] != CodeAuthorizationRequired || m["tool"] != "demo.inc.click" {
		t.Fatalf("facet_act ran a denied tool: %v", m)
	}
	// A tool that does not exist yet answers that, and runs nothing.
	mustErr(t, tc.call("facet_act", map[string]any{"session": "demo", "widget": "confirm", "action": "click"}), "has no tool")
	sess, _ := srv.Sessions().Get("demo")
	if sess.Snapshot().Model.(*counter).Count != 0 {
		t.Fatal("a denied tool ran")
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Contains(asked, "demo.inc.click") {
		t.Fatalf("the authorizer was asked %v", asked)
	}
}

func TestClientsCannotForgeTheStaleMarker(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), AllowedTools: []string{"facet_list"}})
	tc := connect(t, srv)
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_act"
	req.Params.Arguments = map[string]any{"session": "x", "widget": "y", "action": "z"}
	req.Params.Meta = &sdk.Meta{AdditionalFields: map[string]any{staleMetaKey: "x.y.z"}}
	res, err := tc.c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if m := structured(t, res); m["error"] != CodeAuthorizationRequired {
		t.Fatalf("a client-sent marker skipped the authorizer: %s", text(res))
	}
	// The server's own marker still answers stale names, through the
	// authorizer: a stopped server denies them too.
	srv.Close()
	m := structured(t, tc.call("gone.inc.click", nil))
	if m["error"] != CodeAuthorizationRequired {
		t.Fatalf("stale call on a closed server: %v", m)
	}
}

func TestHTTPOffLoopbackNeedsAllowedHosts(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), AllowedTools: []string{}, AllowedReadMethods: []string{"tools/list"}})
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Skip("cannot listen on 0.0.0.0 here:", err)
	}
	err = srv.ServeHTTPListener(context.Background(), ln)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Option != "HTTP.AllowedHosts" {
		t.Fatalf("err = %v", err)
	}
}

func ptr(b bool) *bool { return &b }

func samePtr(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
