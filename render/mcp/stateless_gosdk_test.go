package mcp

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// bearer adds a bearer token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// TestTheOfficialGoSDKSpeaksTheStatelessProtocol: the official Go SDK's
// client (v1.8.0) connects with a bearer token, negotiates 2026-07-28,
// and starts, drives and stops a session of its principal's.
func TestTheOfficialGoSDKSpeaksTheStatelessProtocol(t *testing.T) {
	_, url, _ := authServer(t, HTTPOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := gosdk.NewClient(&gosdk.Implementation{Name: "go-sdk-test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &gosdk.StreamableClientTransport{Endpoint: url + "/mcp",
		HTTPClient: &http.Client{Transport: bearer{token: aliceToken, next: http.DefaultTransport}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("the Go SDK negotiated %q; want 2026-07-28", v)
	}
	call := func(name string, args map[string]any) string {
		t.Helper()
		res, err := cs.CallTool(ctx, &gosdk.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*gosdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		if res.IsError {
			t.Fatalf("%s: %s", name, b.String())
		}
		return b.String()
	}
	call("facet_start", map[string]any{"app": "counter", "id": "gs"})
	call("gs.inc.click", map[string]any{})
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tl := range tools.Tools {
		found = found || tl.Name == "gs.inc.click"
	}
	if !found {
		t.Fatal("the Go SDK's tools/list lacks its session's tools")
	}
	if list := call("facet_list", nil); !strings.Contains(list, "gs") {
		t.Fatalf("facet_list: %s", list)
	}
	call("facet_stop", map[string]any{"id": "gs"})
}
