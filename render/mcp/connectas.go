package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/internal/sdkconn"
	"github.com/facetui/facet/tea"
)

// principalKey carries the AuthContext an agent's connection acts under.
// Only a Conn made by ConnectAs sets it: a remote client cannot put a
// value in a request's context.
type principalKey struct{}

// ErrConnClosed is what a Conn answers after Close.
var ErrConnClosed = sdkconn.ErrClosed

// Conn is an in-process JSON-RPC connection to a Server: one client
// connection, as a remote client's is, without a transport between. It
// carries JSON-RPC messages as JSON (the MCP wire format); a client
// library adapts it to its own transport (package render/mcp/mcpclient
// makes an mcp-go client of one). Its methods are safe for concurrent
// use.
type Conn struct {
	srv     *Server
	session *server.InProcessSession
	// as is the AuthContext an agent's connection acts under; nil for a
	// plain client connection (Connect).
	as *AuthContext

	mu     sync.RWMutex
	notify func(json.RawMessage)
	done   chan struct{}
	closed bool
}

// Connect opens an in-process client connection to s, as a client of its
// own, with an AuthContext of its own (its ConnectionID is the
// connection's). The connection starts uninitialized: its first request
// is "initialize", as any MCP client's.
func (s *Server) Connect(ctx context.Context) (*Conn, error) {
	return openConn(ctx, s, nil)
}

// ConnectAs opens an in-process connection to s for an agent named agent,
// acting for the caller of ctx (the context of the tool call that spawned
// it). Every request on it goes through the same hooks, authorizer,
// breakers and visibility rules as the caller's own, and is decided with
// the caller's AuthContext (ConnectionID and Transport), Agent set to
// agent: an agent can never do more than the connection that started it,
// and an agent it starts in turn is bound the same way. The connection
// starts uninitialized; Close detaches the agent from the sessions it
// acted on.
func (s *Server) ConnectAs(ctx context.Context, agent string) (*Conn, error) {
	if agent == "" {
		return nil, fmt.Errorf("mcp: ConnectAs: the agent name is empty")
	}
	ac := authContext(ctx)
	ac.Agent = agent
	c, err := openConn(context.WithoutCancel(ctx), s, &ac)
	if err != nil {
		return nil, fmt.Errorf("mcp: ConnectAs %s: %w", agent, err)
	}
	return c, nil
}

// openConn registers a new in-process client session with s's SDK server
// and starts forwarding its notifications.
func openConn(ctx context.Context, s *Server, as *AuthContext) (*Conn, error) {
	c := &Conn{srv: s, as: as, done: make(chan struct{}),
		session: server.NewInProcessSession(s.sdk.GenerateInProcessSessionID(), nil)}
	if err := s.sdk.RegisterSession(ctx, c.session); err != nil {
		return nil, fmt.Errorf("mcp: register the connection: %w", err)
	}
	go c.forward()
	return c, nil
}

// forward hands each notification the server sends the connection to the
// OnNotification function, until Close.
func (c *Conn) forward() {
	ch := c.session.ClientNotifications()
	for {
		select {
		case <-c.done:
			return
		case n, ok := <-ch:
			if !ok {
				return
			}
			c.mu.RLock()
			f := c.notify
			c.mu.RUnlock()
			if f == nil {
				continue
			}
			b, err := json.Marshal(n)
			if err != nil {
				continue
			}
			f(b)
		}
	}
}

// SessionID is the connection's id (the ConnectionID of a Connect
// connection's AuthContext).
func (c *Conn) SessionID() string { return c.session.SessionID() }

// OnNotification makes f receive each notification the server sends on
// the connection (a JSON-RPC notification), one at a time; nil drops
// them.
func (c *Conn) OnNotification(f func(notification json.RawMessage)) {
	c.mu.Lock()
	c.notify = f
	c.mu.Unlock()
}

// Call sends one JSON-RPC request and returns the server's answer: a
// JSON-RPC response, or an error response.
func (c *Conn) Call(ctx context.Context, request json.RawMessage) (json.RawMessage, error) {
	if c.isClosed() {
		return nil, ErrConnClosed
	}
	ctx = c.srv.sdk.WithContext(c.acting(ctx), c.session)
	answer := c.srv.sdk.HandleMessage(ctx, request)
	b, err := json.Marshal(answer)
	if err != nil {
		return nil, fmt.Errorf("mcp: encode the answer: %w", err)
	}
	return b, nil
}

// Notify sends one JSON-RPC notification.
func (c *Conn) Notify(ctx context.Context, notification json.RawMessage) error {
	if c.isClosed() {
		return ErrConnClosed
	}
	c.srv.sdk.HandleMessage(c.acting(ctx), notification)
	return nil
}

// acting puts an agent connection's AuthContext into ctx.
func (c *Conn) acting(ctx context.Context) context.Context {
	if c.as == nil {
		return ctx
	}
	return context.WithValue(ctx, principalKey{}, *c.as)
}

func (c *Conn) isClosed() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.closed
}

// Close ends the connection; an agent's connection also leaves every
// session's presence, so the person at one no longer sees it. Close after
// the first does nothing.
func (c *Conn) Close() error {
	c.mu.Lock()
	was := c.closed
	c.closed = true
	c.mu.Unlock()
	if was {
		return nil
	}
	close(c.done)
	c.srv.sdk.UnregisterSession(context.Background(), c.session.SessionID())
	if c.as == nil {
		return nil
	}
	for _, sess := range c.srv.sessions.List() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, _ = sess.Dispatch(ctx, tea.DetachAgentMsg{Agent: presenceName(*c.as)})
		cancel()
	}
	return nil
}

// CallerOf returns the AuthContext a call with ctx is decided under: the
// connection's own, or for an agent's connection, its spawner's with Agent
// set.
func CallerOf(ctx context.Context) AuthContext { return authContext(ctx) }

// principalOf returns the AuthContext an agent's connection put in ctx.
func principalOf(ctx context.Context) (AuthContext, bool) {
	ac, ok := ctx.Value(principalKey{}).(AuthContext)
	return ac, ok
}

// presenceName is how a caller shows on a session's presence: an agent by
// its own name, a client by its connection.
func presenceName(ac AuthContext) string {
	if ac.Agent != "" {
		return ac.Agent
	}
	return agentName(ac.ConnectionID)
}
