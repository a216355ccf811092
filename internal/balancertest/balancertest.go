// Package balancertest runs what a test or a load run of "any node serves
// any request" needs: playground processes (the built cmd/playground
// binary) on one NATS cluster, the first running the embedded NATS
// server, and Debian's haproxy in front of them, round robin, with a
// generated configuration.
//
// Nothing here depends on package testing: the load tool (cmd/loadtest)
// uses it as the tests of cmd/playground do.
package balancertest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/facetui/facet/internal/termtest"
)

// What a playground node prints once it serves.
const (
	// HTTPListening matches the line naming the node's MCP endpoint; its
	// group is the base URL (http://HOST:PORT).
	HTTPListening = `serving MCP over HTTP at (http://\S+)/mcp`
	// NATSListening matches the line of the node that runs the cluster's
	// NATS server; its group is the URL other nodes join.
	NATSListening = `runs the cluster's NATS server at (\S+);`
)

// ErrNoHAProxy is returned when haproxy is not on PATH (Debian: apt-get
// install haproxy).
var ErrNoHAProxy = errors.New("haproxy is not installed (apt-get install haproxy)")

// Node is one playground process.
type Node struct {
	// Name is the node's --node name, when it has one.
	Name string

	cmd    *exec.Cmd
	stderr termtest.SyncBuffer
	done   chan struct{} // closed once the process has exited
	err    error         // how it exited, once done is closed
}

// StartNode runs the playground binary bin with args, headless (stdin is
// /dev/null). A killed node leaves its embedded NATS server's store
// behind, so the process's temporary directory is tmp (removed by its
// caller) when tmp is not "".
func StartNode(bin, tmp string, args ...string) (*Node, error) {
	n := &Node{cmd: exec.Command(bin, args...), done: make(chan struct{})}
	for i, a := range args {
		if a == "--node" && i+1 < len(args) {
			n.Name = args[i+1]
		}
	}
	n.cmd.Stdin = nil
	n.cmd.SysProcAttr = endWithParent()
	if tmp != "" {
		n.cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	}
	n.cmd.Stderr = &n.stderr
	if err := n.cmd.Start(); err != nil {
		return nil, fmt.Errorf("balancertest: start %s: %w", bin, err)
	}
	go func() {
		n.err = n.cmd.Wait()
		close(n.done)
	}()
	return n, nil
}

// Stderr is what the node has printed on stderr so far.
func (n *Node) Stderr() string { return n.stderr.String() }

// Pid is the node's process id.
func (n *Node) Pid() int { return n.cmd.Process.Pid }

// Printed waits up to wait for the node to print a line matching pattern
// on stderr, and returns the pattern's first group.
func (n *Node) Printed(pattern string, wait time.Duration) (string, error) {
	re := regexp.MustCompile(pattern)
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if m := re.FindStringSubmatch(n.stderr.String()); m != nil {
			return m[1], nil
		}
		select {
		case <-n.done:
			if m := re.FindStringSubmatch(n.stderr.String()); m != nil {
				return m[1], nil
			}
			return "", fmt.Errorf("balancertest: the playground exited (%v) before printing %s; stderr:\n%s", n.err, pattern, n.stderr.String())
		case <-deadline.C:
			return "", fmt.Errorf("balancertest: the playground never printed %s in %s; stderr:\n%s", pattern, wait, n.stderr.String())
		case <-tick.C:
		}
	}
}

// Kill ends the process as a crash does (SIGKILL: nothing is cleaned up)
// and waits for it to be gone.
func (n *Node) Kill() error {
	if err := n.cmd.Process.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("balancertest: kill node %s: %w", n.Name, err)
	}
	<-n.done
	return nil
}

// Stop asks the process to end (SIGTERM) and kills it if it has not
// within wait. It answers nothing for a process already gone.
func (n *Node) Stop(wait time.Duration) error {
	select {
	case <-n.done:
		return nil
	default:
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
		return nil
	case <-time.After(wait):
		_ = n.cmd.Process.Kill()
		<-n.done
		return fmt.Errorf("balancertest: node %s did not stop in %s after SIGTERM; killed", n.Name, wait)
	}
}

// Cluster is playground nodes n1, n2, ... on one NATS cluster: n1 runs
// the embedded NATS server and the others join it.
type Cluster struct {
	Nodes []*Node
	// URLs are the nodes' MCP base URLs (http://HOST:PORT), in order.
	URLs []string
	// NATS is the URL the nodes joined.
	NATS string
}

// ClusterOptions say what cluster StartCluster starts.
type ClusterOptions struct {
	// Binary is the playground binary.
	Binary string
	// Nodes is how many (at least 1).
	Nodes int
	// Args are every node's flags besides --http, --cluster,
	// --cluster-listen and --node, which StartCluster adds (loopback
	// ports the system picks, names n1, n2, ...).
	Args []string
	// Tmp is the directory the nodes' temporary files go to ("": the
	// system's).
	Tmp string
	// Wait bounds each node's start.
	Wait time.Duration
}

// StartCluster starts o.Nodes playground nodes on one cluster and waits
// until each serves MCP over HTTP. On an error it stops what it started.
func StartCluster(o ClusterOptions) (c *Cluster, err error) {
	if o.Nodes < 1 {
		return nil, fmt.Errorf("balancertest: %d nodes: want at least 1", o.Nodes)
	}
	c = &Cluster{}
	defer func() {
		if err != nil {
			_ = c.Close()
			c = nil
		}
	}()
	for i := range o.Nodes {
		name := fmt.Sprintf("n%d", i+1)
		args := append([]string{"--http", "127.0.0.1:0", "--node", name}, o.Args...)
		if i == 0 {
			args = append(args, "--cluster-listen", "127.0.0.1:0")
		} else {
			args = append(args, "--cluster", c.NATS)
		}
		n, err := StartNode(o.Binary, o.Tmp, args...)
		if err != nil {
			return nil, err
		}
		c.Nodes = append(c.Nodes, n)
		if i == 0 {
			if c.NATS, err = n.Printed(NATSListening, o.Wait); err != nil {
				return nil, err
			}
		}
	}
	for _, n := range c.Nodes {
		u, err := n.Printed(HTTPListening, o.Wait)
		if err != nil {
			return nil, err
		}
		c.URLs = append(c.URLs, u)
	}
	return c, nil
}

// Close stops every node still running, the ones that joined first (the
// first runs the NATS server they use).
func (c *Cluster) Close() error {
	var errs []error
	for i := len(c.Nodes) - 1; i >= 0; i-- {
		errs = append(errs, c.Nodes[i].Stop(10*time.Second))
	}
	return errors.Join(errs...)
}

// Balancer is a running haproxy.
type Balancer struct {
	// URL is its base URL (http://127.0.0.1:PORT).
	URL string

	cmd  *exec.Cmd
	log  termtest.SyncBuffer
	done chan struct{}
	err  error
}

// Config is the haproxy configuration StartBalancer writes: HTTP on addr,
// each request to the next of servers (HOST:PORT or http://HOST:PORT) in
// turn, a line logged per request naming the server that answered
// ("be/n1", "be/n2", ... in server order). A request that carries an
// Mcp-Session-Id (an older client's, whose session lives on one node) goes
// to the node whose answer set that id. A request a server refuses to
// connect (a dead node) goes to another.
func Config(addr string, servers []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
  maxconn 2048
  log stdout format raw local0
defaults
  mode http
  log global
  option httplog
  option http-keep-alive
  option redispatch 1
  retries 2
  timeout connect 5s
  timeout client 60s
  timeout server 60s
frontend fe
  bind %s
  default_backend be
backend be
  balance roundrobin
  stick-table type string len 128 size 100k expire 30m
  stick on req.hdr(mcp-session-id)
  stick store-response res.hdr(mcp-session-id)
`, addr)
	for i, s := range servers {
		fmt.Fprintf(&b, "  server n%d %s\n", i+1, strings.TrimPrefix(s, "http://"))
	}
	return b.String()
}

// StartBalancer runs haproxy with Config on a free loopback port, its
// configuration file in dir, and waits up to wait for it to listen. It
// answers ErrNoHAProxy when haproxy is not installed.
func StartBalancer(dir string, servers []string, wait time.Duration) (*Balancer, error) {
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		return nil, ErrNoHAProxy
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("balancertest: pick a port: %w", err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(Config(addr, servers)), 0o600); err != nil {
		return nil, fmt.Errorf("balancertest: %w", err)
	}
	b := &Balancer{URL: "http://" + addr, cmd: exec.Command(bin, "-db", "-f", cfg), done: make(chan struct{})}
	b.cmd.Stdout, b.cmd.Stderr = &b.log, &b.log
	b.cmd.SysProcAttr = endWithParent()
	if err := b.cmd.Start(); err != nil {
		return nil, fmt.Errorf("balancertest: start haproxy: %w", err)
	}
	go func() {
		b.err = b.cmd.Wait()
		close(b.done)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var d net.Dialer
	for {
		if c, err := d.DialContext(ctx, "tcp", addr); err == nil {
			_ = c.Close()
			return b, nil
		}
		select {
		case <-b.done:
			return nil, fmt.Errorf("balancertest: haproxy exited: %v\n%s", b.err, b.log.String())
		case <-ctx.Done():
			_ = b.Close()
			return nil, fmt.Errorf("balancertest: haproxy did not listen on %s in %s:\n%s", addr, wait, b.log.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Pid is haproxy's process id.
func (b *Balancer) Pid() int { return b.cmd.Process.Pid }

// Log is what haproxy has logged so far: a line per request.
func (b *Balancer) Log() string { return b.log.String() }

// Close stops haproxy.
func (b *Balancer) Close() error {
	_ = b.cmd.Process.Signal(syscall.SIGTERM)
	<-b.done
	return nil
}

// Build builds the playground binary (github.com/facetui/facet/cmd/playground)
// into dir and returns its path. It runs the go command, so it works from
// within the module's source.
func Build(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "playground")
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/facetui/facet/cmd/playground").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("balancertest: go build: %w\n%s", err, out)
	}
	return bin, nil
}
