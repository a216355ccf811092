package mcp

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

// principalKey carries the AuthContext an agent's connection acts under.
// Only actingTransport sets it: a remote client cannot put a value in a
// request's context.
type principalKey struct{}

// ConnectAs opens an in-process MCP client of s for an agent named agent,
// acting for the caller of ctx (the context of the tool call that spawned
// it). Every request on it goes through the same hooks, authorizer,
// breakers and visibility rules as the caller's own, and is decided with
// the caller's AuthContext (ConnectionID and Transport), Agent set to
// agent: an agent can never do more than the connection that started it,
// and an agent it starts in turn is bound the same way. The client is
// started and initialized; Close detaches the agent from the sessions it
// acted on.
func (s *Server) ConnectAs(ctx context.Context, agent string) (*client.Client, error) {
	if agent == "" {
		return nil, fmt.Errorf("mcp: ConnectAs: the agent name is empty")
	}
	ac := authContext(ctx)
	ac.Agent = agent
	t := &actingTransport{InProcessTransport: transport.NewInProcessTransport(s.sdk), as: ac, srv: s}
	c := client.NewClient(t)
	start := context.WithoutCancel(ctx)
	if err := c.Start(start); err != nil {
		return nil, fmt.Errorf("mcp: ConnectAs %s: start: %w", agent, err)
	}
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = sdk.Implementation{Name: "facet-agent " + agent, Version: "1"}
	if _, err := c.Initialize(start, req); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("mcp: ConnectAs %s: initialize: %w", agent, err)
	}
	return c, nil
}

// CallerOf returns the AuthContext a call with ctx is decided under: the
// connection's own, or for an agent's connection, its spawner's with Agent
// set.
func CallerOf(ctx context.Context) AuthContext { return authContext(ctx) }

// actingTransport is mcp-go's in-process transport with the agent's
// AuthContext put into every request's context. mcp-go has no per-
// connection context hook for in-process clients, so this is the
// narrowest point to bind an identity to one.
type actingTransport struct {
	*transport.InProcessTransport
	as  AuthContext
	srv *Server
}

func (t *actingTransport) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	return t.InProcessTransport.SendRequest(context.WithValue(ctx, principalKey{}, t.as), req)
}

func (t *actingTransport) SendNotification(ctx context.Context, n sdk.JSONRPCNotification) error {
	return t.InProcessTransport.SendNotification(context.WithValue(ctx, principalKey{}, t.as), n)
}

// Close ends the connection and takes the agent off every session's
// presence, so the person at one no longer sees it.
func (t *actingTransport) Close() error {
	err := t.InProcessTransport.Close()
	for _, sess := range t.srv.sessions.List() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, _ = sess.Dispatch(ctx, tea.DetachAgentMsg{Agent: presenceName(t.as)})
		cancel()
	}
	return err
}

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
