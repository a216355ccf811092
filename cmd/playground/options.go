package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/facetui/facet/playground"
)

// mode is what the binary does with its apps.
type mode int

const (
	// modeTerminal runs the catalog (or one demo) in this terminal.
	modeTerminal mode = iota
	// modeList prints the catalog and exits.
	modeList
	// modeSSH serves the catalog over SSH (--ssh ADDR; see ssh.go).
	modeSSH
	// modeMCP serves MCP on stdio only (--mcp without --ssh; see mcp.go).
	modeMCP
)

// options is the parsed command line.
type options struct {
	mode mode
	// demo is the catalog name of the demo to open directly ("" for the
	// catalog).
	demo string
	// ssh holds the --ssh flags.
	ssh sshOptions
	// mcp holds the MCP flags (--mcp, --http and the policy).
	mcp mcpOptions
}

// usageError is a command-line mistake: the process exits with status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// newFlagSet declares the flags into o.
func newFlagSet(o *options, list *bool, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("playground", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.demo, "demo", "", "open the demo `NAME` directly (one of: "+strings.Join(playground.Names(), ", ")+")")
	fs.BoolVar(list, "list", false, "print the catalog (name, title, description) and exit")
	addSSHFlags(fs, &o.ssh)
	addMCPFlags(fs, &o.mcp)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: playground [--demo NAME] [--list] [--ssh ADDR [--ssh-authorized-keys FILE]] [--mcp] [--http ADDR]\n\n"+
			"Runs Facet's demo apps in this terminal, over SSH, and for agents over MCP. With --http beside the\n"+
			"terminal or --ssh, each human session is also an MCP session (live, ssh1, ssh2, ...).\n\n")
		fs.PrintDefaults()
	}
	return fs
}

// parseOptions parses args (without the program name). Mistakes are
// *usageError values; -h and --help give flag.ErrHelp.
func parseOptions(args []string, stderr io.Writer) (options, error) {
	var o options
	var list bool
	fs := newFlagSet(&o, &list, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, &usageError{err: err}
	}
	if fs.NArg() > 0 {
		return o, &usageError{err: fmt.Errorf("unexpected argument %q: use --demo NAME to open a demo", fs.Arg(0))}
	}
	if list {
		o.mode = modeList
	}
	if err := o.ssh.check(list); err != nil {
		return o, err
	}
	if o.ssh.addr != "" {
		o.mode = modeSSH
	}
	if err := o.mcp.check(list); err != nil {
		return o, err
	}
	if o.mcp.stdio && o.ssh.addr == "" {
		o.mode = modeMCP
	}
	if o.demo != "" {
		if _, err := playground.Lookup(o.demo); err != nil {
			return o, &usageError{err: fmt.Errorf("--demo: %w", err)}
		}
	}
	return o, nil
}
