package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

// Limits of the SSH mode that have no flag.
const (
	sshIdleTimeout = 30 * time.Minute
	sshMaxTimeout  = 4 * time.Hour
)

// sshOptions are the --ssh flags.
type sshOptions struct {
	addr           string // --ssh ADDR: "" means no SSH mode
	hostKey        string
	authorizedKeys string
	maxSessions    int
	maxWindow      windowSize
	handshake      time.Duration
}

// windowSize is a WIDTHxHEIGHT flag value, in cells.
type windowSize struct{ width, height int }

// String implements flag.Value.
func (w *windowSize) String() string { return fmt.Sprintf("%dx%d", w.width, w.height) }

// Set implements flag.Value: s is WIDTHxHEIGHT, each at least 1.
func (w *windowSize) Set(s string) error {
	var width, height int
	var rest string
	if n, _ := fmt.Sscanf(s, "%dx%d%s", &width, &height, &rest); n != 2 || width < 1 || height < 1 {
		return fmt.Errorf("%q is not a window size: want WIDTHxHEIGHT in cells, each at least 1, such as %dx%d", s, ssh.DefaultMaxWidth, ssh.DefaultMaxHeight)
	}
	w.width, w.height = width, height
	return nil
}

// addSSHFlags declares the --ssh flags into o.
func addSSHFlags(fs *flag.FlagSet, o *sshOptions) {
	fs.StringVar(&o.addr, "ssh", "", "serve the catalog over SSH on `ADDR` (such as 127.0.0.1:2222), one session per connection")
	fs.StringVar(&o.hostKey, "ssh-host-key", "", "the SSH host key `PATH`, created on first run (default: facet/ssh_host_ed25519 in the user config directory)")
	fs.StringVar(&o.authorizedKeys, "ssh-authorized-keys", "", "admit only the public keys in this authorized_keys `FILE` (required to serve a non-loopback address)")
	fs.IntVar(&o.maxSessions, "ssh-max-sessions", 32, "refuse SSH sessions beyond `N` running at once (0: no cap)")
	o.maxWindow = windowSize{ssh.DefaultMaxWidth, ssh.DefaultMaxHeight}
	fs.Var(&o.maxWindow, "ssh-max-window", "clamp every SSH client's window to at most `WxH` cells")
	fs.DurationVar(&o.handshake, "ssh-handshake-timeout", 5*time.Second, "cut off an SSH client that has not logged in within `DURATION`")
}

// check reports --ssh-* flags that make no sense.
func (o sshOptions) check(list bool) error {
	switch {
	case o.addr == "" && (o.hostKey != "" || o.authorizedKeys != ""):
		return &usageError{err: errors.New("--ssh-host-key and --ssh-authorized-keys need --ssh ADDR")}
	case o.addr != "" && list:
		return &usageError{err: errors.New("--list and --ssh cannot be combined")}
	case o.maxSessions < 0:
		return &usageError{err: fmt.Errorf("--ssh-max-sessions %d: must be 0 (no cap) or more", o.maxSessions)}
	case o.handshake <= 0:
		return &usageError{err: fmt.Errorf("--ssh-handshake-timeout %s: must be more than 0", o.handshake)}
	}
	return nil
}

// runSSH serves the catalog browser (opened at opts.demo, if set) to every
// SSH connection, each in its own session, until ctx ends. It reports where
// it listens, and every connection, on stderr.
func runSSH(ctx context.Context, opts options, stderr io.Writer, sessions *tea.Sessions) error {
	if sessions == nil && opts.record != "" {
		recs, err := newRecorders(opts.record, stderr)
		if err != nil {
			return err
		}
		sessions = tea.NewSessions()
		defer recs.attach(sessions)()
	}
	newBrowser := func() tea.Model { return playground.NewBrowser() }
	if opts.demo != "" {
		newBrowser = func() tea.Model {
			b, err := playground.NewBrowserAt(opts.demo)
			if err != nil {
				return nil // checked by parseOptions
			}
			return b
		}
	}
	srv, err := ssh.New(ssh.Options{
		Addr:             opts.ssh.addr,
		HostKeyPath:      opts.ssh.hostKey,
		AuthorizedKeys:   opts.ssh.authorizedKeys,
		IdleTimeout:      sshIdleTimeout,
		MaxTimeout:       sshMaxTimeout,
		MaxSessions:      opts.ssh.maxSessions,
		MaxWidth:         opts.ssh.maxWindow.width,
		MaxHeight:        opts.ssh.maxWindow.height,
		HandshakeTimeout: opts.ssh.handshake,
		App:              tea.App{Name: "playground", New: newBrowser},
		AgentLabel:       opts.agentLabel,
		Sessions:         sessions,
		Invites:          invite.New(invite.Options{}),
		Logger:           slog.New(slog.NewTextHandler(stderr, nil)),
		NoAgents:         opts.mcp.http == "" && !opts.mcp.stdio,
		Accessible:       opts.accessible,
	})
	var bind *ssh.BindError
	if errors.As(err, &bind) {
		return &usageError{err: bindUsage{bind}}
	}
	if err != nil {
		return fmt.Errorf("--ssh: %w", err)
	}
	var lc net.ListenConfig
	l, err := lc.Listen(ctx, "tcp", opts.ssh.addr)
	if err != nil {
		return fmt.Errorf("--ssh: %w", err)
	}
	fmt.Fprintf(stderr, "playground: serving the catalog over SSH on %s; connect with: %s\n", l.Addr(), connectCommand(l.Addr().(*net.TCPAddr), os.Hostname))
	if err := srv.Serve(ctx, l); err != nil {
		if errors.As(err, &bind) {
			return &usageError{err: bindUsage{bind}}
		}
		return fmt.Errorf("--ssh: %w", err)
	}
	return nil
}

// connectCommand is the ssh command that reaches a server listening on
// addr: at its address, or, listening on every interface (0.0.0.0, ::), at
// this machine's name as hostname reports it.
func connectCommand(addr *net.TCPAddr, hostname func() (string, error)) string {
	host := addr.IP.String()
	if addr.Zone != "" {
		host += "%" + addr.Zone
	}
	if addr.IP.IsUnspecified() {
		host = "THIS-HOST"
		if name, err := hostname(); err == nil && name != "" {
			host = name
		}
	}
	return fmt.Sprintf("ssh -p %d %s", addr.Port, host)
}

// bindUsage says which flag lifts a *ssh.BindError.
type bindUsage struct{ *ssh.BindError }

func (e bindUsage) Error() string {
	return fmt.Sprintf("--ssh %s: refusing to serve a non-loopback address without authentication: any client that can reach it could connect; "+
		"set --ssh-authorized-keys FILE to admit only the keys it lists, or serve a loopback address such as 127.0.0.1:2222", e.Addr)
}

func (e bindUsage) Unwrap() error { return e.BindError }
