package mcptest

import (
	"time"

	"github.com/facetui/facet/render/mcp"
)

// DefaultID is the session id Start uses unless WithID says otherwise.
const DefaultID = "app"

// Option configures Start.
type Option func(*config)

type config struct {
	id            string
	app           string
	width, height int
	opts          mcp.Options
	server        *mcp.Server
	wait          time.Duration
}

// WithID runs the model as session id (1-32 characters of [A-Za-z0-9_-];
// default "app"). Tool names start with it: <id>.<widget>.<action>.
func WithID(id string) Option { return func(c *config) { c.id = id } }

// WithApp names the app the session runs, as facet_list reports it
// (default "mcptest").
func WithApp(name string) Option { return func(c *config) { c.app = name } }

// WithSize sets the screen size the session draws at (default 120x40, the
// size facet_start uses).
func WithSize(width, height int) Option {
	return func(c *config) { c.width, c.height = width, height }
}

// WithServerOptions configures the server Start builds (the tool name
// style, a call timeout, a policy). Options without an authorization policy
// get mcp.AllowAll; set Authorizer, AllowedTools, Policy, Production or
// Unguarded to test a policy instead. It is ignored with WithServer.
func WithServerOptions(opts mcp.Options) Option { return func(c *config) { c.opts = opts } }

// WithServer starts the session in srv instead of a server of its own, so
// several sessions of one test share a server (and its tool list). The
// harness stops its session at cleanup and leaves srv running.
func WithServer(srv *mcp.Server) Option { return func(c *config) { c.server = srv } }

// WithWaitTimeout sets how long WaitFor and AssertNotified wait for their
// condition (default WaitTimeout). A value of zero or less keeps the
// default.
func WithWaitTimeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.wait = d
		}
	}
}

func newConfig(opts []Option) config {
	c := config{id: DefaultID, app: "mcptest", width: mcp.DefaultWidth, height: mcp.DefaultHeight, wait: WaitTimeout}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// serverOptions returns the options the harness builds its server from. The
// harness is a trusted, in-process caller, and every write a widget offers
// is sensitive, so unless the test configured a policy of its own (to test
// that policy) the server allows every tool, explicitly rather than by the
// development default.
func serverOptions(o mcp.Options) mcp.Options {
	a := o.Auth
	configured := a.Authorizer != nil || a.AllowedTools != nil || a.Policy != "" || a.Unguarded || a.Production
	if !configured {
		o.Auth.Authorizer = mcp.AllowAll()
	}
	return o
}
