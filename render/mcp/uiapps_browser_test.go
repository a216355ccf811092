package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/internal/version"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/render/web"
)

// hostPage is a minimal MCP Apps host: it loads the view's HTML into a
// sandboxed iframe (scripts only: an opaque origin, no way to reach the
// host's DOM), answers ui/initialize itself, relays every other request
// to the test's MCP client over /rpc, and logs every message the bridge
// carries, both ways, in window.bridgeLog.
const hostPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>host</title></head>
<body>
<iframe id="view" sandbox="allow-scripts" style="width:900px;height:500px;border:1px solid #888"></iframe>
<script>
"use strict";
window.bridgeLog = [];
const frame = document.getElementById("view");
function toView(m) { window.bridgeLog.push(JSON.stringify(m)); frame.contentWindow.postMessage(m, "*"); }
window.addEventListener("message", async function (e) {
  if (e.source !== frame.contentWindow) return;
  const m = e.data;
  window.bridgeLog.push(JSON.stringify(m));
  if (m.method === "ui/initialize") {
    toView({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: "2026-01-26", hostInfo: { name: "facet-test-host", version: "1" },
      hostCapabilities: { serverTools: {}, serverResources: {} }, hostContext: { displayMode: "inline" } } });
    return;
  }
  if (m.method === "ui/notifications/initialized") {
    toView({ jsonrpc: "2.0", method: "ui/notifications/tool-input", params: { arguments: window.startArgs } });
    toView({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params: window.startResult });
    return;
  }
  if (m.method === "ui/notifications/size-changed") { document.body.dataset.drawn = String(Number(document.body.dataset.drawn || 0) + 1); return; }
  if (m.id === undefined) return;
  const r = await fetch("/rpc", { method: "POST", body: JSON.stringify(m) });
  toView(Object.assign({ jsonrpc: "2.0", id: m.id }, await r.json()));
});
fetch("/start").then(r => r.json()).then(function (s) {
  window.startArgs = s.args;
  window.startResult = s.result;
  frame.srcdoc = s.html;
});
</script>
</body></html>`

// host serves hostPage for a client that declared the extension: /start
// starts a session with facet_start, reads the ui:// resource its result
// links and hands both to the page; /rpc relays the view's requests.
func host(t *testing.T, c *client.Client, app, id string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(hostPage))
	})
	mux.HandleFunc("GET /start", func(w http.ResponseWriter, r *http.Request) {
		args := map[string]any{"app": app, "session": id}
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = "facet_start", args
		res, err := c.CallTool(r.Context(), req)
		if err != nil || res.IsError {
			http.Error(w, fmt.Sprint("facet_start: ", err, res), http.StatusInternalServerError)
			return
		}
		uri, _ := uiMeta(res.Meta)["resourceUri"].(string)
		read := sdk.ReadResourceRequest{}
		read.Params.URI = uri
		page, err := c.ReadResource(r.Context(), read)
		if err != nil {
			http.Error(w, fmt.Sprintf("read %q: %v", uri, err), http.StatusInternalServerError)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"args": args, "result": res, "html": page.Contents[0].(sdk.TextResourceContents).Text})
	})
	mux.HandleFunc("POST /rpc", func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var result any
		var err error
		switch m.Method {
		case "tools/call":
			req := sdk.CallToolRequest{}
			if err = json.Unmarshal(m.Params, &req.Params); err == nil {
				result, err = c.CallTool(r.Context(), req)
			}
		case "resources/read":
			req := sdk.ReadResourceRequest{}
			if err = json.Unmarshal(m.Params, &req.Params); err == nil {
				result, err = c.ReadResource(r.Context(), req)
			}
		default:
			err = fmt.Errorf("the host does not relay %s", m.Method)
		}
		if err != nil {
			_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": -32000, "message": err.Error()}})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"result": result})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// hostBrowser starts a headless Chromium that keeps a sandboxed iframe in
// its page's process, so the test can reach into it; it skips the test
// when no chromium is installed.
func hostBrowser(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Open(t, 1000, 700,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-features", "IsolateSandboxedIframes"),
		chromedp.Flag("disable-site-isolation-trials", true),
	)
}

// hostPatience is how long the test waits for the browser: generous, since
// the machine is small and shared. Waits poll; nothing sleeps for long.
const hostPatience = browsertest.Patience

// eventually polls cond until it holds.
func eventually(t *testing.T, what string, cond func() error) {
	t.Helper()
	deadline := time.Now().Add(hostPatience)
	for {
		err := cond()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// inView is the text of the element sel inside the view's iframe.
func inView(ctx context.Context, sel string) (string, error) {
	tctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	frames, err := chromedp.Run(tctx, chromedp.Nodes(chromedp.CSS("#view")))
	if err != nil || len(frames) == 0 {
		return "", fmt.Errorf("no iframe: %v", err)
	}
	return chromedp.Run(tctx, chromedp.Text(chromedp.CSS(sel), chromedp.FromNode(frames[0])))
}

func TestMCPAppsViewInAHostDrivesTheSessionTheAgentSees(t *testing.T) {
	srv := newTestServer(t, Options{Apps: vaultApps(), UI: web.HostPage{}})
	// In a real host the agent and the view share the host's one
	// connection to the server: the agent's calls are made on it too.
	hostClient := connectUI(t, srv, true)
	agent := hostClient
	ctx := hostBrowser(t)
	h := host(t, hostClient, "vault", "vault")
	name := func(widget, action string) string {
		return srv.names.advertisedName(toolname.ToolName("vault", widget, action))
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(h.URL)); err != nil {
		t.Fatal(err)
	}
	status := `[id="n:0.2"]`
	eventually(t, "the view draws the session", func() error {
		text, err := inView(ctx, status)
		if err != nil {
			return err
		}
		if !strings.Contains(text, "count 0") {
			return fmt.Errorf("status %q", text)
		}
		return nil
	})

	// The person clicks in the chat's view: the session changes, and the
	// agent reading it over MCP sees the click.
	frames, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS("#view")))
	if err != nil {
		t.Fatal(err)
	}
	tctx, cancel := context.WithTimeout(ctx, hostPatience)
	defer cancel()
	if err := chromedp.Do(tctx, chromedp.Click(chromedp.CSS(`[id="w:bump"]`), chromedp.FromNode(frames[0]))); err != nil {
		t.Fatalf("click in the view: %v", err)
	}
	eventually(t, "the agent sees the person's click", func() error {
		shot := callRaw(t, agent, "facet_screenshot", map[string]any{"id": "vault"})
		if text := shot.Content[0].(sdk.TextContent).Text; !strings.Contains(text, "count 1") {
			return fmt.Errorf("agent's screen:\n%s", text)
		}
		return nil
	})
	eventually(t, "the view shows its own click", func() error {
		text, err := inView(ctx, status)
		if err == nil && !strings.Contains(text, "count 1") {
			err = fmt.Errorf("status %q", text)
		}
		return err
	})

	// The person types into the focused password field: each key is a
	// facet_send_key call, in order, and the model holds the value, which
	// the agent cannot read (the vault shares nothing of its model).
	if err := chromedp.Do(tctx, chromedp.KeyEvent("s3cret")); err != nil {
		t.Fatalf("type in the view: %v", err)
	}
	eventually(t, "the model holds what the person typed", func() error {
		sess, _ := srv.Sessions().Get("vault")
		if v := sess.Snapshot().Model.(*vault).PW.Value; v != "s3cret" {
			return fmt.Errorf("the password field holds %q", v)
		}
		return nil
	})
	if model := callRaw(t, agent, "facet_get_model", map[string]any{"id": "vault"}); !model.IsError || strings.Contains(model.Content[0].(sdk.TextContent).Text, "s3cret") {
		t.Errorf("the agent's facet_get_model = %v, want a refusal without the password", model.Content)
	}
	eventually(t, "the view shows the typing masked", func() error {
		text, err := inView(ctx, status)
		if err == nil && (strings.Contains(text, "s3cret") || !strings.Contains(text, "count 1")) {
			err = fmt.Errorf("status %q", text)
		}
		return err
	})

	// The agent acts: the person sees it in the view, and the password the
	// agent types never crosses the bridge.
	if r := callRaw(t, agent, name("pw", "type_into"), map[string]any{"text": "hunter2"}); r.IsError {
		t.Fatalf("type_into: %v", r.Content)
	}
	if r := callRaw(t, agent, name("bump", "click"), nil); r.IsError {
		t.Fatalf("click: %v", r.Content)
	}
	eventually(t, "the view shows the agent's actions", func() error {
		text, err := inView(ctx, status)
		if err == nil && !strings.Contains(text, "count 2") {
			err = fmt.Errorf("status %q", text)
		}
		return err
	})
	log, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.bridgeLog.join("\n")`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log, `"method":"tools/call"`) || !strings.Contains(log, `"name":"`+name("bump", "click")+`"`) {
		t.Errorf("the view did not call the session's own tool over the bridge:\n%.2000s", log)
	}
	// The view names its session as every facet_* tool does now (not by
	// the deprecated "id"), and calls itself by Facet's version.
	if strings.Contains(log, `"arguments":{"id":`) || !strings.Contains(log, `"session":"`) {
		t.Errorf("the view's calls do not name the session by %q:\n%.2000s", SessionArg, log)
	}
	if want := `"appInfo":{"name":"facet","version":"` + version.Version + `"}`; !strings.Contains(log, want) {
		t.Errorf("the view's ui/initialize lacks %s:\n%.2000s", want, log)
	}
	for _, secret := range []string{"hunter2", "s3cret"} {
		if strings.Contains(log, secret) {
			t.Errorf("the bridge carried the password %q (only single keystrokes may cross it):\n%s", secret, log)
		}
	}
}
