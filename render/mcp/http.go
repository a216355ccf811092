package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/facetui/facet/render/mcp/internal/transport"
	"github.com/mark3labs/mcp-go/server"
)

// HTTPOptions configure ServeHTTP.
type HTTPOptions struct {
	// Addr to listen on; default 127.0.0.1:8808 (loopback).
	Addr string
	// AllowedOrigins are browser origins (scheme://host[:port]) allowed to
	// call; requests with any other Origin header are refused. Loopback
	// origins are allowed when the server is bound to loopback.
	AllowedOrigins []string
	// AllowedHosts are Host header values (host or host:port) allowed
	// besides loopback ones, against DNS rebinding.
	AllowedHosts []string
	// SessionTTL drops HTTP sessions idle this long (default 30 min).
	SessionTTL time.Duration
}

// DefaultHTTPAddr is where ServeHTTP listens by default.
const DefaultHTTPAddr = "127.0.0.1:8808"

// HTTPHandler returns the HTTP handler for MCP: streamable HTTP at /mcp and
// SSE at /sse (+ /message). It validates Origin and Host on every request.
// It refuses to build unless NetworkReady allows it.
func (s *Server) HTTPHandler(loopback bool) (http.Handler, error) {
	if err := s.NetworkReady(); err != nil {
		return nil, err
	}
	ttl := s.opts.HTTP.SessionTTL
	if ttl <= 0 {
		ttl = 30 * time.Minute
	}
	ids := transport.NewHTTPSessions(2*ttl, nil, s.connectionEnded)
	streamable := server.NewStreamableHTTPServer(s.sdk,
		server.WithEndpointPath("/mcp"),
		server.WithSessionIdleTTL(ttl),
		server.WithSessionIdManager(ids),
		server.WithHTTPContextFunc(func(ctx context.Context, _ *http.Request) context.Context {
			return withTransport(ctx, TransportHTTP)
		}),
		server.WithStreamableHTTPLogger(s.opts.Logger),
	)
	sse := server.NewSSEServer(s.sdk,
		server.WithSSEEndpoint("/sse"),
		server.WithMessageEndpoint("/message"),
		server.WithSSEContextFunc(func(ctx context.Context, _ *http.Request) context.Context {
			return withTransport(ctx, TransportSSE)
		}),
	)
	mux := http.NewServeMux()
	mux.Handle("/mcp", ids.RefuseEndedDelete(streamable))
	mux.Handle("/sse", sse.SSEHandler())
	mux.Handle("/message", sse.MessageHandler())
	gate := transport.OriginGate{AllowedHosts: s.opts.HTTP.AllowedHosts, AllowedOrigins: s.opts.HTTP.AllowedOrigins, Loopback: loopback}
	return gate.Wrap(mux), nil
}

// ServeHTTP serves MCP over HTTP on s.opts.HTTP.Addr (loopback by default)
// until ctx ends. It refuses to start unless the tool policy is configured
// by the operator and a read authorizer is set.
func (s *Server) ServeHTTP(ctx context.Context) error {
	addr := s.opts.HTTP.Addr
	if addr == "" {
		addr = DefaultHTTPAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("mcp: listen %s: %w", addr, err)
	}
	return s.ServeHTTPListener(ctx, ln)
}

// HTTPReady reports whether ServeHTTPListener would serve on a listener
// bound to addr: off loopback it needs HTTP.AllowedHosts. A caller that
// announces where it serves asks first, so it never announces an address
// it then refuses.
func (s *Server) HTTPReady(addr net.Addr) error {
	if !isLoopbackAddr(addr) && len(s.opts.HTTP.AllowedHosts) == 0 {
		return &ConfigError{Option: "HTTP.AllowedHosts", Reason: fmt.Sprintf("serving %s, off loopback, needs the Host names clients use (--http-allowed-hosts): without them nothing stops DNS rebinding", addr)}
	}
	return nil
}

func isLoopbackAddr(addr net.Addr) bool {
	ta, ok := addr.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// ServeHTTPListener is ServeHTTP on an existing listener.
func (s *Server) ServeHTTPListener(ctx context.Context, ln net.Listener) error {
	loopback := isLoopbackAddr(ln.Addr())
	if err := s.HTTPReady(ln.Addr()); err != nil {
		ln.Close()
		return err
	}
	h, err := s.HTTPHandler(loopback)
	if err != nil {
		ln.Close()
		return err
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
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
