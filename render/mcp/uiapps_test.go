package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// vault is an app with a password field, a status line that counts, and a
// button that counts. (What an app repeats of a password elsewhere is the
// app's own to keep out of its view: covering it would be an oracle.)
type vault struct {
	PW    widgets.TextInputState
	Count int
}

type bumpMsg struct{}

func (v *vault) Init() tea.Cmd { return nil }

func (v *vault) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next := *v
	if _, ok := msg.(bumpMsg); ok {
		next.Count++
	}
	next.PW.Update(msg)
	return &next, nil
}

func (v *vault) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		v.PW.PasswordView(widgets.PasswordField{Label: "Password"}),
		widgets.Button{ID: "bump", Label: "bump", OnClick: bumpMsg{}},
		tea.Text{Content: "count " + itoa(v.Count)},
	}}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func vaultApps() []App {
	return []App{{Name: "vault", Title: "Vault", New: func() tea.Model { return &vault{PW: widgets.TextInputState{ID: "pw"}} }}}
}

// connectUI connects a client that declares the MCP Apps extension (with
// the HTML view type) when ui is true.
func connectUI(t testing.TB, srv *Server, ui bool) *client.Client {
	t.Helper()
	var ext any
	if ui {
		ext = map[string]any{"mimeTypes": []any{UIMIME}}
	}
	return connectExt(t, srv, ext)
}

// connectExt connects a client whose capabilities declare the MCP Apps
// extension with settings ext, or not at all when ext is nil.
func connectExt(t testing.TB, srv *Server, ext any) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(srv.sdk)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = sdk.Implementation{Name: "facet-host-test", Version: "1"}
	if ext != nil {
		req.Params.Capabilities.Extensions = map[string]any{UIExtension: ext}
	}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func callRaw(t testing.TB, c *client.Client, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func uiMeta(m *sdk.Meta) map[string]any {
	if m == nil {
		return nil
	}
	ui, _ := m.AdditionalFields["ui"].(map[string]any)
	return ui
}

func TestMCPAppsAreOfferedOnlyToClientsThatDeclareTheExtension(t *testing.T) {
	srv := newTestServer(t, Options{Apps: vaultApps(), UI: web.HostPage{}})
	ctx := context.Background()
	for _, tc := range []struct {
		name, id string
		ext      any
		ui       bool
	}{
		{"plain client", "plain", nil, false},
		{"another view type only", "other", map[string]any{"mimeTypes": []any{"text/uri-list"}}, false},
		{"no settings", "bare", map[string]any{}, false},
		{"MCP Apps host", "ui", map[string]any{"mimeTypes": []any{UIMIME}}, true},
		{"Go caller's own values", "gohost", map[string]any{"mimeTypes": []string{UIMIME}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := connectExt(t, srv, tc.ext)
			tools, err := c.ListTools(ctx, sdk.ListToolsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]sdk.Tool{}
			for _, tool := range tools.Tools {
				byName[tool.Name] = tool
			}
			_, hasView := byName[AppViewTool]
			if hasView != tc.ui {
				t.Errorf("%s listed: %v, want %v", AppViewTool, hasView, tc.ui)
			}
			for _, name := range []string{"facet_start", "facet_screenshot"} {
				uri, _ := uiMeta(byName[name].Meta)["resourceUri"].(string)
				if want := map[bool]string{true: UIHostURI}[tc.ui]; uri != want {
					t.Errorf("%s _meta.ui.resourceUri = %q, want %q", name, uri, want)
				}
			}
			if tc.ui {
				vis, _ := uiMeta(byName[AppViewTool].Meta)["visibility"].([]any)
				if len(vis) != 1 || vis[0] != "app" {
					t.Errorf("%s visibility = %v, want [app]", AppViewTool, vis)
				}
			}
			templates, err := c.ListResourceTemplates(ctx, sdk.ListResourceTemplatesRequest{})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, r := range templates.ResourceTemplates {
				found = found || r.URITemplate.Raw() == uiTemplate
			}
			if found != tc.ui {
				t.Errorf("template %s listed: %v, want %v", uiTemplate, found, tc.ui)
			}
			start := callRaw(t, c, "facet_start", map[string]any{"app": "vault", "id": tc.id})
			if start.IsError {
				t.Fatalf("facet_start: %v", start.Content)
			}
			id := start.StructuredContent.(map[string]any)["id"].(string)
			uri, _ := uiMeta(start.Meta)["resourceUri"].(string)
			if want := map[bool]string{true: UIURI(id)}[tc.ui]; uri != want {
				t.Errorf("facet_start result _meta.ui.resourceUri = %q, want %q", uri, want)
			}
			read := sdk.ReadResourceRequest{}
			read.Params.URI = UIURI(id)
			_, err = c.ReadResource(ctx, read)
			if (err == nil) != tc.ui {
				t.Errorf("read %s: err = %v, want an error only for a plain client", UIURI(id), err)
			}
			if view := callRaw(t, c, AppViewTool, map[string]any{"id": id}); view.IsError == tc.ui {
				t.Errorf("%s answered isError=%v for a client that declared the extension: %v", AppViewTool, view.IsError, tc.ui)
			}
		})
	}
}

func TestMCPAppsViewIsSelfContainedAndDeclaresNoOrigins(t *testing.T) {
	srv := newTestServer(t, Options{Apps: vaultApps(), UI: web.HostPage{}})
	c := connectUI(t, srv, true)
	callRaw(t, c, "facet_start", map[string]any{"app": "vault", "id": "v"})
	read := sdk.ReadResourceRequest{}
	read.Params.URI = UIURI("v")
	res, err := c.ReadResource(context.Background(), read)
	if err != nil {
		t.Fatal(err)
	}
	page, ok := res.Contents[0].(sdk.TextResourceContents)
	if !ok || page.MIMEType != UIMIME {
		t.Fatalf("contents: %#v, want text of %s", res.Contents[0], UIMIME)
	}
	csp, _ := page.Meta["ui"].(map[string]any)["csp"].(map[string]any)
	if csp == nil || len(csp) != 0 {
		t.Errorf("_meta.ui.csp = %v, want an empty declaration (no origin outside the page)", page.Meta["ui"])
	}
	for _, bad := range []string{"src=", "href=", "new WebSocket", "fetch(", "XMLHttpRequest", "http://", "https://"} {
		if strings.Contains(page.Text, bad) {
			t.Errorf("the page holds %q: it must load and reach nothing outside itself", bad)
		}
	}
	if !strings.Contains(page.Text, `"session":"v"`) || !strings.Contains(page.Text, "connect-src 'none'") {
		t.Errorf("the page does not name its session or forbid connections:\n%.400s", page.Text)
	}
	// The view the tool definitions link learns its session from the host.
	read.Params.URI = UIHostURI
	generic, err := c.ReadResource(context.Background(), read)
	if err != nil {
		t.Fatal(err)
	}
	if text := generic.Contents[0].(sdk.TextResourceContents).Text; !strings.Contains(text, `"session":""`) {
		t.Errorf("%s names a session:\n%.400s", UIHostURI, text)
	}
	for _, bad := range []string{"ui://facet/session/ghost", "ui://facet/session/a.b", "ui://facet/session/"} {
		read.Params.URI = bad
		if _, err := c.ReadResource(context.Background(), read); err == nil {
			t.Errorf("read %s: no error, want one naming the session or the id rule", bad)
		}
	}
}

func TestMCPAppsNeverCarryThePassword(t *testing.T) {
	srv := newTestServer(t, Options{Apps: vaultApps(), UI: web.HostPage{}})
	c := connectUI(t, srv, true)
	callRaw(t, c, "facet_start", map[string]any{"app": "vault", "id": "v"})
	if r := callRaw(t, c, srv.names.advertisedName(toolname.ToolName("v", "pw", "type_into")), map[string]any{"text": "hunter2<&"}); r.IsError {
		t.Fatalf("type_into: %v", r.Content)
	}
	if got := must(srv.Sessions().Get("v")).Snapshot().Model.(*vault).PW.Value; got != "hunter2<&" {
		t.Fatalf("the field holds %q", got)
	}
	view := callRaw(t, c, AppViewTool, map[string]any{"id": "v"})
	read := sdk.ReadResourceRequest{}
	read.Params.URI = UIURI("v")
	page, err := c.ReadResource(context.Background(), read)
	if err != nil {
		t.Fatal(err)
	}
	for what, v := range map[string]any{"the view tool's answer": view, "the ui:// resource": page} {
		b, _ := json.Marshal(v)
		for _, leak := range []string{"hunter2", "hunter"} {
			if strings.Contains(string(b), leak) {
				t.Errorf("%s carries the password (%q):\n%s", what, leak, b)
			}
		}
	}
	html, _ := view.StructuredContent.(map[string]any)["html"].(string)
	// Redacted as everywhere agents look: not even the length.
	if !strings.Contains(html, `type="password" data-len="0"`) {
		t.Errorf("the drawing does not show the masked field, redacted:\n%s", html)
	}
}

func must[T any](v T, ok bool) T {
	if !ok {
		panic("not found")
	}
	return v
}
