// Command playground runs Facet's demo apps.
//
//	go run ./cmd/playground                 # the catalog, in this terminal
//	go run ./cmd/playground --demo search   # one demo directly (esc: catalog)
//	go run ./cmd/playground --list          # print the catalog
//	go run ./cmd/playground --ssh 127.0.0.1:2222   # the catalog over SSH: ssh -p 2222 localhost
//	go run ./cmd/playground --mcp           # MCP on stdio, for an agent
//	go run ./cmd/playground --help          # every flag
//	go run ./cmd/playground --version
//	go run ./cmd/playground --web 127.0.0.1:8809   # the catalog in a browser: http://127.0.0.1:8809/
//
// With --http ADDR and no terminal on stdin (a service, a container), it
// serves MCP over HTTP until SIGINT or SIGTERM. Unknown flags or demo
// names exit with status 2 and say what is valid.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// exitCode reports err on stderr and maps it to the process's exit status:
// 0 for success or -h, 2 for a usage error, 1 for anything else.
func exitCode(err error, stderr io.Writer) int {
	var ue *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "playground: %v\nRun playground --help for usage.\n", err)
		return 2
	case errors.Is(err, context.Canceled):
		return 1
	default:
		fmt.Fprintf(stderr, "playground: %v\n", err)
		return 1
	}
}
