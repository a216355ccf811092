package ssh

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	charmssh "charm.land/ssh"
	"charm.land/wish/v2"

	"github.com/facetui/facet/tea"
)

// ErrServerClosed is returned by Serve and ListenAndServe on a Server that
// has already been closed.
var ErrServerClosed = errors.New("ssh: server closed")

// Grace periods.
const (
	// backstop is added to IdleTimeout and MaxTimeout for the connection
	// deadlines wish enforces, so that a session's own timers (which print a
	// goodbye) fire first, and a connection that never opens a session
	// still ends.
	backstop = 10 * time.Second
	// shutdownGrace is how long Close waits for sessions to say goodbye.
	shutdownGrace = 3 * time.Second
)

// Server serves an app over SSH, one session per connection. Create it with
// New; it serves once, until Close or the context given to Serve ends.
type Server struct {
	opts     Options
	app      string
	logger   *slog.Logger
	keys     *authorizedKeys // nil: any client (loopback only)
	sessions *tea.Sessions
	srv      *charmssh.Server
	limit    limiter
	window   windowLimit
	conns    *connLimit
	nextID   atomic.Uint64
	// afterFunc starts the idle and maximum-time timers of a session.
	afterFunc afterFunc

	// base ends, with errShutdown as its cause, when the server closes.
	base context.Context
	stop context.CancelCauseFunc

	mu        sync.Mutex
	addr      net.Addr
	listeners []net.Listener
	active    map[chan struct{}]struct{} // closed when a session's handler is done

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error
}

// New checks opts, loads (or creates) the host key and reads the authorized
// keys. It refuses, with a *BindError, a non-loopback Options.Addr without
// Options.AuthorizedKeys.
func New(opts Options) (*Server, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	s := &Server{
		opts:      opts,
		app:       opts.App.Name,
		logger:    opts.Logger,
		sessions:  opts.Sessions,
		limit:     newLimiter(opts.MaxSessions),
		window:    opts.window(),
		afterFunc: realAfterFunc,
		active:    map[chan struct{}]struct{}{},
		closed:    make(chan struct{}),
	}
	if s.logger == nil {
		s.logger = slog.New(slog.DiscardHandler)
	}
	if s.sessions == nil {
		s.sessions = tea.NewSessions()
	}
	s.conns = newConnLimit(opts.maxConnections(), opts.preauth(), s.logger)
	if opts.AuthorizedKeys != "" {
		keys, err := loadAuthorizedKeys(opts.AuthorizedKeys)
		if err != nil {
			return nil, err
		}
		s.keys = keys
	}
	if opts.Addr != "" {
		if err := checkBind(opts.Addr, s.keys); err != nil {
			return nil, err
		}
	}
	path := opts.HostKeyPath
	if path == "" {
		var err error
		if path, err = DefaultHostKeyPath(); err != nil {
			return nil, err
		}
	}
	signer, err := loadHostKey(path)
	if err != nil {
		return nil, err
	}

	sshOpts := []charmssh.Option{
		wish.WithAddress(opts.Addr),
		// The host key is ours: wish would otherwise write id_ed25519 into
		// the working directory.
		func(srv *charmssh.Server) error { srv.AddHostKey(signer); return nil },
		wish.WithMiddleware(func(charmssh.Handler) charmssh.Handler { return s.handle }),
		func(srv *charmssh.Server) error {
			srv.ConnCallback = rememberConn
			srv.ServerConfigCallback = s.sshConfig
			return nil
		},
	}
	if opts.IdleTimeout > 0 {
		sshOpts = append(sshOpts, wish.WithIdleTimeout(opts.IdleTimeout+backstop))
	}
	if opts.MaxTimeout > 0 {
		sshOpts = append(sshOpts, wish.WithMaxTimeout(opts.MaxTimeout+backstop))
	}
	if s.keys != nil {
		sshOpts = append(sshOpts, wish.WithPublicKeyAuth(s.authorize))
	}
	srv, err := wish.NewServer(sshOpts...)
	if err != nil {
		return nil, fmt.Errorf("ssh: %w", err)
	}
	srv.HandshakeTimeout = opts.handshakeTimeout()
	s.srv = srv
	s.base, s.stop = context.WithCancelCause(context.Background())
	return s, nil
}

// authorize admits a public key listed in the authorized keys, from an
// address its line allows.
func (s *Server) authorize(ctx charmssh.Context, key charmssh.PublicKey) bool {
	listed, ok := s.keys.allows(key, ctx.RemoteAddr())
	if !ok {
		why := "not listed"
		if listed {
			why = "not from an address its from= allows"
		}
		s.logger.Info("ssh: key refused", "user", ctx.User(), "remote", ctx.RemoteAddr().String(), "key", fingerprint(key), "why", why)
	}
	return ok
}

// Sessions is the registry the server starts its sessions in.
func (s *Server) Sessions() *tea.Sessions { return s.sessions }

// Addr is the address the server listens on, once Serve has started (nil
// before).
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// ListenAndServe listens on Options.Addr and serves until ctx ends or Close
// is called, then returns nil.
func (s *Server) ListenAndServe(ctx context.Context) error {
	if s.opts.Addr == "" {
		return errors.New("ssh: Options.Addr is empty")
	}
	var lc net.ListenConfig
	l, err := lc.Listen(ctx, "tcp", s.opts.Addr)
	if err != nil {
		return fmt.Errorf("ssh: %w", err)
	}
	return s.Serve(ctx, l)
}

// Serve serves connections from l until ctx ends or Close is called, then
// closes the server and returns nil. Connections over
// Options.MaxConnections, counted across every listener, are closed as
// soon as they are accepted. Without authorized keys, l must listen
// on a loopback address (a *BindError otherwise). Serve closes l.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	if err := checkBind(l.Addr().String(), s.keys); err != nil {
		_ = l.Close()
		return err
	}
	s.mu.Lock()
	if s.base.Err() != nil {
		s.mu.Unlock()
		_ = l.Close()
		return ErrServerClosed
	}
	s.addr = l.Addr()
	s.listeners = append(s.listeners, l)
	s.mu.Unlock()

	stop := context.AfterFunc(ctx, func() { _ = s.Close() })
	defer stop()
	s.logger.Info("ssh: listening", "addr", l.Addr().String(), "authorized_keys", s.opts.AuthorizedKeys)
	err := s.srv.Serve(s.conns.listen(l))
	if s.base.Err() != nil {
		<-s.closed
		return nil
	}
	return fmt.Errorf("ssh: serve: %w", err)
}

// Close stops accepting connections, ends every session with a goodbye,
// waits a few seconds for the clients to hang up and closes the
// connections that remain. It is safe to call more than once.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.stop(errShutdown)
		for _, l := range s.listeners {
			_ = l.Close()
		}
		pending := make([]chan struct{}, 0, len(s.active))
		for done := range s.active {
			pending = append(pending, done)
		}
		s.mu.Unlock()

		// Each session prints its goodbye and exits; its client then
		// hangs up. Whoever is still there after the grace period is cut off.
		ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
	wait:
		for _, done := range pending {
			select {
			case <-done:
			case <-ctx.Done():
				break wait
			}
		}
		_ = s.srv.Shutdown(ctx)
		if err := s.srv.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
			s.closeErr = fmt.Errorf("ssh: close: %w", err)
		}
		close(s.closed)
	})
	<-s.closed
	return s.closeErr
}

// track registers a running handler; its done channel is closed when the
// handler returns. ok is false once the server is closing.
func (s *Server) track() (done func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.base.Err() != nil {
		return nil, false
	}
	ch := make(chan struct{})
	s.active[ch] = struct{}{}
	return func() {
		s.mu.Lock()
		delete(s.active, ch)
		s.mu.Unlock()
		close(ch)
	}, true
}
