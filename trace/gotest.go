package trace

import (
	"errors"
	"fmt"
	"strings"

	"github.com/facetui/facet/render/mcp/mcptest/testgen"
	"github.com/facetui/facet/tea"
)

// maxScreenAsserts is the most screen lines GoTest asserts after a step.
const maxScreenAsserts = 3

// GoTestOptions configure GoTest.
type GoTestOptions struct {
	// Package is the test file's package clause (default "app_test").
	Package string
	// Name is the test's name (default "TestRecording").
	Name string
	// App is the Go expression of a fresh model of the recorded app, and
	// Imports what it needs; without one the test asks for newApp().
	App     string
	Imports []string
	// Secrets are the values of masked widgets by id, written into the
	// test in place of what the recording left out (see
	// ReplayOptions.Secrets). Without one, a masked key is written as '*'
	// and a masked text as "".
	Secrets map[string]string
}

// GoTest writes a recording as a Go test on mcptest (through the one
// generator the agent explorer uses too): each input a step — the
// person's key a SendKey, an agent's (or any widget's) action a Call — and
// after it, the lines of the screen the input changed (its last line, the
// status, left out) as AssertScreenContains. The test passes while the
// app does what it did when it was recorded and fails once it does not.
// An input that has no mcptest step (a mouse event, a message whose type
// does not decode and no action made) is written as a comment.
func GoTest(entries []Entry, opts GoTestOptions) (string, error) {
	if len(entries) == 0 || entries[0].Kind != KindHeader {
		return "", errors.New("trace: a recording starts with its header")
	}
	head := entries[0]
	if head.From != 0 {
		return "", fmt.Errorf("%w (it starts after the session's first %d inputs)", ErrMidSession, head.From)
	}
	if opts.Package == "" {
		opts.Package = "app_test"
	}
	if opts.Name == "" {
		opts.Name = "TestRecording"
	}
	t := testgen.Test{Package: opts.Package, Name: opts.Name, App: opts.App, Imports: opts.Imports,
		Doc: []string{fmt.Sprintf("%s replays a recording of %s made %s: the inputs in order, and what the screen showed after each.",
			opts.Name, recordedWhat(head), head.Start.Format("2006-01-02 15:04:05 UTC"))}}
	width, height := head.Width, head.Height
	typed := map[string]int{}
	var screen string // the recorded screen so far
	for i := 1; i < len(entries); i++ {
		e := entries[i]
		switch e.Kind {
		case KindFrame:
			screen = e.Frame
			continue
		case KindUpdate:
			if e.Type == "tea.WindowSizeMsg" && !inputSeen(entries[1:i]) {
				if msg, err := decode(e.Type, e.Msg); err == nil {
					width, height = msg.(tea.WindowSizeMsg).Width, msg.(tea.WindowSizeMsg).Height
				}
			}
			continue
		case KindInput:
		default:
			continue
		}
		step := stepFor(e, opts.Secrets, typed)
		// The screen right after the input: its frame, before the next
		// input, command result or timer.
		after := screen
		for j := i + 1; j < len(entries) && entries[j].Kind != KindInput && entries[j].Kind != KindCommand && entries[j].Kind != KindTimer; j++ {
			if entries[j].Kind == KindFrame {
				after = entries[j].Frame
			}
		}
		if step.Tool != "" || step.Key != "" {
			step.Screen = changedLines(screen, after)
		}
		t.Steps = append(t.Steps, step)
	}
	if width > 0 && height > 0 {
		t.Options = []string{fmt.Sprintf("mcptest.WithSize(%d, %d)", width, height)}
	}
	return t.Source(), nil
}

// recordedWhat names a recording's app and session for a comment.
func recordedWhat(head Entry) string {
	what := "app " + head.App
	if head.App == "" {
		what = "an app"
	}
	if head.Session != "" {
		what += " (session " + head.Session + ")"
	}
	return what
}

// inputSeen reports whether entries hold an input.
func inputSeen(entries []Entry) bool {
	for _, e := range entries {
		if e.Kind == KindInput {
			return true
		}
	}
	return false
}

// stepFor is the mcptest step of an input entry.
func stepFor(e Entry, secrets map[string]string, typed map[string]int) testgen.Step {
	who := "the person"
	if e.By != "" {
		who = "agent " + e.By
	}
	if e.Type == "tea.KeyInputMsg" {
		m, err := decode(e.Type, e.Msg)
		if err != nil {
			return testgen.Step{Comment: fmt.Sprintf("not a step: a key from %s that does not decode: %v", who, err)}
		}
		k := m.(tea.KeyInputMsg)
		if e.Masked != "" {
			k = unmask(k, e.Masked, secrets, typed).(tea.KeyInputMsg)
		}
		step := testgen.Step{Key: k.Key.String()}
		if e.By != "" {
			step.Comment = "a key from " + who
		}
		return step
	}
	if e.Via == nil {
		return testgen.Step{Comment: fmt.Sprintf("not a step: %s (no widget action makes it)", Describe(e))}
	}
	args := e.Via.Args
	if e.Masked != "" {
		args = secretArgs(args, secrets[e.Masked])
		typed[e.Masked] = len([]rune(secrets[e.Masked]))
	}
	return testgen.Step{Comment: "from " + who, Tool: e.Via.Widget + "." + e.Via.Action, Args: args}
}

// secretArgs puts secret into the text arguments a recording emptied.
func secretArgs(args map[string]any, secret string) map[string]any {
	out := make(map[string]any, len(args))
	for k, v := range args {
		if s, text := v.(string); text && s == "" {
			v = secret
		}
		out[k] = v
	}
	return out
}

// changedLines are the lines of after that differ from before, trimmed of
// spaces and box edges, without the last line (the status and help, which
// say who is attached), at most maxScreenAsserts of them.
func changedLines(before, after string) []string {
	b, a := strings.Split(before, "\n"), strings.Split(after, "\n")
	if len(a) > 0 {
		a = a[:len(a)-1]
	}
	var out []string
	for i, l := range a {
		if i < len(b) && b[i] == l {
			continue
		}
		text := strings.Trim(l, " │║┃|")
		if strings.Trim(text, " ─━═╭╮╰╯┌┐└┘") == "" {
			continue
		}
		out = append(out, text)
		if len(out) == maxScreenAsserts {
			break
		}
	}
	return out
}
