package web_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"

	"github.com/facetui/facet/identity"
	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// The tokens file of the login tests: ada's and bob's tokens.
const (
	adaToken = "ada-0123456789abcdef0123456789abcdef"
	bobToken = "bob-0123456789abcdef0123456789abcdef"
)

// testTokens loads a tokens file holding ada's and bob's tokens.
func testTokens(t testing.TB) *identity.Tokens {
	t.Helper()
	p := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(p, []byte("ada "+adaToken+"\nbob "+bobToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	toks, err := identity.LoadTokens(p)
	if err != nil {
		t.Fatal(err)
	}
	return toks
}

// clock is a time the test moves on by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// guarded is a server that needs a login, on an httptest server on
// loopback, with its clock in the test's hands.
type guarded struct {
	URL    string // ends in "/"
	Origin string // the page's own origin
	clock  *clock
}

// serveGuarded serves the playground behind a login until the test ends.
func serveGuarded(t testing.TB, opts web.Options, tls bool) (guarded, *httptest.Server) {
	t.Helper()
	opts.App = tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser() }}
	opts.Sessions = tea.NewSessions()
	if opts.Login == nil {
		opts.Login = testTokens(t)
	}
	srv, err := web.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	web.SetClock(srv, c.now)
	var ts *httptest.Server
	if tls {
		ts = httptest.NewTLSServer(srv.Handler())
	} else {
		ts = httptest.NewServer(srv.Handler())
	}
	t.Cleanup(func() {
		ts.Close()
		opts.Sessions.StopAll()
	})
	return guarded{URL: ts.URL + "/", Origin: ts.URL, clock: c}, ts
}

// browserless is an HTTP client with a cookie jar that does not follow
// redirects, so the test sees where each answer sends it.
func browserless(t testing.TB, base *http.Client) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if base != nil {
		c.Transport = base.Transport
	}
	return c
}

// from makes c's requests come from the loopback address source.
func from(c *http.Client, source string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(source)}}
	c.Transport = &http.Transport{DialContext: d.DialContext}
	return c
}

// request sends a request and reads its whole answer.
func request(t testing.TB, c *http.Client, method, u string, form url.Values, h http.Header) (*http.Response, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range h {
		req.Header[k] = v
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// postLogin sends the login form as the server's own page would.
func (g guarded) postLogin(t testing.TB, c *http.Client, token, next string) (*http.Response, string) {
	t.Helper()
	return request(t, c, http.MethodPost, g.URL+"login", url.Values{"token": {token}, "next": {next}}, http.Header{"Origin": {g.Origin}})
}

// loginCookie returns the login cookie resp sets, failing without one.
func loginCookie(t testing.TB, resp *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range resp.Cookies() {
		if c.Name == web.LoginCookie {
			return c
		}
	}
	t.Fatalf("no %s cookie in %v", web.LoginCookie, resp.Header.Values("Set-Cookie"))
	return nil
}

// dialWith opens a tab's WebSocket with c's cookies (and its transport),
// as the page served with them does.
func (g guarded) dialWith(t testing.TB, c *http.Client, h http.Header) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	if h == nil {
		h = http.Header{}
	}
	h.Set("Origin", g.Origin)
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(g.URL, "http")+"ws", &websocket.DialOptions{HTTPClient: c, HTTPHeader: h})
	if err == nil {
		conn.SetReadLimit(16 << 20)
		t.Cleanup(func() { conn.CloseNow() })
	}
	return conn, resp, err
}

// wantRefusedTab checks that a tab's WebSocket is refused with 401.
func (g guarded) wantRefusedTab(t testing.TB, c *http.Client, h http.Header, what string) {
	t.Helper()
	_, resp, err := g.dialWith(t, c, h)
	if err == nil {
		t.Fatalf("%s: a tab opened", what)
	}
	if resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("%s: %v (%v), want 401", what, err, resp)
	}
}

// wantTab checks that a tab opens and draws its page.
func (g guarded) wantTab(t testing.TB, c *http.Client, what string) *websocket.Conn {
	t.Helper()
	conn, resp, err := g.dialWith(t, c, nil)
	if err != nil {
		t.Fatalf("%s: no tab: %v (%v)", what, err, resp)
	}
	cl := &client{t: t, conn: conn}
	if p := cl.next(); p.T != "patch" || len(p.Ops) != 1 || p.Ops[0].ID != web.RootID {
		t.Fatalf("%s: first message %+v, want the whole page", what, p)
	}
	return conn
}

// wantLoginRedirect checks that GET / sends the browser to the login form.
func (g guarded) wantLoginRedirect(t testing.TB, c *http.Client, h http.Header, what string) {
	t.Helper()
	resp, _ := request(t, c, http.MethodGet, g.URL, nil, h)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/login?next=%2F" {
		t.Fatalf("%s: GET / = %d to %q, want 303 to /login?next=%%2F", what, resp.StatusCode, resp.Header.Get("Location"))
	}
}

func TestLoginWithoutACookieThePageIsTheFormAndNoTabOpens(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{}, false)
	c := browserless(t, nil)
	g.wantLoginRedirect(t, c, nil, "no cookie")
	resp, body := request(t, c, http.MethodGet, g.URL+"login?next=%2F", nil, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /login = %d, want 200", resp.StatusCode)
	}
	for _, want := range []string{
		`<h1>Log in to playground</h1>`,
		`<form method="post" action="/login">`,
		`<label for="token">`,
		`<input id="token" name="token" type="password"`,
		`<button type="submit">`,
		`<input type="hidden" name="next" value="/">`,
	} {
		if !strings.Contains(body, want) {
			t.Fatalf("the login form lacks %s:\n%s", want, body)
		}
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self'") || !strings.Contains(csp, "default-src 'none'") {
		t.Fatalf("the login form's policy is %q", csp)
	}
	g.wantRefusedTab(t, c, nil, "no cookie")
	// Nothing but the form is served without a login.
	for _, p := range []string{"assets/facet.js", "assets/theme.css"} {
		if resp, _ := request(t, c, http.MethodGet, g.URL+p, nil, nil); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("GET /%s without a login = %d, want 401", p, resp.StatusCode)
		}
	}
}

func TestLoginAWrongTokenShowsTheFormAgainWith401(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{}, false)
	c := browserless(t, nil)
	for _, token := range []string{"", "not-a-token", adaToken + "x", adaToken[:len(adaToken)-1]} {
		resp, body := g.postLogin(t, c, token, "/")
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("token %q: status %d, want 401", token, resp.StatusCode)
		}
		if !strings.Contains(body, `role="alert"`) || !strings.Contains(body, "not one of this server") || !strings.Contains(body, `type="password"`) {
			t.Fatalf("token %q: the answer is not the form with an error:\n%s", token, body)
		}
		if token != "" && strings.Contains(body, token) {
			t.Fatalf("the form echoes the token %q", token)
		}
		if len(resp.Cookies()) != 0 {
			t.Fatalf("token %q set cookies %v", token, resp.Header.Values("Set-Cookie"))
		}
		if resp.Header.Get("WWW-Authenticate") == "" {
			t.Fatal("a 401 without a WWW-Authenticate challenge")
		}
	}
	g.wantRefusedTab(t, c, nil, "after wrong tokens")
}

func TestLoginARightTokenGivesAHandleCookieThenThePageAndTabs(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{LoginTTL: time.Hour}, false)
	c := browserless(t, nil)
	resp, _ := g.postLogin(t, c, adaToken, "/")
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
		t.Fatalf("login = %d to %q, want 303 to /", resp.StatusCode, resp.Header.Get("Location"))
	}
	ck := loginCookie(t, resp)
	raw, err := base64.RawURLEncoding.DecodeString(ck.Value)
	switch {
	case !ck.HttpOnly:
		t.Fatal("the login cookie is not HttpOnly")
	case ck.SameSite != http.SameSiteStrictMode:
		t.Fatalf("the login cookie's SameSite is %v, want Strict", ck.SameSite)
	case ck.Path != "/":
		t.Fatalf("the login cookie's Path is %q, want /", ck.Path)
	case ck.MaxAge != 3600:
		t.Fatalf("the login cookie's Max-Age is %d, want 3600 (LoginTTL)", ck.MaxAge)
	case ck.Secure:
		t.Fatal("the login cookie is Secure over plain HTTP: the browser would never send it back")
	case strings.Contains(ck.Value, adaToken) || strings.Contains(adaToken, ck.Value):
		t.Fatal("the login cookie holds the token")
	case err != nil || len(raw) != 32:
		t.Fatalf("the login cookie %q is not a 256-bit handle (%v)", ck.Value, err)
	}
	resp, body := request(t, c, http.MethodGet, g.URL, nil, nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `<div id="facet"`) {
		t.Fatalf("GET / after the login = %d:\n%s", resp.StatusCode, body)
	}
	if !strings.Contains(body, "Logged in as <b>ada</b>") || !strings.Contains(body, `action="/logout"`) {
		t.Fatalf("the page does not say who is logged in, or offer the logout:\n%s", body)
	}
	g.wantTab(t, c, "after the login")
	// A second login (bob's) is its own.
	resp, _ = g.postLogin(t, browserless(t, nil), bobToken, "/")
	if bob := loginCookie(t, resp); bob.Value == ck.Value {
		t.Fatal("two logins share a handle")
	}
}

func TestLoginCookieIsSecureOverTLS(t *testing.T) {
	g, ts := serveGuarded(t, web.Options{}, true)
	c := browserless(t, ts.Client())
	resp, _ := g.postLogin(t, c, adaToken, "/")
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login over TLS = %d, want 303", resp.StatusCode)
	}
	if ck := loginCookie(t, resp); !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
		t.Fatalf("login cookie over TLS: %+v, want Secure, HttpOnly, SameSite=Strict", ck)
	}
}

func TestLoginAForgedOrExpiredCookieIsRefused(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{LoginTTL: time.Hour}, false)
	forged := make([]byte, 32)
	_, _ = rand.Read(forged)
	for _, v := range []string{base64.RawURLEncoding.EncodeToString(forged), adaToken, "x", ""} {
		h := http.Header{"Cookie": {web.LoginCookie + "=" + v}}
		g.wantLoginRedirect(t, browserless(t, nil), h, "cookie "+v)
		g.wantRefusedTab(t, browserless(t, nil), h, "cookie "+v)
	}

	c := browserless(t, nil)
	if resp, _ := g.postLogin(t, c, adaToken, "/"); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login = %d", resp.StatusCode)
	}
	g.clock.advance(time.Hour - time.Second)
	g.wantTab(t, c, "a second before the login expires")
	u, _ := url.Parse(g.URL)
	h := http.Header{"Cookie": {web.LoginCookie + "=" + c.Jar.Cookies(u)[0].Value}}
	g.clock.advance(time.Second)
	// The browser would drop the cookie now; a client that keeps it
	// still gets nothing.
	g.wantLoginRedirect(t, browserless(t, nil), h, "an expired login")
	g.wantRefusedTab(t, browserless(t, nil), h, "an expired login")
}

func TestLogoutEndsTheLoginAndItsTabs(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{}, false)
	c := browserless(t, nil)
	if resp, _ := g.postLogin(t, c, adaToken, "/"); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login = %d", resp.StatusCode)
	}
	u, _ := url.Parse(g.URL)
	h := http.Header{"Cookie": {web.LoginCookie + "=" + c.Jar.Cookies(u)[0].Value}}
	tab := g.wantTab(t, c, "logged in")

	resp, _ := request(t, c, http.MethodPost, g.URL+"logout", url.Values{}, http.Header{"Origin": {g.Origin}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/login" {
		t.Fatalf("logout = %d to %q, want 303 to /login", resp.StatusCode, resp.Header.Get("Location"))
	}
	if ck := loginCookie(t, resp); ck.MaxAge >= 0 || ck.Value != "" {
		t.Fatalf("the logout's cookie %+v does not clear the login", ck)
	}
	// The open tab closes, saying why.
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	for {
		_, _, err := tab.Read(ctx)
		if err == nil {
			continue // a beat or a patch pushed before the close
		}
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation || !strings.Contains(err.Error(), "logged out") {
			t.Fatalf("the open tab ended with %v, want a close that says it logged out", err)
		}
		break
	}
	// The handle is worth nothing now, even to a client that kept it.
	g.wantLoginRedirect(t, c, nil, "after the logout")
	g.wantLoginRedirect(t, browserless(t, nil), h, "the old handle")
	g.wantRefusedTab(t, browserless(t, nil), h, "the old handle")
}

func TestLoginAndLogoutRefuseOtherOrigins(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{}, false)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(g.Origin, "http://"))
	other := "1"
	if port == other {
		other = "2"
	}
	for _, h := range []http.Header{
		{"Origin": {"https://evil.example"}},
		{"Origin": {"http://127.0.0.1:" + other}}, // another page on loopback
		{"Origin": {"http://localhost:" + other}},
		{"Origin": {"null"}},
		{"Sec-Fetch-Site": {"cross-site"}},
		{"Sec-Fetch-Site": {"same-site"}},
	} {
		c := browserless(t, nil)
		resp, _ := request(t, c, http.MethodPost, g.URL+"login", url.Values{"token": {adaToken}, "next": {"/"}}, h)
		if resp.StatusCode != http.StatusForbidden || len(resp.Cookies()) != 0 {
			t.Fatalf("a login posted with %v: %d, cookies %v; want 403 and none", h, resp.StatusCode, resp.Header.Values("Set-Cookie"))
		}
	}
	// Nor may another page log someone out.
	c := browserless(t, nil)
	if resp, _ := g.postLogin(t, c, adaToken, "/"); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login = %d", resp.StatusCode)
	}
	resp, _ := request(t, c, http.MethodPost, g.URL+"logout", url.Values{}, http.Header{"Origin": {"http://127.0.0.1:" + other}})
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a cross-origin logout = %d, want 403", resp.StatusCode)
	}
	g.wantTab(t, c, "after a refused logout")
}

func TestLoginGoesOnOnlyToThisServersPages(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{}, false)
	for next, want := range map[string]string{
		"//evil.example":               "/",
		"//evil.example/path":          "/",
		"/\\evil.example":              "/",
		"/\t/evil.example":             "/",
		"/.//evil.example":             "/evil.example",
		"https://evil.example/":        "/",
		"javascript:alert(1)":          "/",
		"evil.example":                 "/",
		"/login":                       "/",
		"":                             "/",
		"/?demo=search":                "/?demo=search",
		"/assets/facet.css":            "/assets/facet.css",
		"/%2F%2Fevil.example":          "/%2F%2Fevil.example",
		"http://" + g.Origin[7:] + "/": "/",
	} {
		resp, _ := g.postLogin(t, browserless(t, nil), adaToken, next)
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
			t.Errorf("next=%q: %d to %q, want 303 to %q", next, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
	// The form carries next through, cleaned the same way.
	_, body := request(t, browserless(t, nil), http.MethodGet, g.URL+"login?next=%2F%2Fevil.example", nil, nil)
	if strings.Contains(body, "evil.example") {
		t.Fatalf("the form carries an off-server next:\n%s", body)
	}
}

func TestLoginLimitsWrongTokensPerSource(t *testing.T) {
	g, _ := serveGuarded(t, web.Options{}, false)
	c := from(browserless(t, nil), "127.0.0.1")
	for i := range 5 {
		if resp, _ := g.postLogin(t, c, "wrong", "/"); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d, want 401", i+1, resp.StatusCode)
		}
	}
	// The budget is spent: even the right token is not looked at.
	resp, body := g.postLogin(t, c, adaToken, "/")
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || len(resp.Cookies()) != 0 {
		t.Fatalf("after 5 wrong tokens: %d, Retry-After %q, cookies %v; want 429 with Retry-After and no cookie", resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Values("Set-Cookie"))
	}
	if !strings.Contains(body, "Too many wrong tokens") {
		t.Fatalf("the 429 does not say why:\n%s", body)
	}
	// Another source is not held back by this one.
	if resp, _ := g.postLogin(t, from(browserless(t, nil), "127.0.0.2"), adaToken, "/"); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("another source's login = %d, want 303", resp.StatusCode)
	}
	// The budget comes back with time.
	g.clock.advance(30 * time.Second)
	if resp, _ := g.postLogin(t, c, adaToken, "/"); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the login 30 s later = %d, want 303", resp.StatusCode)
	}
}

func TestLoginANilTokensPointerIsNoLogin(t *testing.T) {
	var none *identity.Tokens // as a flag left unset leaves it
	srv, err := web.New(web.Options{App: tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser() }}, Login: none})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	resp, _ := request(t, browserless(t, nil), http.MethodGet, ts.URL+"/", nil, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET / = %d, want the page (no login configured)", resp.StatusCode)
	}
}

func TestServeOffLoopbackNeedsALogin(t *testing.T) {
	tests := []struct {
		name  string
		opts  web.Options
		start bool
	}{
		{"no login", web.Options{}, false},
		{"a login", web.Options{Login: testTokens(t)}, true},
		{"no login, insecurely", web.Options{InsecureNoLogin: true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.AllowedHosts = []string{"facet.example"}
			opts.App = tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser() }}
			srv, err := web.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			var lc net.ListenConfig
			ln, err := lc.Listen(context.Background(), "tcp", "0.0.0.0:0")
			if err != nil {
				t.Skipf("cannot listen on every interface here: %v", err)
			}
			_, port, _ := net.SplitHostPort(ln.Addr().String())
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- srv.Serve(ctx, ln) }()
			if !tt.start {
				err := <-done
				var ce *web.ConfigError
				if !errors.As(err, &ce) || ce.Option != "Login" {
					t.Fatalf("Serve = %v, want a *ConfigError on Login", err)
				}
				for _, s := range []string{"off loopback", "--http-tokens", "InsecureNoLogin"} {
					if !strings.Contains(err.Error(), s) {
						t.Fatalf("the refusal %q does not say %q", err, s)
					}
				}
				if _, err := net.Dial("tcp", net.JoinHostPort("127.0.0.1", port)); err == nil {
					t.Fatal("the listener is still open after the refusal")
				}
				return
			}
			// It serves: an answer comes (a 403 for the loopback Host,
			// which is not an allowed one off loopback).
			resp, err := http.Get("http://" + net.JoinHostPort("127.0.0.1", port) + "/")
			if err != nil {
				t.Fatalf("the server does not answer: %v", err)
			}
			resp.Body.Close()
			cancel()
			if err := <-done; err != nil {
				t.Fatalf("Serve = %v", err)
			}
		})
	}
}

func TestBrowserLogsInThroughTheForm(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground"}, Login: testTokens(t)})
	ctx := browser(t)
	browsertest.Do(t, ctx, chromedp.Navigate(s.URL))
	if h1 := browsertest.Poll[string](t, ctx, `document.querySelector("h1").textContent`); h1 != "Log in to playground" {
		t.Fatalf("the page's heading is %q, want the login form's", h1)
	}
	if label := browsertest.Eval[string](t, ctx, `document.querySelector("#token").labels[0].textContent`); label == "" {
		t.Fatal("the token field has no label")
	}
	browsertest.Do(t, ctx, chromedp.SendKeys(chromedp.CSS("#token"), "wrong-token"), chromedp.Click(chromedp.CSS(`button[type="submit"]`)))
	if msg := browsertest.Poll[string](t, ctx, `document.querySelector('[role="alert"]').textContent`); !strings.Contains(msg, "not one of this server") {
		t.Fatalf("a wrong token shows %q", msg)
	}
	browsertest.Do(t, ctx, chromedp.SendKeys(chromedp.CSS("#token"), adaToken), chromedp.Click(chromedp.CSS(`button[type="submit"]`)))
	if id := browsertest.Poll[string](t, ctx, `document.body.dataset.session || ""`); id != "web1" {
		t.Fatalf("after the login the tab's session is %q, want web1", id)
	}
	browsertest.Poll[bool](t, ctx, jsID("w:catalog")+` !== null`)
	if who := browsertest.Eval[string](t, ctx, `document.querySelector(".whoami").textContent`); !strings.Contains(who, "ada") {
		t.Fatalf("the page's chrome says %q, want ada logged in", who)
	}
	if ck := browsertest.Eval[string](t, ctx, `document.cookie`); ck != "" {
		t.Fatalf("the page's script sees cookies %q: the login cookie must be HttpOnly", ck)
	}
	// The logout ends it: the tab closes and the form comes back.
	// (The app's page has a heading of its own: wait for the form's.)
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`.whoami button`)))
	browsertest.Poll[bool](t, ctx, `document.querySelector("h1").textContent === "Log in to playground"`)
}
