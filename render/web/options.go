package web

import (
	"fmt"
	"log/slog"
	"reflect"
	"time"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// DefaultAddr is where ListenAndServe listens when Options.Addr is empty:
// loopback.
const DefaultAddr = "127.0.0.1:8809"

// DefaultMaxTabs is how many tabs (sessions) a server runs at once unless
// Options.MaxTabs says otherwise.
const DefaultMaxTabs = 32

// DefaultIdleTimeout is how long a tab's WebSocket stays open with no
// message from its page unless Options.IdleTimeout says otherwise.
const DefaultIdleTimeout = time.Minute

// Options configure a Server.
type Options struct {
	// Addr is the TCP address ListenAndServe listens on; DefaultAddr when
	// empty. Handler, served elsewhere, takes it as where it is served:
	// loopback Host and Origin values are accepted when it is a loopback
	// address.
	Addr string
	// App is what each tab runs: App.New makes the tab's model, App.Name
	// names it in the sessions registry and App.Title (or App.Name) is the
	// page's level-one heading and the start of its document title.
	// Required.
	App tea.App
	// Sessions is the registry each tab's session joins, shared with the
	// other renderers (so agents see web1, web2, ...); a server makes its
	// own when nil.
	Sessions *tea.Sessions
	// SessionPrefix names the sessions: the prefix and a number ("web1").
	// "web" when empty.
	SessionPrefix string
	// AllowedHosts are Host header values (host or host:port) accepted
	// besides loopback ones, against DNS rebinding. Serving off loopback
	// needs at least one.
	AllowedHosts []string
	// AllowedOrigins are browser origins (scheme://host[:port]) accepted
	// besides the page's own (http://<an allowed Host>). A tab's WebSocket
	// is opened only from the page's own origin and these; other requests
	// also accept loopback origins when serving loopback.
	AllowedOrigins []string
	// NoAgents says no agent can reach these sessions: the page shows no
	// agent status or detach control.
	NoAgents bool
	// MaxTabs caps the tabs open at once (DefaultMaxTabs when 0); a tab
	// past it is refused with a page that says so.
	MaxTabs int
	// MaxTabsPerSource caps the tabs one source holds at once: one IP
	// address, or one IPv6 /64 (half of MaxTabs, at least 1, when 0; at
	// most MaxTabs). When every tab is taken, a newcomer closes the least
	// recently active tab of the source holding the most, if that source
	// holds more than the newcomer would. Behind a reverse proxy every tab
	// comes from the proxy's address.
	MaxTabsPerSource int
	// IdleTimeout closes a tab whose page has sent nothing for this long
	// (DefaultIdleTimeout when 0), and with it the tab's session. The
	// server asks every IdleTimeout/3 and a live page answers, however
	// quiet the person, so only a page that has gone, or a client that
	// holds a socket without reading it, is closed.
	IdleTimeout time.Duration
	// Login, when set, makes every page and every tab's WebSocket need a
	// login: a browser without one is sent to a form at /login that asks
	// for a token Login knows (an *identity.Tokens: the operator's tokens
	// file, as the playground's --http-tokens gives it). A right token
	// starts a login held in a cookie (LoginCookie: a random 256-bit
	// handle, never the token; HttpOnly, SameSite=Strict, Secure over
	// TLS) for LoginTTL; POST /logout ends it and closes its tabs. Each
	// request carries its principal (identity.FromContext). One source
	// may send 5 wrong tokens in a row, then one every 30 seconds. A nil
	// pointer in the interface counts as no Login.
	Login TokenChecker
	// LoginTTL is how long a login lasts (DefaultLoginTTL when 0).
	LoginTTL time.Duration
	// InsecureNoLogin lets the server serve off loopback without Login:
	// anyone who reaches the address drives its apps. Without it, and
	// without Login, Serve refuses a non-loopback listener.
	InsecureNoLogin bool
	// Theme colours the page on a dark background; LightTheme colours it
	// on a light one, for browsers whose person prefers a light colour
	// scheme. With neither set the page follows the browser, in
	// widgets.ThemeFor(true) or ThemeFor(false); with only Theme set it is
	// always dark. A text colour too faint to read on the page (under WCAG
	// 2 AA's 4.5:1) is made readable.
	Theme, LightTheme *widgets.Theme
	// Invites, when set, lets a tab's person invite another into their
	// session: the page's Share control shows them a one-time link
	// (invite.Web) that another browser opens to join, and the controls
	// that make guests read-only and end the sharing. The desk may be
	// shared with other renderers (render/ssh), whose invitations work
	// only over their own transport. With Login, a guest logs in too,
	// and then opens the link: the login form does not carry its
	// fragment, where the token is.
	Invites *invite.Desk
	// Logger logs refused requests and failed tabs (discarded when nil).
	Logger *slog.Logger
}

// ConfigError is a Server configuration that cannot work: which option and
// why.
type ConfigError struct {
	Option string
	Reason string
	// Err is the error behind Reason, if any (a *tea.AppError for App).
	Err error
}

// Unwrap returns Err.
func (e *ConfigError) Unwrap() error { return e.Err }

func (e *ConfigError) Error() string {
	return fmt.Sprintf("web: %s: %s", e.Option, e.Reason)
}

// withDefaults checks o and fills in its defaults.
func (o Options) withDefaults() (Options, error) {
	if err := o.App.Validate(); err != nil {
		return o, &ConfigError{Option: "App", Reason: err.Error(), Err: err}
	}
	if o.MaxTabs < 0 {
		return o, &ConfigError{Option: "MaxTabs", Reason: fmt.Sprintf("%d: must be 0 (the default, %d) or more", o.MaxTabs, DefaultMaxTabs)}
	}
	if o.MaxTabs == 0 {
		o.MaxTabs = DefaultMaxTabs
	}
	if o.MaxTabsPerSource < 0 || o.MaxTabsPerSource > o.MaxTabs {
		return o, &ConfigError{Option: "MaxTabsPerSource", Reason: fmt.Sprintf("%d: must be 0 (the default, half of MaxTabs) to MaxTabs (%d)", o.MaxTabsPerSource, o.MaxTabs)}
	}
	if o.MaxTabsPerSource == 0 {
		o.MaxTabsPerSource = max(1, o.MaxTabs/2)
	}
	if o.IdleTimeout < 0 {
		return o, &ConfigError{Option: "IdleTimeout", Reason: fmt.Sprintf("%v: must be 0 (the default, %v) or more", o.IdleTimeout, DefaultIdleTimeout)}
	}
	if o.IdleTimeout == 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if v := reflect.ValueOf(o.Login); o.Login != nil && v.Kind() == reflect.Pointer && v.IsNil() {
		o.Login = nil
	}
	if o.LoginTTL < 0 {
		return o, &ConfigError{Option: "LoginTTL", Reason: fmt.Sprintf("%v: must be 0 (the default, %v) or more", o.LoginTTL, DefaultLoginTTL)}
	}
	if o.LoginTTL == 0 {
		o.LoginTTL = DefaultLoginTTL
	}
	if o.SessionPrefix == "" {
		o.SessionPrefix = "web"
	}
	if err := tea.CheckID("session prefix", o.SessionPrefix+"1"); err != nil {
		return o, &ConfigError{Option: "SessionPrefix", Reason: err.Error()}
	}
	if o.Sessions == nil {
		o.Sessions = tea.NewSessions()
	}
	if o.Theme == nil && o.LightTheme == nil {
		o.LightTheme = widgets.ThemeFor(false)
	}
	if o.Theme == nil {
		o.Theme = widgets.ThemeFor(true)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Addr == "" {
		o.Addr = DefaultAddr
	}
	return o, nil
}
