// Package examples_test checks the examples as a user gets them: each one
// builds, serves itself over MCP, and imports nothing a user cannot.
package examples_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/facettest"
)

// TestEveryExampleServesItselfOverStdio builds each example and starts it
// from a real MCP client over the binary's stdin and stdout.
func TestEveryExampleServesItselfOverStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the examples")
	}
	cases := []struct{ pkg, app, screen string }{
		{"todo", "todo", "To-do"},
		{"signup", "signup", "Create your account"},
		{"filebrowser", "files", "README"},
		{"mediaplayer", "player", "Miles Davis"},
		{"bubbles", "bubbles", "Bubble Tea components in a Facet app"},
		{"btprogram", "btprogram", "Basket: (empty)"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			bin := filepath.Join(dir, c.pkg)
			if out, err := exec.Command("go", "build", "-o", bin, "./"+c.pkg).CombinedOutput(); err != nil {
				t.Fatalf("build: %v\n%s", err, out)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			agent := facettest.StdioAgent(ctx, t, "examples-test", bin, "--mcp", "stdio")
			agent.Call(ctx, "facet_start", map[string]any{"app": c.app, "session": "ex"})
			if shot := agent.Call(ctx, "facet_screenshot", map[string]any{"session": "ex"}); !strings.Contains(shot, c.screen) {
				t.Fatalf("screen lacks %q:\n%s", c.screen, shot)
			}
		})
	}
}
