package facet

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// agents is the MCP server as Run uses it: the one place in this package
// that knows render/mcp's serving API.
type agents struct {
	srv *mcp.Server
}

// newAgents makes the MCP server of o on sessions. With no policy in
// o.MCPOptions, agents may call every tool and read every resource: the
// program chose to serve them its app.
func newAgents(o Options, sessions *tea.Sessions, logger *slog.Logger) (*agents, error) {
	mo := o.MCPOptions
	mo.Apps = o.Apps
	mo.Sessions = sessions
	if o.MCP != Stdio {
		mo.HTTP.Addr = o.MCP
	}
	if mo.Authorizer == nil && mo.AllowedTools == nil && mo.Policy == "" {
		mo.AllowedTools = []string{"*"}
	}
	if mo.ReadAuthorizer == nil && mo.AllowedReadMethods == nil {
		mo.AllowedReadMethods = []string{"*"}
	}
	if mo.Logger == nil {
		mo.Logger = logger
	}
	srv, err := mcp.New(mo)
	if err != nil {
		return nil, err
	}
	return &agents{srv: srv}, nil
}

// ready reports whether the server would serve HTTP on addr.
func (a *agents) ready(addr net.Addr) error {
	if err := a.srv.NetworkReady(); err != nil {
		return err
	}
	return a.srv.HTTPReady(addr)
}

// serve serves MCP over HTTP on ln until ctx ends.
func (a *agents) serve(ctx context.Context, ln net.Listener) error {
	if err := a.srv.ServeHTTPListener(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// serveStdio serves MCP on in and out until ctx ends or in does.
func (a *agents) serveStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	return a.srv.ServeStdio(ctx, in, out)
}

// close stops the server.
func (a *agents) close() { a.srv.Close() }
