package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
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
	// modeVersion prints the version and exits.
	modeVersion
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
	// web holds the --web flags (see web.go).
	web webOptions
	// identity holds the flags that authenticate network clients (see
	// identity.go).
	identity identityOptions
	// cluster holds the --cluster flags (see cluster.go).
	cluster clusterOptions
	// agents holds the agent flags (--spawnable).
	agents agentOptions
	// agentLabel names agents on the marker line (set by runShared).
	agentLabel func(presence string) string
	// accessible speaks the terminal (and every SSH connection) for a
	// screen reader: --accessible, or ACCESSIBLE in the environment.
	accessible bool
	// record is the directory every session is recorded into (--record;
	// see record.go).
	record string
}

// usageError is a command-line mistake: the process exits with status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// dashFlag finds a flag as package flag's errors spell it ("-mcp"), to
// spell it as the usage does ("--mcp").
var dashFlag = regexp.MustCompile(`(not defined: |for flag |needs an argument: )-([^-\s])`)

// commandFlags are the flags that choose what the binary does instead of
// running apps.
type commandFlags struct {
	list    bool
	version bool
}

// newFlagSet declares the flags into o and c.
func newFlagSet(o *options, c *commandFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("playground", flag.ContinueOnError)
	fs.StringVar(&o.demo, "demo", "", "open the demo `NAME` directly (one of: "+strings.Join(playground.Names(), ", ")+")")
	fs.BoolVar(&c.list, "list", false, "print the catalog (name, title, description) and exit")
	fs.BoolVar(&c.version, "version", false, "print the version and exit")
	fs.BoolVar(&o.accessible, "accessible", terminal.AccessibleEnv(os.Environ()),
		"speak the terminal (and every --ssh connection) for a screen reader: plain lines, on start the screen's outline,\nthen only what changed (default: ACCESSIBLE=1 or true in the environment)")
	addSSHFlags(fs, &o.ssh)
	addMCPFlags(fs, &o.mcp)
	addWebFlags(fs, &o.web)
	addIdentityFlags(fs, &o.identity)
	addClusterFlags(fs, &o.cluster)
	addAgentFlags(fs, &o.agents)
	addRecordFlag(fs, &o.record)
	fs.Usage = func() { printUsage(fs) }
	return fs
}

// printUsage writes the help text, with every flag spelt --name as the
// command line takes it, to fs's output.
func printUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprintf(w, "Usage: playground [--demo NAME] [--list] [--ssh ADDR [--ssh-authorized-keys FILE]] [--mcp] [--http ADDR] [--web ADDR]\n                  [--cluster URL | --cluster-listen ADDR] [--node NAME]\n                  [--cluster-secret-file FILE] [--cluster-tls-cert FILE --cluster-tls-key FILE | --cluster-tls-ca FILE]\n\n"+
		"Runs Facet's demo apps in this terminal, over SSH, in browsers and for agents over MCP. With --http beside the\n"+
		"terminal or --ssh, each human session is also an MCP session (live, ssh1, ssh2, ...). With --http\n"+
		"and no terminal on stdin (a service, a container), it serves MCP over HTTP until SIGINT or SIGTERM.\n\n"+
		"Flags:\n")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintf(w, "%s\n    \t%s", line, strings.ReplaceAll(usage, "\n", "\n    \t"))
		if f.DefValue != "" && f.DefValue != "false" {
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

// usage returns the help text.
func usage() string {
	var b bytes.Buffer
	fs := newFlagSet(&options{}, &commandFlags{})
	fs.SetOutput(&b)
	fs.Usage()
	return b.String()
}

// parseOptions parses args (without the program name). Mistakes are
// *usageError values; -h and --help give flag.ErrHelp. It prints nothing:
// run prints the help on stdout and main reports a mistake on stderr.
func parseOptions(args []string) (options, error) {
	var o options
	var c commandFlags
	fs := newFlagSet(&o, &c)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, &usageError{err: errors.New(dashFlag.ReplaceAllString(err.Error(), "$1--$2"))}
	}
	if fs.NArg() > 0 {
		return o, &usageError{err: fmt.Errorf("unexpected argument %q: use --demo NAME to open a demo", fs.Arg(0))}
	}
	list := c.list
	if c.version {
		o.mode = modeVersion
		return o, nil
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
	if err := o.web.check(list); err != nil {
		return o, err
	}
	if err := o.identity.check(o.mcp.http != "", o.web.addr != ""); err != nil {
		return o, err
	}
	if err := o.cluster.check(list, o.mcp.enabled()); err != nil {
		return o, err
	}
	if err := o.agents.check(o.mcp.enabled()); err != nil {
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
