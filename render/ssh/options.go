package ssh

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Options configure a Server. App is required; everything else has a
// default.
type Options struct {
	// AgentLabel names agents on each person's marker line (see
	// terminal.WithAgentLabel); nil shows them as before.
	AgentLabel func(presence string) string

	// Addr is the TCP address ListenAndServe listens on, such as
	// "127.0.0.1:2222". Without AuthorizedKeys it must be a loopback
	// address.
	Addr string

	// HostKeyPath is the server's ed25519 private host key, created on
	// first use with mode 0600 (its directory 0700). Empty means
	// DefaultHostKeyPath.
	HostKeyPath string

	// AuthorizedKeys is an authorized_keys file: only the public keys it
	// lists may connect. Empty accepts any client, which New and Serve
	// allow only on a loopback address.
	//
	// A line may carry from="PATTERNS" (addresses with * and ?, prefixes
	// such as 192.0.2.0/24, ! to refuse; matched against the client's IP,
	// never its host name), and options that forbid what the server never
	// offers (no-port-forwarding, no-agent-forwarding, no-X11-forwarding,
	// no-user-rc, restrict with pty). New refuses, with an
	// *AuthorizedKeysError, a line carrying any other option
	// (cert-authority, command=, expiry-time=, no-pty, ...): the server does
	// not enforce it, so the key would get in more widely than the line
	// says.
	AuthorizedKeys string

	// IdleTimeout ends a session when the client has sent neither a key nor
	// a window change for this long. Zero means no idle limit.
	IdleTimeout time.Duration

	// MaxTimeout ends a session this long after it started, however busy.
	// Zero means no limit.
	MaxTimeout time.Duration

	// MaxSessions caps the number of sessions running at once; a client
	// over the cap is told the server is full and exits with status 1. Zero
	// means no cap.
	MaxSessions int

	// MaxConnections caps the TCP connections open at once, whether they
	// have logged in or not: a connection over the cap is closed as soon as
	// it is accepted. Zero means 2*MaxSessions+16, or 1024 when MaxSessions
	// is zero.
	MaxConnections int

	// MaxUnauthenticated caps the connections that have not logged in yet
	// (authorized keys or not): when every slot is taken, the oldest
	// waiting connection of the source address with the most waiting is
	// closed for a newcomer from a source with fewer; otherwise the
	// newcomer is closed unread. Zero means half of the connection cap, at
	// most 64, so that logged-in clients always have room.
	MaxUnauthenticated int

	// MaxUnauthenticatedPerSource caps the connections that have not
	// logged in yet from one source: an IPv4 address or an IPv6 /64. Zero
	// means 32 (at most MaxUnauthenticated).
	MaxUnauthenticatedPerSource int

	// HandshakeTimeout bounds the SSH handshake and the authentication of a
	// new connection: a client that has not logged in by then is cut off.
	// Zero means 5 seconds.
	HandshakeTimeout time.Duration

	// MaxWidth and MaxHeight are the largest window, in cells, a client
	// gets: a larger pty request or window change is clamped to them, and
	// the person sees the clamped screen. Zero means DefaultMaxWidth and
	// DefaultMaxHeight.
	MaxWidth, MaxHeight int

	// App is what each connection runs: App.New makes the connection's
	// model, and App.Name is the tea.Session's App and the terminal's
	// window title. Required.
	App tea.App

	// ModelFor, when set, makes each connection's model from what is known
	// of the connection (who, from where, its terminal) instead of
	// App.New, which may then be nil. It is called once per session, on
	// the connection's goroutine.
	ModelFor func(Info) tea.Model

	// Sessions is the registry each connection's session is started in, as
	// ssh1, ssh2, ... so that other renderers (an MCP server) can list and
	// attach to them. Nil means a registry of the server's own.
	Sessions *tea.Sessions

	// OnSession, if set, is called once a connection's session has started
	// and before it is drawn. ctx ends when the connection does; the
	// session is stopped after that.
	OnSession func(ctx context.Context, s *tea.Session)

	// Logger receives one line per connection event. Nil discards them.
	Logger *slog.Logger

	// Accessible runs every connection in the terminal's accessible mode
	// (terminal.WithAccessible): plain lines for a screen reader instead of
	// a drawn screen. A client turns it on for its own connection by
	// sending ACCESSIBLE=1 (ssh -o SetEnv=ACCESSIBLE=1, or SendEnv), read as
	// terminal.AccessibleEnv reads it.
	Accessible bool

	// Invites, when set, lets each connection's person invite another
	// into their session: terminal.DefaultInviteKey shows them, alone, a
	// one-time command (ssh -t host join TOKEN) that joins it over SSH,
	// and the keys that make guests read-only and end the sharing. The
	// desk may be shared with other renderers (render/web), whose
	// invitations work only over their own transport.
	Invites *invite.Desk
	// NoAgents says no agent (MCP client) can reach these sessions, so the
	// terminal's detach key (Ctrl+]) is off: toggling agents that cannot
	// exist would only show a meaningless status.
	NoAgents bool

	// Theme styles every widget of every connection that has no theme of
	// its own (terminal.WithTheme). Nil is widgets.DefaultTheme.
	Theme *widgets.Theme

	// TimeTravelFrames is how many of its latest frames each connection
	// keeps for time travel (F7 and F8; terminal.WithTimeTravel). Zero
	// means DefaultTimeTravelFrames; a negative number keeps none, and F7
	// and F8 then reach the app. Each frame holds the view the app built
	// for it for as long as the connection lasts: with the playground, the
	// local terminal's 100 frames were a quarter of a connection's memory
	// and most of the collector's work (docs/performance.md).
	TimeTravelFrames int
}

// DefaultTimeTravelFrames is how many frames a connection keeps for time
// travel unless Options.TimeTravelFrames says otherwise: fewer than a
// local terminal's terminal.MaxTravelFrames, because a server holds them
// for every connection, most of whose people never look back.
const DefaultTimeTravelFrames = 20

// Info describes the connection a model is made for.
type Info struct {
	// ID is the session id: ssh1, ssh2, ...
	ID string
	// User is the name the client logged in as.
	User string
	// RemoteAddr is the client's network address.
	RemoteAddr net.Addr
	// PublicKey is the SHA256 fingerprint of the key the client
	// authenticated with ("" when no authentication was asked for).
	PublicKey string
	// Term is the client's TERM.
	Term string
	// Width and Height are the client's window size in cells.
	Width, Height int
	// Environ is the client's environment as sent over SSH, with TERM.
	Environ []string
}

// Defaults of the connection limits.
const (
	defaultHandshakeTimeout = 5 * time.Second
	// defaultMaxUnauthenticated and defaultMaxUnauthenticatedPerSource cap
	// the connections waiting to log in.
	defaultMaxUnauthenticated          = 64
	defaultMaxUnauthenticatedPerSource = 32
	// defaultMaxConnections is the connection cap without a session cap.
	defaultMaxConnections = 1024
)

// maxConnections is the connection cap o asks for.
func (o Options) maxConnections() int {
	switch {
	case o.MaxConnections > 0:
		return o.MaxConnections
	case o.MaxSessions > 0:
		return 2*o.MaxSessions + 16
	}
	return defaultMaxConnections
}

// preauth is the limit o asks for on connections waiting to log in.
func (o Options) preauth() *preauthLimit {
	n := o.MaxUnauthenticated
	if n == 0 {
		n = max(1, min(defaultMaxUnauthenticated, o.maxConnections()/2))
	}
	per := o.MaxUnauthenticatedPerSource
	if per == 0 {
		per = min(defaultMaxUnauthenticatedPerSource, n)
	}
	return newPreauthLimit(n, per)
}

// handshakeTimeout is the handshake timeout o asks for.
func (o Options) handshakeTimeout() time.Duration {
	if o.HandshakeTimeout > 0 {
		return o.HandshakeTimeout
	}
	return defaultHandshakeTimeout
}

// window is the largest window o allows.
func (o Options) window() windowLimit {
	l := windowLimit{width: o.MaxWidth, height: o.MaxHeight}
	if l.width == 0 {
		l.width = DefaultMaxWidth
	}
	if l.height == 0 {
		l.height = DefaultMaxHeight
	}
	return l
}

// check reports the first option that cannot work.
func (o Options) check() error {
	app := o.App
	if o.ModelFor != nil && app.New == nil {
		app.New = func() tea.Model { return nil } // ModelFor stands in for it
	}
	if err := app.Validate(); err != nil {
		return fmt.Errorf("ssh: Options.App: %w", err)
	}
	switch {
	case o.IdleTimeout < 0:
		return errors.New("ssh: Options.IdleTimeout is negative")
	case o.MaxTimeout < 0:
		return errors.New("ssh: Options.MaxTimeout is negative")
	case o.MaxSessions < 0:
		return errors.New("ssh: Options.MaxSessions is negative")
	case o.MaxConnections < 0:
		return errors.New("ssh: Options.MaxConnections is negative")
	case o.MaxWidth < 0:
		return fmt.Errorf("ssh: Options.MaxWidth %d is negative: want 0 (the default %d) or more", o.MaxWidth, DefaultMaxWidth)
	case o.MaxHeight < 0:
		return fmt.Errorf("ssh: Options.MaxHeight %d is negative: want 0 (the default %d) or more", o.MaxHeight, DefaultMaxHeight)
	case o.MaxUnauthenticated < 0:
		return fmt.Errorf("ssh: Options.MaxUnauthenticated %d is negative: want 0 (the default) or more", o.MaxUnauthenticated)
	case o.MaxUnauthenticatedPerSource < 0:
		return fmt.Errorf("ssh: Options.MaxUnauthenticatedPerSource %d is negative: want 0 (the default) or more", o.MaxUnauthenticatedPerSource)
	case o.HandshakeTimeout < 0:
		return errors.New("ssh: Options.HandshakeTimeout is negative")
	}
	return nil
}
