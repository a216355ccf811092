package main

import (
	"context"
	"regexp"
	"testing"
	"time"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/facettest"
)

// TestTheBubbleTeaProgramAndAnAgentShareThePoll runs the Bubble Tea program
// on an emulated terminal with the session served on a free port: the
// agent votes over HTTP and the program's screen shows it; the person
// votes with Enter and the agent's screenshot shows it; the parent program
// keeps its own lines and sees the keys.
func TestTheBubbleTeaProgramAndAnAgentShareThePoll(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	term := facettest.NewTerminal(t, 60, 12)
	var stderr facettest.SyncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "127.0.0.1:0", term, term, &stderr, bt.WithWindowSize(60, 12)) }()
	eventually := func(what string, got func() string, want string) {
		t.Helper()
		facettest.Eventually(t, what, got, want, stderr.String)
	}

	eventually("stderr", stderr.String, "/mcp")
	agent := facettest.HTTPAgent(ctx, t, regexp.MustCompile(`http://\S+/mcp`).FindString(stderr.String()), "embed-example-test")

	eventually("the program", term.Screen, "My Bubble Tea program")
	eventually("the program", term.Screen, "Ship it? yes 0 · no 0")
	agent.Call(ctx, sessionID+".no.click", nil)
	eventually("the program, after the agent's vote", term.Screen, "Ship it? yes 0 · no 1")

	// Yes has focus: the person's Enter votes yes; the parent counts it.
	term.Type(t, "\r")
	eventually("the agent's screenshot, after the person's Enter",
		func() string { return agent.Call(ctx, "facet_screenshot", map[string]any{"session": sessionID}) }, "Ship it? yes 1 · no 1")
	eventually("the program's footer", term.Screen, "keys seen: 1")

	term.Type(t, "\x03") // Ctrl+C
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve = %v, want nil after Ctrl+C", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return after Ctrl+C")
	}
}
