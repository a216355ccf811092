package main

import (
	"context"
	"fmt"
	"io"
)

// run is the whole program: it parses args and runs the chosen mode. It
// never exits the process; main maps its error to an exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseOptions(args, stderr)
	if err != nil {
		return err
	}
	if opts.mode == modeList {
		return printCatalog(stdout)
	}
	if !opts.mcp.enabled() {
		switch opts.mode {
		case modeTerminal:
			return runTerminal(ctx, opts, stdin, stdout)
		case modeSSH:
			return runSSH(ctx, opts, stderr, nil)
		}
		return fmt.Errorf("mode %d is not implemented", opts.mode)
	}
	return runShared(ctx, opts, stdin, stdout, stderr)
}
