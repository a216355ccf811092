package terminal_test

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/terminal"
)

// sgr finds Select Graphic Rendition sequences and their parameters.
var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// colours lists the colour parameters of the SGR sequences in out
// (foreground, background and underline colours); bold, faint, reverse
// and the resets are not colours.
func colours(out string) []string {
	var found []string
	for _, m := range sgr.FindAllStringSubmatch(out, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			switch p {
			case "30", "31", "32", "33", "34", "35", "36", "37", "38", "40", "41", "42", "43", "44", "45", "46", "47", "48", "58",
				"90", "91", "92", "93", "94", "95", "96", "97", "100", "101", "102", "103", "104", "105", "106", "107":
				found = append(found, m[0])
			}
		}
	}
	return found
}

// drawn runs the test counter on an emulated terminal until it shows its
// buttons, and returns every byte it wrote.
func drawn(t *testing.T, opts ...terminal.Option) string {
	t.Helper()
	term := termtest.NewTerminal(t, 80, 24)
	var out termtest.SyncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	opts = append([]terminal.Option{
		terminal.WithInput(term),
		terminal.WithOutput(io.MultiWriter(&out, term)),
		terminal.WithSize(80, 24),
		// Colour as an SSH client's TERM=xterm-256color COLORTERM=truecolor
		// would have it.
		terminal.WithProgramOptions(bt.WithColorProfile(colorprofile.TrueColor)),
	}, opts...)
	go func() { done <- terminal.Run(ctx, counterApp{}, opts...) }()
	term.WaitFor(t, "Increment")
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context was cancelled")
	}
	return out.String()
}

// NO_COLOR, set to anything (https://no-color.org), draws without colour
// in Bubble Tea's renderer and in the line renderer SSH uses, even over a
// colour profile the caller chose, whether it is in the process's
// environment or the one WithEnviron gives (an SSH client's).
func TestNoColorDrawsWithoutColour(t *testing.T) {
	for _, mode := range []struct {
		name string
		opts []terminal.Option
	}{
		{"bubble tea's renderer", nil},
		{"line renderer", []terminal.Option{terminal.WithLineOutput()}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			if got := colours(drawn(t, append(mode.opts, terminal.WithEnviron([]string{"TERM=xterm-256color"}))...)); len(got) == 0 {
				t.Fatal("without NO_COLOR the screen has no colour: the test proves nothing")
			}
			for _, env := range []string{"NO_COLOR=yes", "NO_COLOR=1"} {
				if got := colours(drawn(t, append(mode.opts, terminal.WithEnviron([]string{"TERM=xterm-256color", env}))...)); len(got) > 0 {
					t.Errorf("with %s the screen has colours: %q", env, got[:min(len(got), 5)])
				}
			}
			t.Setenv("NO_COLOR", "yes")
			if got := colours(drawn(t, mode.opts...)); len(got) > 0 {
				t.Errorf("with NO_COLOR=yes in the environment the screen has colours: %q", got[:min(len(got), 5)])
			}
		})
	}
}
