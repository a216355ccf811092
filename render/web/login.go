package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/facetui/facet/identity"
)

// TokenChecker says whose a token is: *identity.Tokens, an operator's
// tokens file, is one. Check must take as long for any wrong token as for
// any right one (identity.Tokens compares in constant time).
type TokenChecker interface {
	Check(token string) (identity.Principal, bool)
}

// DefaultLoginTTL is how long a login lasts unless Options.LoginTTL says
// otherwise.
const DefaultLoginTTL = 12 * time.Hour

// LoginCookie is the name of the cookie that holds a login: a random
// handle the server maps to the principal, never the token.
const LoginCookie = "facet_login"

// The login paths.
const (
	loginPath  = "/login"
	logoutPath = "/logout"
)

// The failure budget of one source: loginBurst wrong tokens in a row, then
// one more every loginRegain. Tokens hold at least 128 bits, so guessing
// is hopeless anyway; the budget keeps a guesser from costing the server
// anything and makes guessing visible in the log.
const (
	loginBurst  = 5
	loginRegain = 30 * time.Second
)

// The bounds of the server's memory of logins and failing sources: past
// them the oldest login is dropped, and sources whose budget is whole
// again are forgotten.
const (
	maxLogins  = 4096
	maxSources = 4096
)

// login is one logged-in browser: who, until when, and a channel closed
// when it logs out (its open tabs close with it).
type login struct {
	who     identity.Principal
	expires time.Time
	out     chan struct{}
}

// budget is a source's recent failures: spent wrong tokens as of at.
type budget struct {
	spent float64
	at    time.Time
}

// logins is the server side of the login: the handle of each login
// (stored as its SHA-256, so a lookup's timing says nothing of handles)
// and each source's failure budget.
type logins struct {
	check TokenChecker
	ttl   time.Duration
	now   func() time.Time

	mu       sync.Mutex
	byHandle map[[sha256.Size]byte]*login
	failures map[string]*budget
}

func newLogins(check TokenChecker, ttl time.Duration) *logins {
	return &logins{check: check, ttl: ttl, now: time.Now,
		byHandle: map[[sha256.Size]byte]*login{}, failures: map[string]*budget{}}
}

// handleKey is the map key of a cookie's value: false when the value
// cannot be a handle (not 256 bits in unpadded base64url).
func handleKey(value string) ([sha256.Size]byte, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(value)
	if err != nil || len(raw) != 32 {
		return [sha256.Size]byte{}, false
	}
	return sha256.Sum256(raw), true
}

// start records a login for who and returns its handle: 256 random bits.
func (l *logins) start(who identity.Principal) (string, *login) {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // never fails (crypto/rand)
	handle := base64.RawURLEncoding.EncodeToString(raw)
	rec := &login{who: who, expires: l.now().Add(l.ttl), out: make(chan struct{})}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.byHandle) >= maxLogins {
		l.pruneLocked()
	}
	l.byHandle[sha256.Sum256(raw)] = rec
	return handle, rec
}

// pruneLocked drops the expired logins, or, when none is, the one that
// expires first.
func (l *logins) pruneLocked() {
	now := l.now()
	var oldest [sha256.Size]byte
	var first *login
	for k, rec := range l.byHandle {
		if !now.Before(rec.expires) {
			l.dropLocked(k)
			continue
		}
		if first == nil || rec.expires.Before(first.expires) {
			oldest, first = k, rec
		}
	}
	if len(l.byHandle) >= maxLogins && first != nil {
		l.dropLocked(oldest)
	}
}

func (l *logins) dropLocked(k [sha256.Size]byte) {
	if rec, ok := l.byHandle[k]; ok {
		close(rec.out)
		delete(l.byHandle, k)
	}
}

// lookup returns the live login of r's cookie, if it has one.
func (l *logins) lookup(r *http.Request) (*login, bool) {
	c, err := r.Cookie(LoginCookie)
	if err != nil {
		return nil, false
	}
	k, ok := handleKey(c.Value)
	if !ok {
		return nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	rec, ok := l.byHandle[k]
	if !ok {
		return nil, false
	}
	if !l.now().Before(rec.expires) {
		l.dropLocked(k)
		return nil, false
	}
	return rec, true
}

// end drops the login of r's cookie, if any: the handle is worth nothing
// from now on, and the login's open tabs close.
func (l *logins) end(r *http.Request) {
	c, err := r.Cookie(LoginCookie)
	if err != nil {
		return
	}
	if k, ok := handleKey(c.Value); ok {
		l.mu.Lock()
		l.dropLocked(k)
		l.mu.Unlock()
	}
}

// refill brings b up to now: one failure forgiven every loginRegain.
func (l *logins) refill(b *budget, now time.Time) {
	b.spent = max(0, b.spent-float64(now.Sub(b.at))/float64(loginRegain))
	b.at = now
}

// try spends one of source's failure budget on an attempt, up front so
// that attempts sent at once cannot overdraw it (a right token gives it
// back: succeeded). When the budget is spent it answers how long until
// the source may try again.
func (l *logins) try(source string) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.failures[source]
	if !ok {
		if len(l.failures) >= maxSources {
			for s, o := range l.failures {
				if l.refill(o, now); o.spent == 0 {
					delete(l.failures, s)
				}
			}
		}
		if len(l.failures) >= maxSources {
			// Every remembered source is failing: this one goes
			// uncounted rather than locking out everyone new.
			return 0, true
		}
		b = &budget{at: now}
		l.failures[source] = b
	}
	l.refill(b, now)
	if b.spent > loginBurst-1 {
		return time.Duration((b.spent - (loginBurst - 1)) * float64(loginRegain)), false
	}
	b.spent++
	return 0, true
}

// succeeded forgets source's failures.
func (l *logins) succeeded(source string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.failures, source)
}

type loginKey struct{}

// loginOf returns the login a request was admitted by, if any.
func loginOf(ctx context.Context) (*login, bool) {
	rec, ok := ctx.Value(loginKey{}).(*login)
	return rec, ok
}

// requireLogin serves next only to a request with a live login, with its
// principal in the context (identity.NewContext). Without one, a page
// (a GET that is not the tab's socket or an asset) is sent to the login
// form, which comes back to it; anything else is answered 401.
func (s *Server) requireLogin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, ok := s.logins.lookup(r)
		if !ok {
			if (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.URL.Path != "/ws" && !strings.HasPrefix(r.URL.Path, "/assets/") {
				http.Redirect(w, r, loginPath+"?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			loginChallenge(w)
			http.Error(w, "facet: log in first: this server needs a login (its form is at "+loginPath+")", http.StatusUnauthorized)
			return
		}
		ctx := identity.NewContext(context.WithValue(r.Context(), loginKey{}, rec), rec.who)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// loginChallenge names the way to authenticate on a 401: the form (a
// browser shows the answer's page, not a dialog, for this scheme).
func loginChallenge(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", `Form realm="facet", action="`+loginPath+`"`)
}

// sameOrigin refuses (403) a POST to the login or logout from anywhere but
// the server's own pages and Options.AllowedOrigins: stricter than the
// Host and Origin rule, which on loopback admits any loopback page. A
// request without an Origin is not a browser's form, unless the browser
// says (Sec-Fetch-Site) that another site sent it.
func (s *Server) sameOrigin(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	site := r.Header.Get("Sec-Fetch-Site")
	switch {
	case origin != "" && !s.socketOrigin(origin, r.Host):
		http.Error(w, fmt.Sprintf("facet: Origin %q may not log in or out here: only this server's own login page may", origin), http.StatusForbidden)
		return false
	case origin == "" && (site == "cross-site" || site == "same-site"):
		http.Error(w, "facet: another site's page may not log in or out here", http.StatusForbidden)
		return false
	}
	return true
}

// loginForm is what the login page shows.
type loginForm struct {
	App   string
	Next  string
	Error string
	CSS   template.CSS
}

var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in · {{.App}}</title>
<style>{{.CSS}}</style>
</head>
<body>
<main class="login">
<h1>Log in to {{.App}}</h1>
<form method="post" action="/login">
{{if .Error}}<p id="login-error" class="error" role="alert">{{.Error}}</p>
{{end}}<input type="hidden" name="next" value="{{.Next}}">
<label for="token">Access token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus{{if .Error}} aria-invalid="true" aria-describedby="login-error"{{end}}>
<button type="submit">Log in</button>
</form>
<p class="hint">The operator of this server gives each person a token.</p>
</main>
</body>
</html>
`))

// loginCSS styles the login page; the theme gives the colours.
const loginCSS = `
html, body { margin: 0; background: var(--facet-page-bg); color: var(--facet-page-fg); }
body, button, input { font: 15px/1.4 ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; }
.login { max-width: 44ch; margin: 4lh auto; padding: 1lh 2ch; border: 1px solid var(--facet-border-fg); border-radius: 6px; }
h1 { font-size: inherit; margin: 0 0 1lh 0; color: var(--facet-accent-fg); }
form { display: flex; flex-direction: column; gap: 0.5lh; }
input { color: inherit; background: var(--facet-field-bg); border: 1px solid var(--facet-border-fg); border-radius: 3px; padding: 0.25lh 0.5ch; }
input:focus { outline: none; border-color: var(--facet-border-focus-fg); box-shadow: 0 0 0 1px var(--facet-border-focus-fg); }
button:focus-visible { outline: 2px solid var(--facet-border-focus-fg); outline-offset: 2px; }
button { align-self: flex-start; color: var(--facet-button-focus-fg); background: var(--facet-button-focus-bg); border: 0; border-radius: 3px; padding: 0 1ch; cursor: pointer; }
.error { margin: 0; color: var(--facet-error-fg); }
.hint { margin: 1lh 0 0 0; color: var(--facet-muted-fg); }
`

// loginSecurity is the login page's policy: its own inline style, forms
// posted only here, nothing else.
const loginSecurity = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// showLogin writes the login form with status code and, if not empty, an
// error.
func (s *Server) showLogin(w http.ResponseWriter, code int, next, errText string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", loginSecurity)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", referrerPolicy)
	w.Header().Set("Cache-Control", "no-store")
	if code == http.StatusUnauthorized {
		loginChallenge(w)
	}
	w.WriteHeader(code)
	_ = loginPage.Execute(w, loginForm{App: s.opts.App.Name, Next: safeNext(next), Error: errText, CSS: template.CSS(s.theme + loginCSS)})
}

// serveLoginForm answers GET /login: the form, which returns to ?next=.
func (s *Server) serveLoginForm(w http.ResponseWriter, r *http.Request) {
	s.showLogin(w, http.StatusOK, r.URL.Query().Get("next"), "")
}

// serveLogin answers the form: a right token starts a login (a cookie
// holding its handle, HttpOnly, SameSite=Strict, Secure over TLS) and
// goes on to the page asked for; a wrong one shows the form again with
// 401, and a source out of its failure budget is answered 429 without its
// token being looked at.
func (s *Server) serveLogin(w http.ResponseWriter, r *http.Request) {
	if !s.sameOrigin(w, r) {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 8<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "facet: the login form could not be read: "+err.Error(), http.StatusBadRequest)
		return
	}
	// Only the body counts: a token in the URL would end up in logs.
	next := r.PostForm.Get("next")
	source := sourceOf(r.RemoteAddr)
	if wait, ok := s.logins.try(source); !ok {
		secs := int(math.Ceil(wait.Seconds()))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		s.opts.Logger.Warn("web: login refused: too many wrong tokens", "remote", r.RemoteAddr)
		s.showLogin(w, http.StatusTooManyRequests, next, fmt.Sprintf("Too many wrong tokens from your address: try again in %d seconds.", secs))
		return
	}
	who, ok := s.opts.Login.Check(r.PostForm.Get("token"))
	if !ok {
		s.opts.Logger.Info("web: login refused: wrong token", "remote", r.RemoteAddr)
		s.showLogin(w, http.StatusUnauthorized, next, "That token is not one of this server's.")
		return
	}
	s.logins.succeeded(source)
	s.logins.end(r) // a login replaced is a login ended
	handle, rec := s.logins.start(who)
	http.SetCookie(w, &http.Cookie{
		Name: LoginCookie, Value: handle, Path: "/",
		Expires: rec.expires, MaxAge: int(s.opts.LoginTTL.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil,
	})
	s.opts.Logger.Info("web: logged in", "principal", who.Name, "remote", r.RemoteAddr)
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, safeNext(next), http.StatusSeeOther)
}

// serveLogout ends the request's login (its open tabs close) and clears
// the cookie.
func (s *Server) serveLogout(w http.ResponseWriter, r *http.Request) {
	if !s.sameOrigin(w, r) {
		return
	}
	s.logins.end(r)
	http.SetCookie(w, &http.Cookie{Name: LoginCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, loginPath, http.StatusSeeOther)
}

// safeNext is where a login may go on to: next when it is a path on this
// server, "/" otherwise. A URL with a scheme or host, a path a browser
// reads as one ("//host", "/\host", a tab or newline it drops), and the
// login paths themselves are refused.
func safeNext(next string) string {
	if next == "" || next[0] != '/' || strings.HasPrefix(next, "//") {
		return "/"
	}
	for _, c := range next {
		if c <= ' ' || c == '\\' || c == 0x7f {
			return "/"
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	p := path.Clean(u.EscapedPath())
	if strings.HasSuffix(u.EscapedPath(), "/") && p != "/" {
		p += "/"
	}
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || p == loginPath || p == logoutPath {
		return "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}
