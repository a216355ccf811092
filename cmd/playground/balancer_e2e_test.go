package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// balancer runs Debian's haproxy on a free loopback port, sending each
// request to the next of servers in turn, until the test ends; it returns
// the balancer's base URL and its log (a line per request, naming the
// server that answered it). The test skips when haproxy is not installed
// (.ci/run installs it).
func balancer(t *testing.T, servers []string) (string, *syncBuffer) {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("haproxy is not installed (apt-get install haproxy): the load-balanced cluster test needs it")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var b strings.Builder
	fmt.Fprintf(&b, "global\n  maxconn 256\n  log stdout format raw local0\ndefaults\n  mode http\n  log global\n  option httplog\n  option http-server-close\n  timeout connect 5s\n  timeout client 60s\n  timeout server 60s\nfrontend fe\n  bind %s\n  default_backend be\nbackend be\n  balance roundrobin\n", addr)
	for i, s := range servers {
		fmt.Fprintf(&b, "  server n%d %s\n", i+1, strings.TrimPrefix(s, "http://"))
	}
	cfg := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-db", "-f", cfg)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		<-exited
		if t.Failed() {
			t.Logf("haproxy:\n%s", out.String())
		}
	})
	for deadline := time.Now().Add(clientWait); ; time.Sleep(10 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr, out
		}
		select {
		case err := <-exited:
			t.Fatalf("haproxy exited: %v\n%s", err, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy did not listen on %s:\n%s", addr, out.String())
		}
	}
}

// statelessAgent is mcp-go's client speaking 2026-07-28 to base with a
// bearer token: every request stands alone, so a balancer may send each
// to any node.
func statelessAgent(t *testing.T, base, token string) *sharedRig {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(base+"/mcp", transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr)
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	req := sdk.InitializeRequest{}
	req.Params.ClientInfo = sdk.Implementation{Name: "balancer-test", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil || res.ProtocolVersion != sdk.ProtocolVersion20260728 {
		t.Fatalf("initialize through the balancer: %v %v", res, err)
	}
	return &sharedRig{t: t, agent: c}
}

// TestAnyNodeBehindABalancerServesAPrincipal: three playground processes
// on one NATS cluster behind haproxy, round robin; a principal's
// stateless requests land on any node, and its private session, started
// wherever the first landed, is listed, driven, read and stopped through
// all of them, every call exact; another principal reaches none of it.
func TestAnyNodeBehindABalancerServesAPrincipal(t *testing.T) {
	if _, err := exec.LookPath("haproxy"); err != nil {
		t.Skip("haproxy is not installed (apt-get install haproxy): the load-balanced cluster test needs it")
	}
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("ada "+playgroundToken+"\nbob bob-0123456789abcdef0123456789abcdef00\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	common := []string{"--http", "127.0.0.1:0", "--http-tokens", tokens, "--allow-tools=*", "--allow-read-methods=*"}
	first := startNode(t, append(common, "--cluster-listen", "127.0.0.1:0", "--node", "n1")...)
	natsURL := first.printed(`runs the cluster's NATS server at (\S+);`)
	second := startNode(t, append(common, "--cluster", natsURL, "--node", "n2")...)
	third := startNode(t, append(common, "--cluster", natsURL, "--node", "n3")...)
	var servers []string
	for _, n := range []*node{first, second, third} {
		servers = append(servers, n.printed(httpListening))
	}
	t.Cleanup(func() {
		if t.Failed() {
			for i, n := range []*node{first, second, third} {
				t.Logf("n%d's stderr:\n%s", i+1, n.stderr.String())
			}
		}
	})
	lb, log := balancer(t, servers)
	ada := statelessAgent(t, lb, playgroundToken)
	bob := statelessAgent(t, lb, "bob-0123456789abcdef0123456789abcdef00")

	ada.mustCall("facet_start", map[string]any{"app": "counter", "id": "mine"})
	// Every node knows of it once three lists in a row (one per node)
	// show it.
	for seen := 0; seen < 3; {
		list := ada.mustCall("facet_list", nil)
		if strings.Contains(list, "mine") {
			seen++
			continue
		}
		seen = 0
		ada.eventually("the session on every node's list", func() string { return ada.mustCall("facet_list", nil) },
			func(s string) bool { return strings.Contains(s, "mine") })
	}
	const clicks = 6 // two through each node
	for i := 0; i < clicks; i++ {
		ada.mustCall("facet_act", map[string]any{"session": "mine", "widget": "inc", "action": "click"})
	}
	for i := 0; i < 3; i++ {
		if screen := ada.mustCall("facet_screenshot", map[string]any{"id": "mine"}); !strings.Contains(screen, fmt.Sprintf("Count: %d", clicks)) {
			t.Fatalf("after %d clicks through the balancer, a screenshot (read %d) shows:\n%s", clicks, i+1, screen)
		}
	}
	for i := 0; i < 3; i++ {
		if list := bob.mustCall("facet_list", nil); strings.Contains(list, "mine") {
			t.Fatalf("bob's facet_list (through node %d of 3) lists ada's private session:\n%s", i+1, list)
		}
		if out, isErr := bob.call("facet_act", map[string]any{"session": "mine", "widget": "inc", "action": "click"}); !isErr {
			t.Fatalf("bob clicked ada's session through the balancer: %s", out)
		}
	}
	// The requests did land on every node.
	for _, n := range []string{"be/n1 ", "be/n2 ", "be/n3 "} {
		if !strings.Contains(log.String(), n) {
			t.Fatalf("the balancer sent no request to %s:\n%s", strings.TrimSpace(n), log.String())
		}
	}
	ada.mustCall("facet_stop", map[string]any{"id": "mine"})
	ada.eventually("the stopped session gone from every node's list", func() string {
		var all strings.Builder
		for i := 0; i < 3; i++ {
			all.WriteString(ada.mustCall("facet_list", nil))
		}
		return all.String()
	}, func(s string) bool { return !strings.Contains(s, "mine") })
}
