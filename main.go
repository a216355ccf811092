package facet

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/charmbracelet/x/term"

	"github.com/facetui/facet/tea"
)

// Main is a program's whole main: it serves app as Run does, where the
// command line says, until the person quits or the process is told to
// stop (SIGINT, SIGTERM). It adds its flags to the program's own
// (flag.CommandLine), so a program may declare more before it calls Main:
//
//	--ssh ADDR   serve the app over SSH on ADDR
//	--web ADDR   serve the app to browsers on ADDR
//	--mcp ADDR   serve MCP to agents over HTTP on ADDR, or with "stdio"
//	             on standard input and output
//
// When standard input is a terminal (and MCP is not on it), the app runs
// there too, as session "live". Main exits with status 2 for a mistake
// on the command line, 1 when serving fails, and 0 otherwise.
func Main(app tea.App) {
	opts, err := parseFlags(flag.CommandLine, os.Args[1:], app, isTerminal(os.Stdin))
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", app.Name, err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err = Run(ctx, opts)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", app.Name, err)
		os.Exit(1)
	}
}

// parseFlags adds Main's flags to fs and parses args: Options for app,
// with the terminal when stdin is one and MCP does not need it.
func parseFlags(fs *flag.FlagSet, args []string, app tea.App, terminal bool) (Options, error) {
	o := Options{App: app}
	fs.StringVar(&o.SSH, "ssh", "", "serve the app over SSH on `ADDR` (such as 127.0.0.1:2222), one session per connection")
	fs.StringVar(&o.Web, "web", "", "serve the app to browsers on `ADDR` (such as 127.0.0.1:8080), one session per tab")
	fs.StringVar(&o.MCP, "mcp", "", "serve MCP to agents over HTTP on `ADDR` (such as 127.0.0.1:8081; the endpoint is /mcp), or on standard input and output with \"stdio\"")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q: the flags are --ssh, --web and --mcp", fs.Args())
	}
	o.Terminal = terminal && o.MCP != Stdio
	if !o.Terminal && o.SSH == "" && o.Web == "" && o.MCP == "" {
		return o, errors.New("nothing to serve: standard input is not a terminal; serve the app with --ssh ADDR, --web ADDR or --mcp ADDR (or stdio)")
	}
	return o, nil
}

// isTerminal reports whether r is a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}
