package mcp

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The seed's network gate is "an authorizer is set and the operator
// configured it": a configured source with no authorizer at all
// (Unguarded) must not open the network.
func TestNetworkGateNeedsAnAuthorizerNotJustAConfiguredSource(t *testing.T) {
	srv := newTestServer(t, Options{
		Auth: AuthOptions{Unguarded: true, ReadOnly: true, PolicySource: SourceConfigured, AllowedReadMethods: []string{"tools/list"}},
	})
	if srv.guard.policy.Tools != nil {
		t.Fatal("Unguarded resolved an authorizer")
	}
	err := srv.NetworkReady()
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Option != "Auth.Authorizer" || !strings.Contains(err.Error(), "needs an authorizer") {
		t.Fatalf("NetworkReady = %v, want a ConfigError naming Authorizer", err)
	}
	if _, err := srv.Handler(); !errors.As(err, &ce) || ce.Option != "Auth.Authorizer" {
		t.Fatalf("Handler served with no authorizer: %v", err)
	}
}

// The seed: the session logs a tool refused for a client-name collision
// and offers it again on every render, so it registers once the name is
// free.
func TestARefusedToolIsRegisteredOnceItsNameIsFree(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	ctx := context.Background()
	// a.b_confirm.click reaches clients as a_b_confirm_click, which is
	// also the client name of a_b.confirm.click.
	holder := static{view: tea.Column{Items: []tea.Node{widgets.Button{ID: "b_confirm", Label: "ok", OnClick: incMsg{}}}}}
	if _, err := srv.StartSession(ctx, "a", "holder", holder); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.StartSession(ctx, "a_b", "counter", &counter{}); err != nil {
		t.Fatal(err)
	}
	// A derived write answers after its render's tools are synchronized.
	mustOK(t, tc.call("a_b.open.click", nil)) // a_b now shows its confirm
	if _, ok := srv.reg.Lookup("a_b.confirm.click"); ok {
		t.Fatal("a_b.confirm.click registered under a client name a holds")
	}
	mustOK(t, tc.call("a_b.inc.click", nil))
	if _, ok := srv.reg.Lookup("a_b.confirm.click"); ok {
		t.Fatal("a_b.confirm.click registered while the name is still taken")
	}
	if err := srv.Sessions().Stop("a"); err != nil {
		t.Fatal(err)
	}
	if _, ok := srv.reg.Lookup("a.b_confirm.click"); ok {
		t.Fatal("a's tool outlived a")
	}
	mustOK(t, tc.call("a_b.inc.click", nil)) // the next render
	if _, ok := srv.reg.Lookup("a_b.confirm.click"); !ok {
		t.Fatal("a_b.confirm.click was not registered once its name was free")
	}
	mustOK(t, tc.call("a_b.confirm.click", nil))
	if sess, _ := srv.Sessions().Get("a_b"); sess.Snapshot().Model.(*counter).Open {
		t.Fatal("a_b.confirm.click did not run")
	}
}

// The seed: the runtime guard needs the registry to classify a tool, and
// fails closed when it cannot, whatever the authorizer would say.
func TestACallTheRegistryCannotClassifyIsRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"an allow-all authorizer", Options{Auth: AuthOptions{Authorizer: AllowAll()}}},
		{"no authorizer", Options{Auth: AuthOptions{Unguarded: true, ReadOnly: true}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := newTestServer(t, c.opts)
			// The SDK still routes a name to its handler while the
			// registry has no entry for it (a tool mid-removal, a
			// registry restarted under it).
			srv.sdk.AddTool(sdk.NewTool("ghost.w.click"), srv.handlerFor("ghost.w.click"))
			tc := connect(t, srv)
			res := tc.call("ghost.w.click", nil)
			if code := structuredError(t, res); code != CodeSensitiveUnguarded || !strings.Contains(text(res), "cannot classify") {
				t.Fatalf("got %s: %s", code, text(res))
			}
		})
	}
}

// The seed: production's default read methods are the three listing
// methods, exactly: prompts/get returns content, completion/complete
// enumerates, resources/read and the subscriptions stream live state, and
// logging/setLevel is named by the deployment that wants it.
func TestProductionsDefaultReadsAreExactlyTheListings(t *testing.T) {
	want := []string{"tools/list", "resources/list", "prompts/list"}
	if !slices.Equal(DefaultReadMethods, want) {
		t.Fatalf("DefaultReadMethods = %v, want %v", DefaultReadMethods, want)
	}
	srv := newTestServer(t, Options{Auth: AuthOptions{Production: true}})
	if srv.guard.policy.ReadSource != SourceDefault {
		t.Fatalf("production's default reads count as configured: %+v", srv.guard.policy)
	}
	for _, m := range readMethods {
		err := srv.guard.read(context.Background(), m, map[string]any{})
		if (err == nil) != slices.Contains(want, m) {
			t.Errorf("production by default: %s answered %v", m, err)
		}
	}
	// Through the transport, a listing and a read.
	tc := connectLegacy(t, srv)
	if _, err := tc.c.ListPrompts(context.Background(), sdk.ListPromptsRequest{}); err != nil {
		t.Fatalf("prompts/list: %v", err)
	}
	if _, err := tc.c.ListResourceTemplates(context.Background(), sdk.ListResourceTemplatesRequest{}); err == nil || !strings.Contains(err.Error(), "resources/templates/list") {
		t.Fatalf("resources/templates/list: %v", err)
	}
}
