package terminal

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestTrimPadding(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"plain text", "abc   ", "abc"},
		{"all blank", "     ", ""},
		{"nothing to trim", "abc", "abc"},
		{"after a reset", "\x1b[1mabc\x1b[m   ", "\x1b[1mabc\x1b[m"},
		{"after a reset and text", "\x1b[1mab\x1b[mc   ", "\x1b[1mab\x1b[mc"},
		{"after a long reset", "\x1b[1mabc\x1b[0m  ", "\x1b[1mabc\x1b[0m"},
		{"styled blanks are drawn", "\x1b[44mabc   ", "\x1b[44mabc   "},
		{"styled blanks closed later", "\x1b[44m   \x1b[m", "\x1b[44m   \x1b[m"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := trimPadding(c.line); got != c.want {
				t.Fatalf("trimPadding(%q) = %q, want %q", c.line, got, c.want)
			}
		})
	}
}

// TestViewLeavesThePaddingOut checks that Bubble Tea gets no blank padding
// (the frame's lines each pad to the width) and the same text.
func TestViewLeavesThePaddingOut(t *testing.T) {
	a := newBenchAdapter()
	a.snap = counterSnapshots(1)[0]
	a.relayout()
	content := a.View().Content
	lines := strings.Split(content, "\n")
	if len(lines) != 24 {
		t.Fatalf("the view has %d lines, want 24", len(lines))
	}
	plain := strings.Split(a.frame.Plain(), "\n")
	for i, l := range lines {
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %d ends in padding: %q", i, l)
		}
		if got, want := ansi.Strip(l), strings.TrimRight(plain[i], " "); got != want {
			t.Errorf("line %d shows %q, want %q", i, got, want)
		}
	}
}
