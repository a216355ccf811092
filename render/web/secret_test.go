package web_test

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The secret and the email typed into the login demo. The secret holds no
// character JSON or HTML would escape, so finding it is a plain search.
const (
	secret = "pw-Hunter2-sekrit"
	email  = "ada@example.com"
)

func loginApp() tea.Model {
	b, err := playground.NewBrowserAt("login")
	if err != nil {
		panic(err)
	}
	return b
}

func TestBrowserPasswordNeverLeavesTheBrowser(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground", New: loginApp}})
	ctx := browser(t)
	var mu sync.Mutex
	var frames []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameReceived); ok && f.Response != nil {
			mu.Lock()
			frames = append(frames, string(f.Response.PayloadData))
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, s.URL)
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:email:input")))
	press(t, ctx, email)
	press(t, ctx, kb.Tab)
	browsertest.Poll[bool](t, ctx, jsID("w:password")+`.classList.contains("focused")`)
	press(t, ctx, secret)
	// The field shows as many bullets as the person typed, in an
	// <input type="password">.
	browsertest.Poll[bool](t, ctx, jsID("w:password:input")+`.value.length === `+itoa(len(secret)))
	if got := browsertest.Eval[string](t, ctx, jsID("w:password:input")+`.type`); got != "password" {
		t.Fatalf("the masked field is an input of type %q, want password", got)
	}
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:submit")))
	browsertest.Poll[bool](t, ctx, jsID("w:status")+`.textContent === "Signed in as `+email+`"`)

	if v := browsertest.Eval[string](t, ctx, jsID("w:password:input")+`.value`); v == secret {
		t.Fatal("the page holds the password itself, so the server sent it")
	}
	if html := browsertest.Eval[string](t, ctx, `document.documentElement.outerHTML`); strings.Contains(html, secret) {
		t.Fatal("the page's HTML holds the password")
	}
	mu.Lock()
	defer mu.Unlock()
	pushed := strings.Join(frames, "\n")
	if !strings.Contains(pushed, email) {
		t.Fatalf("the pushed updates do not hold the email either: the capture saw %d frames", len(frames))
	}
	if strings.Contains(pushed, secret) {
		t.Fatal("a pushed update holds the password")
	}
	// The session does have it: the keys reached the app.
	if got := passwordIn(t, session(t, s, "web1")); got != secret {
		t.Fatalf("the session's password is %q, want what was typed", got)
	}
}

func TestPasswordNeverInAnyResponseOrPatch(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground", New: loginApp}})
	c := dial(t, s.URL)
	c.send(web.Event{T: "click", ID: "password", Action: "focus"})
	c.until("focusing the password", func(p web.Patch) bool { return p.Focus == web.DOMID("password") })
	for _, r := range secret {
		c.key(string(r))
	}
	// A paste travels the same way and must not come back either.
	c.send(web.Event{T: "paste", Text: "-pasted"})
	c.until("the paste", func(p web.Patch) bool { return changed(p, `data-len="`+itoa(len(secret)+len("-pasted"))+`"`) })
	c.send(web.Event{T: "click", ID: "submit", Action: "click"})
	c.until("the submit", func(p web.Patch) bool { return changed(p, "Enter your email address") })

	if got := passwordIn(t, session(t, s, c.session)); got != secret+"-pasted" {
		t.Fatalf("the session's password is %q: the keys did not reach it", got)
	}
	for _, m := range c.raw {
		if strings.Contains(m, secret) {
			t.Fatalf("a pushed update holds the password: %s", m)
		}
	}
	for _, path := range []string{"", "assets/facet.js", "assets/ws.js", "assets/facet.css", "assets/theme.css"} {
		resp, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /%s: %s", path, resp.Status)
		}
		if strings.Contains(string(body), secret) {
			t.Fatalf("GET /%s holds the password", path)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// passwordIn is the value of the password field in sess's view: what the
// person's keys put there.
func passwordIn(t *testing.T, sess *tea.Session) string {
	t.Helper()
	w, ok := tea.FindWidget(sess.Snapshot().View, "password")
	if !ok {
		t.Fatal("no password field in view")
	}
	switch pw := w.(type) {
	case widgets.PasswordField:
		return pw.Value
	case widgets.TextInput:
		return pw.Value
	}
	t.Fatalf("the password field is a %T", w)
	return ""
}
