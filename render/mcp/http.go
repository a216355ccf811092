package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/facetui/facet/identity"
	"github.com/facetui/facet/render/internal/hostcheck"
	"github.com/facetui/facet/render/mcp/internal/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// HTTPOptions configure the HTTP transport (Handler, Serve,
// ListenAndServe).
type HTTPOptions struct {
	// AllowedOrigins are browser origins (scheme://host[:port]) allowed to
	// call; requests with any other Origin header are refused. Loopback
	// origins are allowed when the server is bound to loopback.
	AllowedOrigins []string
	// AllowedHosts are Host header values (host or host:port) allowed
	// besides loopback ones, against DNS rebinding.
	AllowedHosts []string
	// SessionTTL drops HTTP sessions idle this long (default 30 min).
	// A streamable-HTTP session whose GET event stream is open is not
	// idle: the server pings the stream (see heartbeatEvery).
	SessionTTL time.Duration
	// MaxSessions caps the streamable-HTTP sessions open at once
	// (default DefaultHTTPMaxSessions): an initialize past it is refused
	// with 503 and a message naming the limit.
	MaxSessions int
	// MaxBodyBytes is the largest request body read (default
	// DefaultMaxBodyBytes); a larger one is refused with 413.
	MaxBodyBytes int64
	// ReadTimeout bounds the time a client takes to send a request body
	// (default DefaultHTTPReadTimeout); a slower one is refused with 408
	// and its connection closed. Headers have their own 10 s limit.
	ReadTimeout time.Duration
	// IdleTimeout closes a kept-alive connection with no request for this
	// long (default DefaultHTTPIdleTimeout).
	IdleTimeout time.Duration
	// MaxStreams caps the event streams (SSE, and the streamable
	// transport's GET stream) open at once (default DefaultMaxStreams).
	MaxStreams int
	// AgentIdle detaches a client's agent from every session (the person
	// at a terminal stops seeing it as attached) once it has sent no
	// request for this long with no event stream open, or when its event
	// stream closes (default DefaultAgentIdle). Its next request attaches
	// it again.
	AgentIdle time.Duration
	// Authenticator, when set, authenticates every request to /mcp, /sse
	// and /message (see package identity): one without a valid bearer
	// token is answered 401 with a Bearer challenge. An authenticated
	// client acts as its principal (AuthContext.Principal), which owns
	// its sessions across its connections and reconnects, and an MCP
	// session id works only for the principal that opened it. Nil serves
	// every client anonymously, each connection owning its own sessions.
	Authenticator identity.Authenticator
	// ProtectedResource, when set, is served at
	// identity.ProtectedResourcePath (RFC 9728, and with the resource's
	// path appended) and named in every 401's challenge, so that an MCP
	// client finds the authorization server that issues its tokens.
	ProtectedResource *identity.ProtectedResource
}

// DefaultHTTPAddr is where ListenAndServe listens when Options.Addr is
// empty.
const DefaultHTTPAddr = "127.0.0.1:8808"

// Defaults of HTTPOptions' limits.
const (
	DefaultHTTPMaxSessions = 256
	DefaultMaxBodyBytes    = 1 << 20
	DefaultHTTPReadTimeout = 10 * time.Second
	DefaultHTTPIdleTimeout = 60 * time.Second
	DefaultMaxStreams      = 64
	DefaultAgentIdle       = 60 * time.Second
)

// resolve fills in the defaults and refuses negative limits.
func (o *HTTPOptions) resolve() error {
	for _, f := range []struct {
		name string
		neg  bool
	}{
		{"HTTP.SessionTTL", o.SessionTTL < 0}, {"HTTP.MaxSessions", o.MaxSessions < 0},
		{"HTTP.MaxBodyBytes", o.MaxBodyBytes < 0}, {"HTTP.ReadTimeout", o.ReadTimeout < 0},
		{"HTTP.IdleTimeout", o.IdleTimeout < 0}, {"HTTP.MaxStreams", o.MaxStreams < 0},
		{"HTTP.AgentIdle", o.AgentIdle < 0},
	} {
		if f.neg {
			return &ConfigError{Option: f.name, Reason: "is negative: use 0 for the default or a positive limit"}
		}
	}
	def := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	def(&o.SessionTTL, 30*time.Minute)
	def(&o.ReadTimeout, DefaultHTTPReadTimeout)
	def(&o.IdleTimeout, DefaultHTTPIdleTimeout)
	def(&o.AgentIdle, DefaultAgentIdle)
	if o.MaxSessions == 0 {
		o.MaxSessions = DefaultHTTPMaxSessions
	}
	if o.MaxBodyBytes == 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxStreams == 0 {
		o.MaxStreams = DefaultMaxStreams
	}
	return nil
}

// Handler returns the HTTP handler for MCP: streamable HTTP at /mcp and
// SSE at /sse (+ /message). It validates Origin and Host on every request
// as serving Options.Addr asks: on a loopback address (the default) loopback
// names pass, on any other only HTTP.AllowedHosts do. It refuses to build
// unless NetworkReady allows it.
func (s *Server) Handler() (http.Handler, error) {
	return s.handler(loopbackAddr(s.opts.Addr))
}

// loopbackAddr reports whether addr (host:port, "" for DefaultHTTPAddr)
// is on loopback.
func loopbackAddr(addr string) bool {
	if addr == "" {
		return true
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return host == "localhost" || ip != nil && ip.IsLoopback()
}

// handler is Handler, checking Host and Origin for a loopback listener or
// another.
func (s *Server) handler(loopback bool) (http.Handler, error) {
	if err := s.NetworkReady(); err != nil {
		return nil, err
	}
	h := s.opts.HTTP
	ttl := h.SessionTTL
	ids := transport.NewHTTPSessions(2*ttl, nil, s.connectionEnded)
	ids.OnQuiet(h.AgentIdle, func(id string) { s.detachConnection(connectionKey(id)) })
	// Notifications the server initiates (resources/updated,
	// list_changed) reach a streamable-HTTP client on its GET event
	// stream as they happen, when it holds one open; one with no GET
	// stream gets them on the response stream (SSE) of its next POST,
	// which is all the protocol offers such a client. The SSE transport's
	// stream is always open.
	streamable := server.NewStreamableHTTPServer(s.sdk,
		server.WithEndpointPath("/mcp"),
		server.WithHeartbeatInterval(heartbeatEvery(ttl)),
		server.WithStreamableHTTPProtocolVersions(httpVersions(h.Authenticator != nil)...),
		server.WithSessionIdleTTL(ttl),
		server.WithSessionIdManager(ids),
		// The store keeps each client's newest events for resuming, and
		// makes mcp-go deliver a POST's notifications (see RecentEvents).
		server.WithEventStore(transport.NewRecentEvents(0, 0)),
		server.WithHTTPContextFunc(func(ctx context.Context, _ *http.Request) context.Context {
			return withTransport(ctx, TransportHTTP)
		}),
		server.WithStreamableHTTPLogger(withKeyedSessionIDs(s.opts.Logger)),
	)
	sse := server.NewSSEServer(s.sdk,
		server.WithSSEEndpoint("/sse"),
		server.WithMessageEndpoint("/message"),
		server.WithSSEContextFunc(func(ctx context.Context, _ *http.Request) context.Context {
			return withTransport(ctx, TransportSSE)
		}),
	)
	ids.SourcedBy(requestSource, h.Authenticator != nil)
	mux := http.NewServeMux()
	mux.Handle("/mcp", ids.Track(ids.RefuseEndedDelete(releaseWriters(streamable))))
	mux.Handle("/sse", sse.SSEHandler())
	mux.Handle("/message", sse.MessageHandler())
	limits := &transport.Limits{MaxBody: h.MaxBodyBytes, ReadTimeout: h.ReadTimeout, MaxStreams: h.MaxStreams, Sessions: ids, MaxSessions: h.MaxSessions,
		Source: requestSource}
	// Authentication first: the caps count a client by its principal.
	auth := identity.Gate{Authenticator: h.Authenticator}
	root := http.NewServeMux()
	if pr := h.ProtectedResource; pr != nil {
		// The metadata is what a client reads before it has a token.
		auth.ResourceMetadata = metadataURL(pr.Resource)
		root.Handle(identity.ProtectedResourcePath, pr)
		if u, err := url.Parse(pr.Resource); err == nil && u.Path != "" && u.Path != "/" {
			root.Handle(identity.ProtectedResourcePath+u.Path, pr)
		}
	}
	root.Handle("/", auth.Require(limits.Wrap(statelessGate(mux))))
	gate := hostcheck.Rule{AllowedHosts: h.AllowedHosts, AllowedOrigins: h.AllowedOrigins, Loopback: loopback}
	return gate.Wrap(root), nil
}

// requestSource is who r comes from, for the caps' shares and the
// binding of session ids: its principal when it authenticated, else the
// address it came from (every client of one machine is one source).
func requestSource(r *http.Request) string {
	if p, ok := identity.FromContext(r.Context()); ok {
		return principalOwnerPrefix + p.Name
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return "address:" + host
}

// metadataURL is where the RFC 9728 metadata of resource is served:
// the well-known path on its origin, with the resource's path appended.
func metadataURL(resource string) string {
	u, err := url.Parse(resource)
	if err != nil || u.Host == "" {
		return ""
	}
	path := ""
	if u.Path != "/" {
		path = u.Path
	}
	return u.Scheme + "://" + u.Host + identity.ProtectedResourcePath + path
}

// heartbeatEvery is how often an open GET event stream is pinged. mcp-go's
// idle sweeper (WithSessionIdleTTL) counts requests and the events it
// writes, not a stream held open: a client that only listens, with
// nothing to hear for ttl, would have its session swept from under its
// stream, and its subscriptions with it, and hear nothing more on a
// stream that stays open. A ping every third of ttl is an event, so a
// listening client's session lives as long as its stream. It also ends
// the stream of a client that went away without closing it (the write
// fails). At most every 30 s, which keeps proxies from closing a quiet
// stream too.
func heartbeatEvery(ttl time.Duration) time.Duration {
	return min(ttl/3, 30*time.Second)
}

// httpVersions are the protocol versions served over HTTP: every one
// when clients authenticate (a stateless request is its principal's),
// else those with sessions.
func httpVersions(authenticated bool) []string {
	if authenticated {
		return slices.Clone(sdk.ValidProtocolVersions)
	}
	return sessionVersions()
}

// sessionVersions are the protocol versions with sessions: those before
// 2026-07-28, whose stateless HTTP requests carry no connection identity,
// so every such client would be one connection and reach every other
// one's sessions (see reachOf). A client asking for a stateless version
// is told these, and negotiates down.
func sessionVersions() []string {
	var out []string
	for _, v := range sdk.ValidProtocolVersions {
		if !sdk.IsModernProtocol(v) {
			out = append(out, v)
		}
	}
	return out
}

// ListenAndServe serves MCP over HTTP on Options.Addr (DefaultHTTPAddr,
// on loopback, when empty) until ctx ends or Close. It refuses to start
// unless the tool policy is configured by the operator and a read
// authorizer is set.
func (s *Server) ListenAndServe(ctx context.Context) error {
	addr := s.opts.Addr
	if addr == "" {
		addr = DefaultHTTPAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("mcp: listen %s: %w", addr, err)
	}
	return s.Serve(ctx, ln)
}

// Ready reports whether Serve would serve on a listener bound to addr:
// off loopback it needs HTTP.AllowedHosts and HTTP.Authenticator. A caller
// that announces where it serves asks first, so it never announces an
// address it then refuses.
func (s *Server) Ready(addr net.Addr) error {
	if !isLoopbackAddr(addr) && len(s.opts.HTTP.AllowedHosts) == 0 {
		return &ConfigError{Option: "HTTP.AllowedHosts", Reason: fmt.Sprintf("serving %s, off loopback, needs the Host names clients use (--http-allowed-hosts): without them nothing stops DNS rebinding", addr)}
	}
	if !isLoopbackAddr(addr) && s.opts.HTTP.Authenticator == nil {
		return &ConfigError{Option: "HTTP.Authenticator", Reason: fmt.Sprintf("serving %s, off loopback, needs client identities (--http-tokens FILE, or --oauth-issuer and --oauth-audience): without them anyone who reaches the port drives every shared session", addr)}
	}
	return nil
}

func isLoopbackAddr(addr net.Addr) bool {
	ta, ok := addr.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// Serve serves MCP over HTTP on ln until ctx ends or Close; Host and
// Origin are checked as for ln's address (see Handler). After Close it
// serves nothing (ErrServerClosed). It closes ln.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	loopback := isLoopbackAddr(ln.Addr())
	if err := s.Ready(ln.Addr()); err != nil {
		ln.Close()
		return err
	}
	h, err := s.handler(loopback)
	if err != nil {
		ln.Close()
		return err
	}
	// No ReadTimeout or WriteTimeout: they would end event streams; the
	// handler bounds each request body's read itself (HTTP.ReadTimeout).
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: s.opts.HTTP.IdleTimeout,
		MaxHeaderBytes: 64 << 10,
		BaseContext:    func(net.Listener) context.Context { return ctx }}
	if !s.serving.add(hs) {
		ln.Close()
		return ErrServerClosed
	}
	defer s.serving.remove(hs)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("mcp: serve http: %w", err)
	}
	return nil
}
