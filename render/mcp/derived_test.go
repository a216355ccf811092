package mcp

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
)

func TestStoppedSessionsTakeTheirBreakersAlong(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	for i := 0; i < derive.BreakerThreshold; i++ {
		mustErr(t, tc.call("demo.boom.click", nil), "panicked")
	}
	mustErr(t, tc.call("demo.boom.click", nil), "temporarily unavailable")
	mustOK(t, tc.call("facet_stop", map[string]any{"id": "demo"}))
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	mustErr(t, tc.call("demo.boom.click", nil), "panicked")
}

func TestDefaultSessionIDFits(t *testing.T) {
	long := strings.Repeat("x", 40)
	cases := map[string]string{"search": "search", "my app.v2": "my_app_v2", "": "app"}
	for in, want := range cases {
		if got := DefaultSessionID(in); got != want {
			t.Errorf("DefaultSessionID(%q) = %q, want %q", in, got, want)
		}
	}
	got := DefaultSessionID(long)
	if len(got) != 32 || !tea.ValidID(got) || !strings.HasPrefix(got, strings.Repeat("x", 23)+"_") {
		t.Fatalf("DefaultSessionID(40 x) = %q", got)
	}
}

func TestGoCallersMayUseAnyValidID(t *testing.T) {
	srv := newTestServer(t, Options{})
	if _, err := srv.StartSession(context.Background(), "My-Session_1", "counter", &counter{}); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.StartSession(context.Background(), "has.dot", "counter", &counter{}); err == nil {
		t.Fatal("a dotted id was accepted")
	}
}

func TestTransportKeysInSchemasAreRefused(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	bad := probe{id: "q", kind: "k", actions: []tea.Action{{Name: "go", InputSchema: map[string]any{
		"type": "object", "properties": map[string]any{"a": map[string]any{"type": "object", "x-mcp-header": "X-A"}}}}}}
	good := probe{id: "ok", kind: "k", actions: []tea.Action{{Name: "go"}}}
	app := &switcher{views: []tea.Node{good, tea.Column{Items: []tea.Node{good, bad}}}}
	sess, err := srv.StartSession(context.Background(), "sw", "switcher", app)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Dispatch(context.Background(), nextView{}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("sw.ok.go", nil)) // the server is alive and serving
	if slices.Contains(tc.tools(), "sw.q.go") {
		t.Fatal("a spec with an x-mcp-header key was registered")
	}
	if _, err := derive.CleanSchema(map[string]any{"X-MCP-Header": "h"}); !errors.Is(err, derive.ErrBadSpec) {
		t.Fatalf("CleanSchema: %v", err)
	}
}
