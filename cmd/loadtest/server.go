package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

// The servers a run compares.
const (
	kindFacet = "facet"
	kindPlain = "plain"
	// kindFacetNoTravel is Facet with time travel off
	// (ssh.Options.TimeTravelFrames -1): what the frames it keeps cost.
	kindFacetNoTravel = "facet-notravel"
)

// serveFacet serves the playground's counter demo over render/ssh on l, as
// `playground --ssh ADDR --demo counter` does, until ctx ends, each
// connection keeping travelFrames frames for time travel
// (ssh.Options.TimeTravelFrames: 0 is render/ssh's default). Host keys go
// to a temporary directory.
func serveFacet(ctx context.Context, l net.Listener, travelFrames int) error {
	dir, err := os.MkdirTemp("", "facet-loadtest-")
	if err != nil {
		return fmt.Errorf("facet: %w", err)
	}
	defer os.RemoveAll(dir)
	srv, err := ssh.New(ssh.Options{
		HostKeyPath: filepath.Join(dir, "host_key"),
		App: tea.App{Name: "playground", New: func() tea.Model {
			b, err := playground.NewBrowserAt("counter")
			if err != nil {
				return nil
			}
			return b
		}},
		NoAgents:         true,
		TimeTravelFrames: travelFrames,
	})
	if err != nil {
		return fmt.Errorf("facet: %w", err)
	}
	return srv.Serve(ctx, l)
}

// serve serves kind on l until ctx ends; the echo server answers the
// answers in the file at path answers (writeAnswers).
func serve(ctx context.Context, kind string, l net.Listener, answers string) error {
	switch kind {
	case kindFacet:
		return serveFacet(ctx, l, 0)
	case kindFacetNoTravel:
		return serveFacet(ctx, l, -1)
	case kindPlain:
		return servePlain(ctx, l)
	case kindMCP:
		return serveMCP(ctx, l)
	case kindEcho:
		return serveEcho(ctx, l, answers)
	}
	_ = l.Close()
	return fmt.Errorf("unknown server %q: one of %s, %s, %s, %s, %s", kind, kindFacet, kindFacetNoTravel, kindPlain, kindMCP, kindEcho)
}

// server is a server under load: where it listens and which process runs
// it (for its RSS and CPU).
type server struct {
	addr string
	pid  int
	stop func() error
}

// startInProcess serves kind on a loopback port in this process (the echo
// server answering the answers in the file at path answers).
func startInProcess(kind, answers string) (*server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, kind, l, answers) }()
	return &server{addr: l.Addr().String(), pid: os.Getpid(), stop: func() error {
		cancel()
		return <-done
	}}, nil
}

// listeningPrefix starts the line a server child prints once it listens.
const listeningPrefix = "listening on "

// startChild runs kind in a child process of this program (run with
// -serve), so that its RSS and CPU are the server's alone. The child ends
// when stop is called, when this process ends (its stdin closes), or
// after limit.
func startChild(kind string, limit time.Duration, extra ...string) (*server, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("starting the %s server: %w", kind, err)
	}
	cmd := exec.Command(exe, append([]string{"-serve", kind, "-serve-limit", limit.String()}, extra...)...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the %s server: %w", kind, err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if !strings.HasPrefix(line, listeningPrefix) {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("the %s server did not start: %q, %v", kind, line, err)
	}
	return &server{addr: strings.TrimSpace(strings.TrimPrefix(line, listeningPrefix)), pid: cmd.Process.Pid, stop: func() error {
		_ = stdin.Close() // the child stops when its stdin ends
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			return fmt.Errorf("the %s server did not stop in 10s; killed", kind)
		}
	}}, nil
}

// serveChild is the child's side of startChild: it serves kind on a
// loopback port, prints where, and stops when stdin ends or after limit.
// The echo server answers the answers in the file at path answers.
func serveChild(kind string, limit time.Duration, answers string, stdin io.Reader, stdout io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	go func() {
		_, _ = io.Copy(io.Discard, stdin)
		cancel()
	}()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s%s\n", listeningPrefix, l.Addr())
	err = serve(ctx, kind, l, answers)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}
