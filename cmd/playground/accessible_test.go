package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/internal/termtest"
)

// runPlayground runs the binary's run with args on an emulated terminal
// until want shows, types keys, and returns everything written once it
// has quit.
func runPlayground(t *testing.T, args []string, want string, keys ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	term := termtest.NewTerminal(t, 200, 40)
	var out, errOut termtest.SyncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, term, io.MultiWriter(&out, term), &errOut) }()
	termtest.Eventually(t, "the output", out.String, want, errOut.String)
	for _, k := range keys {
		term.Type(t, k)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run %q = %v, want nil after quitting", args, err)
		}
	case <-ctx.Done():
		t.Fatalf("run %q did not return; it wrote:\n%s", args, out.String())
	}
	return out.String()
}

// --accessible, or ACCESSIBLE=1 in the environment, speaks the terminal
// in plain lines: the demo's outline, then what the keys change.
// --accessible=false overrides the environment.
func TestAccessibleFlagAndEnvironmentSpeakTheTerminal(t *testing.T) {
	for _, c := range []struct {
		name string
		env  string
		args []string
	}{
		{"flag", "", []string{"--accessible", "--demo", "counter"}},
		{"environment", "1", []string{"--demo", "counter"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("ACCESSIBLE", c.env)
			out := runPlayground(t, c.args, "focus: button +1\r\n", "\r", "\x03")
			for _, want := range []string{"playground\r\n", "group Counter\r\n", "Count: 0\r\n", "button Reset, disabled (the count is 0)\r\n"} {
				if !strings.Contains(out, want) {
					t.Errorf("the outline lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "\x1b") {
				t.Errorf("the accessible terminal wrote escape sequences: %q", out)
			}
		})
	}
	t.Run("flag off", func(t *testing.T) {
		t.Setenv("ACCESSIBLE", "1")
		// Drawn on the alternate screen, not spoken.
		runPlayground(t, []string{"--accessible=false", "--demo", "counter"}, "\x1b[?1049h", "\x03")
	})
}

// The README's accessible sample is what the playground says, line for
// line: --demo counter, then Enter and ?.
func TestReadmeAccessibleSampleIsWhatThePlaygroundSays(t *testing.T) {
	readme, err := os.ReadFile("../../docs/accessibility.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "`--demo counter`, then Enter\nand `?`:\n\n```text\n")
	sample, _, closed := strings.Cut(after, "```\n")
	if !ok || !closed {
		t.Fatal("docs/accessibility.md has no accessible sample after \"`--demo counter`, then Enter and `?`:\"")
	}
	t.Setenv("ACCESSIBLE", "")
	out := runPlayground(t, []string{"--accessible", "--demo", "counter"}, "focus: button +1\r\n", "\r", "?", "q")
	if got := strings.ReplaceAll(out, "\r\n", "\n"); got != sample {
		t.Errorf("the playground says\n%s\ndocs/accessibility.md says\n%s", got, sample)
	}
}
