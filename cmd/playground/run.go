package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// errNoTerminal is the mistake of running a terminal mode with standard
// input that is not a terminal (a service, a pipe, /dev/null).
var errNoTerminal = errors.New("standard input is not a terminal: run the playground in one, or serve it without one with --mcp (stdio), --http ADDR, --ssh ADDR or --web ADDR")

// run is the whole program: it parses args and runs the chosen mode. It
// never exits the process; main maps its error to an exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseOptions(args)
	if errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, usage())
		return err
	}
	if err != nil {
		return err
	}
	switch opts.mode {
	case modeList:
		return printCatalog(stdout)
	case modeVersion:
		_, err := fmt.Fprintln(stdout, versionLine())
		return err
	}
	if !opts.mcp.enabled() {
		if opts.web.addr != "" {
			return runServices(ctx, opts, stderr)
		}
		switch opts.mode {
		case modeTerminal:
			if !isTerminal(stdin) {
				return &usageError{err: errNoTerminal}
			}
			return runTerminal(ctx, opts, stdin, stdout)
		case modeSSH:
			return runSSH(ctx, opts, stderr, nil)
		}
		return fmt.Errorf("mode %d is not implemented", opts.mode)
	}
	return runShared(ctx, opts, stdin, stdout, stderr)
}

// isTerminal reports whether r is a terminal. Only a file can fail the
// test: any other reader (a test's pipe, an SSH channel) is its caller's
// choice of terminal input.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return !ok || term.IsTerminal(f.Fd())
}
