package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/terminal"
)

// TestPersonAndAgentShareTheLiveSession runs serve on an emulated terminal
// and a free port, and drives the one session from both sides: the agent
// clicks over HTTP and the terminal shows it; the person presses Enter and
// the agent's screenshot shows it.
func TestPersonAndAgentShareTheLiveSession(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	emu := vt.NewSafeEmulator(80, 24)
	drained := make(chan struct{})
	go func() { // the emulator blocks until its replies are read
		defer close(drained)
		_, _ = io.Copy(io.Discard, emu)
	}()
	inR, inW := io.Pipe()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", inR, crlf{emu}, &stderr, terminal.WithSize(80, 24)) }()
	defer func() {
		_ = inW.Close()
		_ = emu.InputPipe().(io.Closer).Close()
		<-drained
	}()
	screen := func() string { return ansi.Strip(emu.Render()) }
	eventually := func(what string, got func() string, want string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(got(), want) {
			if time.Now().After(deadline) {
				t.Fatalf("%s never showed %q; it shows:\n%s\nstderr: %s", what, want, got(), stderr.String())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}

	eventually("stderr", stderr.String, "/mcp")
	url := regexp.MustCompile(`http://\S+/mcp`).FindString(stderr.String())
	agent := httpAgent(ctx, t, url)
	call := func(name string, args map[string]any) string {
		t.Helper()
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = name, args
		res, err := agent.CallTool(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(sdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		if res.IsError {
			t.Fatalf("%s: %s", name, b.String())
		}
		return b.String()
	}

	eventually("the terminal", screen, "Count: 0")
	call("live.inc.click", nil)
	eventually("the terminal, after the agent's click", screen, "Count: 1")

	// The first button has focus: the person's Enter presses it.
	if _, err := io.WriteString(inW, "\r"); err != nil {
		t.Fatal(err)
	}
	eventually("the agent's screenshot, after the person's Enter",
		func() string { return call("facet_screenshot", map[string]any{"id": liveID}) }, "Count: 2")

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after its context ended = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return after its context ended")
	}
}

// httpAgent is a streamable-HTTP MCP client of url, initialized.
func httpAgent(ctx context.Context, t *testing.T, url string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = sdk.Implementation{Name: "shared-example-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("initialize over HTTP: %v", err)
	}
	return c
}

// crlf turns "\n" into "\r\n", as a terminal's line discipline would.
type crlf struct{ w io.Writer }

func (c crlf) Write(p []byte) (int, error) {
	if _, err := c.w.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// syncBuffer is a bytes.Buffer written by one goroutine and read by another.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
