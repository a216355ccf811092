package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/termtest"
)

// TestHeadlessHTTPServesUntilSIGTERM builds the binary and runs it as a
// service does: --http, stdin from /dev/null. It serves MCP over HTTP to a
// real client and exits 0 on SIGTERM.
func TestHeadlessHTTPServesUntilSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the playground")
	}
	bin := filepath.Join(t.TempDir(), "playground")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var stderr termtest.SyncBuffer
	cmd := exec.Command(bin, "--http", "127.0.0.1:0", "--allow-tools", "facet_list", "--allow-read-methods", "tools/list")
	cmd.Stdin = nil // /dev/null
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-exited
		}
	}()

	listening := regexp.MustCompile(httpListening)
	deadline := time.Now().Add(sharedWait)
	var base string
	for base == "" {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("the playground exited (%v) before serving; stderr:\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the playground never said where it serves; stderr:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The service line follows the address (the listener starts first).
	for !strings.Contains(stderr.String(), "no terminal on stdin") {
		if time.Now().After(deadline) {
			t.Fatalf("stderr does not say it runs headless:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}

	agent := httpAgent(t, base)
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_list"
	res, err := agent.CallTool(ctx, req)
	if err != nil || res.IsError {
		t.Fatalf("facet_list over HTTP: %v %+v", err, res)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v, want status 0; stderr:\n%s", err, stderr.String())
		}
	case <-time.After(sharedWait):
		t.Fatalf("the playground did not exit on SIGTERM; stderr:\n%s", stderr.String())
	}
}
