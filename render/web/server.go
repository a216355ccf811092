package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/facetui/facet/identity"
	"github.com/facetui/facet/render/internal/hostcheck"
	"github.com/facetui/facet/tea"
)

//go:embed assets
var assets embed.FS

// contentSecurity keeps the page to what the server itself serves: no
// script, style, connection or form (the logout) goes anywhere else.
const contentSecurity = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Server serves apps to browsers: the page at /, its assets under
// /assets/, and a WebSocket per tab at /ws, each tab its own session; with
// Options.Login, the login form at /login and the logout at /logout.
type Server struct {
	opts   Options
	theme  string // the theme's CSS
	nextID atomic.Int64
	tabs   *tabLimit
	logins *logins // nil without Options.Login

	// base ends when the server closes, and with it every Serve.
	base  context.Context
	close context.CancelFunc

	mu   sync.Mutex
	addr net.Addr // the last listener Serve took
}

// New checks opts and returns a Server. A configuration that cannot work is
// a *ConfigError.
func New(opts Options) (*Server, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{opts: o, theme: themesCSS(o.Theme, o.LightTheme), tabs: newTabLimit(o.MaxTabs, o.MaxTabsPerSource)}
	s.base, s.close = context.WithCancel(context.Background())
	if o.Login != nil {
		s.logins = newLogins(o.Login, o.LoginTTL)
	}
	return s, nil
}

// Sessions returns the registry the server's tabs join.
func (s *Server) Sessions() *tea.Sessions { return s.opts.Sessions }

// Handler returns the server's HTTP handler, for a server of one's own
// serving it at Options.Addr: when that is a loopback address (as
// DefaultAddr is), loopback Host and Origin values are accepted besides the
// allowed ones. With Options.Login everything but the login form needs a
// login, on loopback too.
func (s *Server) Handler() http.Handler {
	return s.handler(isLoopbackHost(s.opts.Addr))
}

// handler is the HTTP handler; loopback says whether it is served on a
// loopback address only.
func (s *Server) handler(loopback bool) http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets") // the directory is embedded: never fails
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		s.serveIndex(w, r, static)
	})
	mux.HandleFunc("GET /assets/theme.css", func(w http.ResponseWriter, r *http.Request) {
		header(w, "text/css; charset=utf-8")
		_, _ = w.Write([]byte(s.theme))
	})
	mux.HandleFunc("GET /assets/{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		if name == "index.html" {
			http.NotFound(w, r)
			return
		}
		s.serveAsset(w, static, name)
	})
	mux.HandleFunc("GET /ws", s.serveTab)
	var h http.Handler = mux
	if s.logins != nil {
		outer := http.NewServeMux()
		outer.HandleFunc("GET "+loginPath, s.serveLoginForm)
		outer.HandleFunc("POST "+loginPath, s.serveLogin)
		outer.HandleFunc("POST "+logoutPath, s.serveLogout)
		outer.Handle("/", s.requireLogin(mux))
		h = outer
	}
	// The page's own origin is admitted: its scripts call this server.
	g := hostcheck.Rule{AllowedHosts: s.opts.AllowedHosts, AllowedOrigins: s.opts.AllowedOrigins, Loopback: loopback, PageOrigin: true}
	return g.Wrap(h)
}

// whoami is the page's chrome for a login: who it is, and the logout.
var whoami = template.Must(template.New("whoami").Parse(`<form class="whoami" method="post" action="/logout"><span>Logged in as <b>{{.}}</b></span> <button type="submit">Log out</button></form>
`))

// serveIndex serves the page; with a login, its chrome names the principal
// and offers the logout.
func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request, static fs.FS) {
	who, ok := identity.FromContext(r.Context())
	if !ok {
		s.serveAsset(w, static, "index.html")
		return
	}
	body, _ := fs.ReadFile(static, "index.html") // embedded: never fails
	var chrome strings.Builder
	_ = whoami.Execute(&chrome, who.Name) // a string: always executes
	header(w, contentTypes[".html"])
	_, _ = w.Write([]byte(strings.Replace(string(body), "<body>\n", "<body>\n"+chrome.String(), 1)))
}

// referrerPolicy keeps the address of a page to this server. Not
// "no-referrer": under it a browser sends "Origin: null" with a form's
// POST (the logout, the login), which the Origin check must refuse.
const referrerPolicy = "same-origin"

// header sets the headers every answer carries.
func header(w http.ResponseWriter, contentType string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Security-Policy", contentSecurity)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", referrerPolicy)
	h.Set("Cache-Control", "no-store")
}

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
}

func (s *Server) serveAsset(w http.ResponseWriter, static fs.FS, name string) {
	body, err := fs.ReadFile(static, name)
	ext := name[strings.LastIndex(name, "."):]
	ct, known := contentTypes[ext]
	if err != nil || !known {
		http.Error(w, fmt.Sprintf("facet: no asset %q", name), http.StatusNotFound)
		return
	}
	header(w, ct)
	_, _ = w.Write(body)
}

// ErrServerClosed is returned by Serve and ListenAndServe on a Server that
// has been closed.
var ErrServerClosed = errors.New("web: server closed")

// ListenAndServe listens on Options.Addr (DefaultAddr when empty) and
// serves until ctx ends or Close is called, then returns nil.
func (s *Server) ListenAndServe(ctx context.Context) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", s.opts.Addr)
	if err != nil {
		return fmt.Errorf("web: listen %s: %w", s.opts.Addr, err)
	}
	return s.Serve(ctx, ln)
}

// Ready reports whether Serve would serve on a listener bound to addr: off
// loopback it needs Options.AllowedHosts, and Options.Login (or
// Options.InsecureNoLogin). A caller that announces where it serves asks
// first, so it never announces an address it then refuses.
func (s *Server) Ready(addr net.Addr) error {
	if isLoopbackAddr(addr) {
		return nil
	}
	if len(s.opts.AllowedHosts) == 0 {
		return &ConfigError{Option: "AllowedHosts", Reason: fmt.Sprintf("serving %s, off loopback, needs the Host names browsers use (--web-allowed-hosts): without them nothing stops DNS rebinding", addr)}
	}
	if s.logins == nil && !s.opts.InsecureNoLogin {
		return &ConfigError{Option: "Login", Reason: fmt.Sprintf("serving %s, off loopback, needs a login: give it the tokens file (Login; the playground's --http-tokens FILE) so that only people holding a token drive the apps; InsecureNoLogin serves anyone who reaches the address", addr)}
	}
	return nil
}

func isLoopbackAddr(addr net.Addr) bool {
	ta, ok := addr.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// isLoopbackHost reports whether addr (host:port) names a loopback host:
// a loopback IP or localhost.
func isLoopbackHost(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Addr is the address the server listens on, once Serve has started (nil
// before).
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Serve serves on ln until ctx ends or Close is called, then closes every
// tab (stopping its session) and returns nil. It refuses to start (a
// *ConfigError) where Ready refuses ln's address, and after Close
// (ErrServerClosed); either way it closes ln.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if err := s.Ready(ln.Addr()); err != nil {
		ln.Close()
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	hs := &http.Server{Handler: s.handler(isLoopbackAddr(ln.Addr())), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	s.mu.Lock()
	if s.base.Err() != nil {
		s.mu.Unlock()
		ln.Close()
		return ErrServerClosed
	}
	s.addr = ln.Addr()
	s.mu.Unlock()
	stop := context.AfterFunc(s.base, cancel)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("web: serve: %w", err)
	}
	return nil
}

// Close stops every Serve: the listeners close, and every tab's WebSocket
// with its session. It is safe to call more than once.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.close()
	return nil
}

// startSession starts a fresh model as the next free session id.
func (s *Server) startSession(ctx context.Context) (*tea.Session, error) {
	for {
		id := fmt.Sprintf("%s%d", s.opts.SessionPrefix, s.nextID.Add(1))
		sess, err := s.opts.Sessions.Start(ctx, id, s.opts.App.Name, s.opts.App.New())
		if errors.Is(err, tea.ErrSessionExists) {
			continue
		}
		return sess, err
	}
}

// beat is the message the server sends every IdleTimeout/3 and a live page
// sends back: the page's heartbeat, which browsers' WebSockets cannot send
// as a ping. It is not an Event; the Tab never sees it.
const beat = `{"t":"beat"}`

// serveTab runs one tab: a session for as long as the WebSocket is open.
// Events from the page apply in order; every snapshot the session
// publishes is pushed as a patch. The session stops when the page goes,
// and the page is told when the session ends first. A tab past the tab
// limit (see Options.MaxTabsPerSource) is refused, one evicted to make
// room is closed, and so is one whose page has sent nothing, not even a
// beat, for Options.IdleTimeout.
func (s *Server) serveTab(w http.ResponseWriter, r *http.Request) {
	if origin := r.Header.Get("Origin"); origin != "" && !s.socketOrigin(origin, r.Host) {
		http.Error(w, fmt.Sprintf("facet: Origin %q may not open a tab: only pages this server served (%s) and the allowed origins may", origin, r.Host), http.StatusForbidden)
		return
	}
	held, err := s.tabs.admit(sourceOf(r.RemoteAddr))
	if err != nil {
		s.opts.Logger.Debug("web: tab refused", "remote", r.RemoteAddr, "err", err)
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	defer held.release()
	// socketOrigin has checked Origin, admitting configured origins the
	// library's same-origin check would refuse.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		s.opts.Logger.Warn("web: websocket refused", "err", err)
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()

	sess, guest, err := s.tabSession(ctx, c, r)
	var guestDone <-chan struct{}
	switch {
	case err != nil && r.URL.Query().Has("join"):
		// The page says why its link did not join (the token never
		// appears in the reason).
		c.Close(websocket.StatusPolicyViolation, err.Error())
		return
	case err != nil:
		s.opts.Logger.Error("web: start a session", "err", err)
		c.Close(websocket.StatusInternalError, "could not start a session")
		return
	case guest != nil:
		defer guest.Leave()
		guestDone = guest.Done()
	default:
		defer func() { _ = s.opts.Sessions.Stop(sess.ID) }()
	}
	tab := NewTab(sess, !s.opts.NoAgents)
	tab.title = s.opts.App.DisplayTitle()
	tab.sharing = sharing{desk: s.opts.Invites, person: personOf(r, "host"), base: baseOf(r), guest: guest}
	// A tab lasts no longer than the login that opened it.
	var loggedOut <-chan struct{}
	var expired <-chan time.Time
	if rec, ok := loginOf(r.Context()); ok {
		loggedOut = rec.out
		t := time.NewTimer(rec.expires.Sub(s.logins.now()))
		defer t.Stop()
		expired = t.C
	}
	snaps, unsubscribe := sess.Subscribe()
	defer unsubscribe()

	// read is one message from the page: an event, or why it is not one.
	type read struct {
		ev  Event
		err error
	}
	events := make(chan read, 64)
	go func() {
		defer cancel()
		for {
			var r read
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			held.touch()
			if err := json.Unmarshal(data, &r.ev); err != nil {
				r.err = fmt.Errorf("an event the page sent is not JSON: %w", err)
			} else if r.ev.T == "beat" {
				continue
			}
			select {
			case events <- r:
			case <-ctx.Done():
				return
			}
		}
	}()

	write := func(data []byte) bool {
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		defer wcancel()
		return c.Write(wctx, websocket.MessageText, data) == nil
	}
	send := func(p Patch) bool {
		data, _ := json.Marshal(p) // strings, ints and Ops: always encodable
		return write(data)
	}
	// end tells the page that the session is over (the app quit, or
	// someone stopped it), and closes.
	end := func() {
		send(Patch{T: "ended", Session: sess.ID, Text: "The session " + sess.ID + " has ended. Reload the page to start a new one."})
		c.Close(websocket.StatusNormalClosure, "session ended")
	}
	if p, ok := tab.Render(sess.Snapshot()); ok && !send(p) {
		return
	}
	beats := time.NewTicker(max(s.opts.IdleTimeout/3, time.Millisecond))
	defer beats.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-beats.C:
			if held.idle() >= s.opts.IdleTimeout {
				c.Close(websocket.StatusPolicyViolation, fmt.Sprintf("the page sent nothing for %v: reload to open it again", s.opts.IdleTimeout))
				return
			}
			if !write([]byte(beat)) {
				return
			}
		case <-loggedOut:
			c.Close(websocket.StatusPolicyViolation, "logged out: reload the page to log in again")
			return
		case <-expired:
			c.Close(websocket.StatusPolicyViolation, "the login expired: reload the page to log in again")
			return
		case <-guestDone:
			c.Close(websocket.StatusNormalClosure, "the sharing has ended: reload the page to start a session of your own")
			return
		case <-held.evicted:
			c.Close(websocket.StatusTryAgainLater, "closed to make room for another visitor: reload to open it again")
			return
		case snap, ok := <-snaps:
			if !ok {
				end()
				return
			}
			if p, ok := tab.Render(snap); ok && !send(p) {
				return
			}
		case r := <-events:
			if r.err != nil {
				if !send(tab.Refuse(r.err)) {
					return
				}
				continue
			}
			ev := r.ev
			p, err := tab.Handle(ctx, ev)
			if err != nil {
				s.opts.Logger.Debug("web: event refused", "session", sess.ID, "event", ev.T, "err", err)
			}
			if p.T != "" && !send(p) {
				return
			}
			if errors.Is(err, tea.ErrStopped) {
				end()
				return
			}
		}
	}
}

// socketOrigin reports whether a page from origin may open a tab on the
// server it reached as host: the page's own origin (http or https, since a
// proxy in front may terminate TLS, with host and port equal to host), or
// one of Options.AllowedOrigins. Other pages on loopback, which the HTTP
// guard admits, may not: any local web server's page could otherwise drive
// a session. A request without an Origin is not from a browser page and is
// not checked.
func (s *Server) socketOrigin(origin, host string) bool {
	if slices.Contains(s.opts.AllowedOrigins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && strings.EqualFold(u.Host, host) &&
		u.User == nil && u.Path == "" && u.RawQuery == ""
}
