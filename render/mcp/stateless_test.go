package mcp

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// statelessClient is mcp-go's client speaking 2026-07-28 over HTTP to
// url, sending token (if any) as a bearer token.
func statelessClient(t *testing.T, url, token string, opts ...client.ClientOption) (*client.Client, *sdk.InitializeResult) {
	t.Helper()
	headers := map[string]string{}
	if token != "" {
		headers["Authorization"] = "Bearer " + token
	}
	tr, err := transport.NewStreamableHTTP(url+"/mcp", transport.WithHTTPHeaders(headers))
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, opts...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = sdk.ProtocolVersion20260728
	req.Params.ClientInfo = sdk.Implementation{Name: "stateless-test", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return c, res
}

func callText(t *testing.T, c *client.Client, tool string, args map[string]any) (string, bool) {
	t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return text(res), res.IsError
}

func toolNamesOf(t *testing.T, c *client.Client) []string {
	t.Helper()
	res, err := c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// TestAPrincipalSpeaksTheStatelessProtocol: over HTTP, a client that
// authenticates speaks 2026-07-28: it starts, drives, reads, lists and
// stops its sessions request by request, with each session as its handle;
// another principal reaches none of them; list changes and resource
// updates reach it on a subscriptions/listen stream.
func TestAPrincipalSpeaksTheStatelessProtocol(t *testing.T) {
	srv, url, _ := authServer(t, HTTPOptions{})
	alice, res := statelessClient(t, url, aliceToken)
	bob, _ := statelessClient(t, url, bobToken)
	if res.ProtocolVersion != sdk.ProtocolVersion20260728 {
		t.Fatalf("negotiated %s; want the stateless %s", res.ProtocolVersion, sdk.ProtocolVersion20260728)
	}

	// Alice listens for her list changes and her session's model.
	changes := make(chan sdk.JSONRPCNotification, 64)
	alice.OnNotification(func(n sdk.JSONRPCNotification) { changes <- n })
	if text, isErr := callText(t, alice, "facet_start", map[string]any{"app": "counter", "id": "st"}); isErr {
		t.Fatalf("facet_start: %s", text)
	}
	stop, err := alice.ListenAsync(context.Background(), sdk.SubscriptionFilter{ToolsListChanged: true,
		ResourceSubscriptions: []string{ModelURI("st", "count")}}, func(err error) { t.Errorf("listen: %v", err) })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	waitFor := func(method, uri string) {
		t.Helper()
		deadline := time.After(5 * time.Second)
		for {
			select {
			case n := <-changes:
				if n.Method == method && (uri == "" || n.Params.AdditionalFields["uri"] == uri) {
					return
				}
			case <-deadline:
				t.Fatalf("no %s %s on the listen stream within 5 s", method, uri)
			}
		}
	}
	waitFor(string(sdk.MethodNotificationSubscriptionsAcknowledged), "")

	if text, isErr := callText(t, alice, "st.inc.click", nil); isErr {
		t.Fatalf("st.inc.click: %s", text)
	}
	waitFor(methodUpdated, ModelURI("st", "count"))
	read, err := alice.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: ModelURI("st", "count")}})
	if err != nil || len(read.Contents) != 1 || !strings.Contains(read.Contents[0].(sdk.TextResourceContents).Text, "1") {
		t.Fatalf("alice's read of her session's model: %+v %v", read, err)
	}
	if !containsName(toolNamesOf(t, alice), "st.inc.click") {
		t.Fatalf("alice's tools/list lacks her session's tools: %v", toolNamesOf(t, alice))
	}

	// Bob reaches none of it.
	if containsName(toolNamesOf(t, bob), "st.inc.click") {
		t.Fatal("bob's tools/list holds alice's session's tools")
	}
	if text, _ := callText(t, bob, "facet_list", nil); strings.Contains(text, `st`) && strings.Contains(text, "counter") {
		t.Fatalf("bob lists alice's session: %s", text)
	}
	if text, isErr := callText(t, bob, "st.inc.click", nil); !isErr {
		t.Fatalf("bob clicked alice's session: %s", text)
	}
	if _, err := bob.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: ContextURI("st")}}); err == nil {
		t.Fatal("bob read alice's session's context")
	}

	// Another session of alice's changes her list: she is told.
	callText(t, alice, "facet_start", map[string]any{"app": "counter", "id": "st2"})
	waitFor(string(sdk.MethodNotificationToolsListChanged), "")
	if text, isErr := callText(t, alice, "facet_stop", map[string]any{"id": "st2"}); isErr {
		t.Fatalf("facet_stop: %s", text)
	}
	if _, running := srv.Sessions().Get("st"); !running {
		t.Fatal("alice's session stopped between her requests")
	}
}

func containsName(names []string, want string) bool {
	for _, n := range names {
		if n == want {
			return true
		}
	}
	return false
}

// statelessPost posts one 2026-07-28 request, with the protocol headers
// (Mcp-Method and Mcp-Name as given), and returns the status and body.
func statelessPost(t *testing.T, url, token, method, nameHeader, params string) (int, string) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":7,"method":"` + method + `","params":` + params + `}`
	req, _ := http.NewRequest("POST", url+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set(sdk.HeaderProtocolVersion, sdk.ProtocolVersion20260728)
	req.Header.Set(sdk.HeaderMethod, method)
	if nameHeader != "" {
		req.Header.Set(sdk.HeaderName, nameHeader)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

const statelessMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`

func TestStatelessRequestsAreCheckedAndCachedPrivately(t *testing.T) {
	_, url, _ := authServer(t, HTTPOptions{})
	t.Run("the headers must agree with the body", func(t *testing.T) {
		code, body := statelessPost(t, url, aliceToken, "tools/call", "facet_stop", `{"name":"facet_list","arguments":{},`+statelessMeta+`}`)
		if code != http.StatusBadRequest || !strings.Contains(body, "Mcp-Name") {
			t.Fatalf("Mcp-Name facet_stop for a call of facet_list: %d %s", code, body)
		}
		code, body = statelessPost(t, url, aliceToken, "tools/call", "facet_list", `{"name":"facet_list","arguments":{},`+statelessMeta+`}`)
		if code != http.StatusOK || strings.Contains(body, `"isError":true`) {
			t.Fatalf("a well-formed stateless call: %d %s", code, body)
		}
	})
	t.Run("tools/list is the principal's, cached privately and briefly", func(t *testing.T) {
		code, body := statelessPost(t, url, aliceToken, "tools/list", "", `{`+statelessMeta+`}`)
		var r struct {
			Result struct {
				TTLMs      *int64 `json:"ttlMs"`
				CacheScope string `json:"cacheScope"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(body), &r); err != nil || code != http.StatusOK {
			t.Fatalf("tools/list: %d %s %v", code, body, err)
		}
		if r.Result.TTLMs == nil || *r.Result.TTLMs != 0 || r.Result.CacheScope != "private" {
			t.Fatalf("tools/list cache hints: ttlMs %v, cacheScope %q; want 0 and private", r.Result.TTLMs, r.Result.CacheScope)
		}
	})
}

// TestAnAnonymousStatelessRequestIsToldWhyAndWhatElse: without
// identities, a 2026-07-28 request is refused with the reason, the flag
// that enables it and the versions with sessions; mcp-go's client falls
// back to one of them and works.
func TestAnAnonymousStatelessRequestIsToldWhyAndWhatElse(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}}})
	url := serveLoopbackHTTP(t, srv)
	code, body := statelessPost(t, url, "", "tools/list", "", `{`+statelessMeta+`}`)
	var e struct {
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Data    struct {
				Supported []string `json:"supported"`
			} `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &e); err != nil || code != http.StatusBadRequest {
		t.Fatalf("%d %s %v", code, body, err)
	}
	if e.Error.Code != sdk.UNSUPPORTED_PROTOCOL_VERSION || !strings.Contains(e.Error.Message, "--http-tokens") || len(e.Error.Data.Supported) == 0 || containsName(e.Error.Data.Supported, sdk.ProtocolVersion20260728) {
		t.Fatalf("the refusal: %+v; want an unsupported-version error naming --http-tokens and the versions with sessions", e.Error)
	}
	c, res := statelessClient(t, url, "")
	if sdk.IsModernProtocol(res.ProtocolVersion) {
		t.Fatalf("an anonymous client negotiated %s", res.ProtocolVersion)
	}
	if text, isErr := callText(t, c, "facet_list", nil); isErr {
		t.Fatalf("facet_list after falling back: %s", text)
	}
}

// answering is a user who answers every elicitation with action, and
// counts the questions.
type answering struct {
	action sdk.ElicitationResponseAction
	mu     sync.Mutex
	asked  []string
}

func (a *answering) Elicit(_ context.Context, req sdk.ElicitationRequest) (*sdk.ElicitationResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req.Params.Message)
	return &sdk.ElicitationResult{ElicitationResponse: sdk.ElicitationResponse{Action: a.action}}, nil
}

// TestAStatelessCallAsksItsUserThroughInputRequired: an authorizer's Ask
// on a stateless call answers input_required with an elicitation; the
// client asks its user and calls again with the answer, which runs the
// call or refuses it.
func TestAStatelessCallAsksItsUserThroughInputRequired(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{AllowedReadMethods: []string{"*"}, Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
		if tool == "ask.inc.click" {
			return Ask("Let the agent press + on ask?")
		}
		return Allow()
	}},
		HTTP: HTTPOptions{Authenticator: tokensFile(t)},
	})
	url := serveLoopbackHTTP(t, srv)
	for _, tc := range []struct {
		action sdk.ElicitationResponseAction
		runs   bool
	}{
		{sdk.ElicitationResponseActionAccept, true},
		{sdk.ElicitationResponseActionDecline, false},
	} {
		t.Run(string(tc.action), func(t *testing.T) {
			user := &answering{action: tc.action}
			c, res := statelessClient(t, url, aliceToken, client.WithElicitationHandler(user))
			if res.ProtocolVersion != sdk.ProtocolVersion20260728 {
				t.Fatalf("negotiated %s", res.ProtocolVersion)
			}
			callText(t, c, "facet_start", map[string]any{"app": "counter", "id": "ask"})
			defer callText(t, c, "facet_stop", map[string]any{"id": "ask"})
			text, isErr := callText(t, c, "ask.inc.click", nil)
			user.mu.Lock()
			asked := slices.Clone(user.asked)
			user.mu.Unlock()
			if len(asked) != 1 || asked[0] != "Let the agent press + on ask?" {
				t.Fatalf("the user was asked %q; want the authorizer's prompt once", asked)
			}
			if isErr == tc.runs {
				t.Fatalf("answered %s: the call's error is %v: %s", tc.action, isErr, text)
			}
			if !tc.runs && !strings.Contains(text, "the user answered decline") {
				t.Fatalf("a declined call says %q", text)
			}
		})
	}
}
