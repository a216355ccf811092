package facet

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// Stdio, as Options.MCP, serves MCP on standard input and output (Input
// and Output) instead of over HTTP.
const Stdio = "stdio"

// LiveSession is the id of the terminal's session: an agent drives it
// with the tools named live_<widget>_<action>.
const LiveSession = "live"

// Options say what Run serves, and where. App is required, and at least
// one of Terminal, SSH, Web and MCP.
type Options struct {
	// App is what people run: in this terminal, on each SSH connection and
	// in each browser tab, each a session of its own.
	App tea.App
	// Apps are the apps agents may start with facet_start; App alone when
	// nil. A catalog gives App a model that lists and opens the others.
	Apps []tea.App

	// Terminal runs App in this terminal (Input and Output) as session
	// LiveSession; Run returns when the person quits.
	Terminal bool
	// SSH is the address to serve App on over SSH, one session per
	// connection (ssh1, ssh2, ...). Off loopback it needs
	// SSHOptions.AuthorizedKeys.
	SSH string
	// Web is the address to serve App on to browsers, one session per tab
	// (web1, web2, ...). Off loopback it needs WebOptions.AllowedHosts and
	// WebOptions.Login.
	Web string
	// MCP is the address to serve MCP on over streamable HTTP (at /mcp),
	// or Stdio. Agents see every session of the registry and may start
	// Apps. Unless MCPOptions chooses a policy, an agent may call every
	// tool and read every resource; off loopback render/mcp also needs
	// MCPOptions.HTTP.AllowedHosts and an Authenticator.
	MCP string

	// Sessions is the registry every renderer starts its sessions in; Run
	// makes one when nil, and stops its sessions when it returns.
	Sessions *tea.Sessions

	// Input and Output are the terminal's, and MCP's with Stdio: os.Stdin
	// and os.Stdout when nil.
	Input  io.Reader
	Output io.Writer
	// Log receives one line for each address served and the servers'
	// warnings: os.Stderr when nil.
	Log io.Writer

	// TerminalOptions are more options for the terminal (render/terminal):
	// a theme, a fixed size.
	TerminalOptions []terminal.Option
	// SSHOptions configure the SSH server past its address: the host key,
	// authorized keys, limits. Run sets its Addr, App, Sessions and
	// NoAgents.
	SSHOptions ssh.Options
	// WebOptions configure the browser renderer past its address: allowed
	// hosts, a login, a theme. Run sets its Addr, App, Sessions and
	// NoAgents.
	WebOptions web.Options
	// MCPOptions configure the MCP server past its address: the tool and
	// read policy, identities, limits. Run sets its Apps, Sessions and
	// HTTP address.
	MCPOptions mcp.Options
}

// ErrNothingToServe is Run's error for Options that ask for no terminal
// and no address.
var ErrNothingToServe = errors.New("nothing to serve: run it in a terminal, or serve it on an address (SSH, Web, MCP)")

// resolve checks o and fills in its defaults.
func (o Options) resolve() (Options, error) {
	if err := o.App.Validate(); err != nil {
		return o, fmt.Errorf("facet: Options.App: %w", err)
	}
	if o.Apps == nil {
		o.Apps = []tea.App{o.App}
	}
	for i, a := range o.Apps {
		if err := a.Validate(); err != nil {
			return o, fmt.Errorf("facet: Options.Apps[%d]: %w", i, err)
		}
	}
	switch {
	case !o.Terminal && o.SSH == "" && o.Web == "" && o.MCP == "":
		return o, fmt.Errorf("facet: %w", ErrNothingToServe)
	case o.Terminal && o.MCP == Stdio:
		return o, errors.New("facet: Options.Terminal and MCP on Stdio both need standard input: serve MCP over HTTP (an address) instead")
	}
	if o.Input == nil {
		o.Input = os.Stdin
	}
	if o.Output == nil {
		o.Output = os.Stdout
	}
	if o.Log == nil {
		o.Log = os.Stderr
	}
	return o, nil
}
