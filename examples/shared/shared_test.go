package main

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/facetui/facet/examples/internal/exampletest"
	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/terminal"
)

// TestPersonAndAgentShareTheLiveSession runs serve on an emulated terminal
// and a free port, and drives the one session from both sides: the agent
// clicks over HTTP and the terminal shows it; the person presses Enter and
// the agent's screenshot shows it.
func TestPersonAndAgentShareTheLiveSession(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	term := termtest.NewTerminal(t, 80, 24)
	var stderr termtest.SyncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", term, term, &stderr, terminal.WithSize(80, 24)) }()
	eventually := func(what string, got func() string, want string) {
		t.Helper()
		termtest.Eventually(t, what, got, want, stderr.String)
	}

	eventually("stderr", stderr.String, "/mcp")
	agent := exampletest.HTTPAgent(ctx, t, regexp.MustCompile(`http://\S+/mcp`).FindString(stderr.String()), "shared-example-test")

	eventually("the terminal", term.Screen, "Count: 0")
	agent.Call(ctx, "live.inc.click", nil)
	eventually("the terminal, after the agent's click", term.Screen, "Count: 1")

	// The first button has focus: the person's Enter presses it.
	term.Type(t, "\r")
	eventually("the agent's screenshot, after the person's Enter",
		func() string { return agent.Call(ctx, "facet_screenshot", map[string]any{"session": liveID}) }, "Count: 2")

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
