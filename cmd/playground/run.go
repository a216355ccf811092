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
	switch opts.mode {
	case modeList:
		return printCatalog(stdout)
	case modeTerminal:
		return runTerminal(ctx, opts, stdin, stdout)
	case modeSSH:
		return runSSH(ctx, opts, stderr)
		// --mcp (stdio) and --http ADDR will each add a case here that
		// calls its own runX in its own file (mcp.go, http.go, ...).
	}
	return fmt.Errorf("mode %d is not implemented", opts.mode)
}
