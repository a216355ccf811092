package terminal_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// screenPair is one app run twice on emulated terminals of the same size,
// fed the same input: once drawn by Bubble Tea's renderer, once by the
// line renderer (WithLineOutput).
type screenPair struct {
	t      *testing.T
	bubble *vt.SafeEmulator
	lines  *vt.SafeEmulator
	keys   []*io.PipeWriter
	done   []chan error
}

func runPair(t *testing.T, newModel func() tea.Model, profile colorprofile.Profile, width, height int) *screenPair {
	t.Helper()
	p := &screenPair{t: t}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	for _, line := range []bool{false, true} {
		emu := vt.NewSafeEmulator(width, height)
		drained := make(chan struct{})
		go func() {
			defer close(drained)
			_, _ = io.Copy(io.Discard, emu)
		}()
		inR, inW := io.Pipe()
		opts := []terminal.Option{
			terminal.WithInput(inR),
			// Bubble Tea's renderer leaves "\n" to a line discipline; the
			// line renderer writes none.
			terminal.WithOutput(crlf{emu}),
			terminal.WithSize(width, height),
			terminal.WithAppName("pair"),
			terminal.WithProgramOptions(
				bt.WithEnvironment([]string{"TERM=xterm-256color"}),
				bt.WithColorProfile(profile),
			),
		}
		if line {
			opts = append(opts, terminal.WithLineOutput())
			p.lines = emu
		} else {
			p.bubble = emu
		}
		done := make(chan error, 1)
		go func() { done <- terminal.Run(ctx, newModel(), opts...) }()
		p.keys = append(p.keys, inW)
		p.done = append(p.done, done)
		t.Cleanup(func() {
			cancel()
			select {
			case err := <-done:
				done <- err // for the next reader
			case <-time.After(5 * time.Second):
				t.Error("Run did not return after its context was cancelled")
			}
			_ = inW.Close()
			_ = emu.InputPipe().(io.Closer).Close()
			<-drained
		})
	}
	return p
}

// typeRaw types s into both programs.
func (p *screenPair) typeRaw(s string) {
	p.t.Helper()
	for _, k := range p.keys {
		if _, err := io.WriteString(k, s); err != nil {
			p.t.Fatalf("typing %q: %v", s, err)
		}
	}
}

// resize changes both terminals' size, and tells both programs as a
// terminal in mode 2048 (and render/ssh) does.
func (p *screenPair) resize(width, height int) {
	p.t.Helper()
	p.bubble.Resize(width, height)
	p.lines.Resize(width, height)
	p.typeRaw(fmt.Sprintf("\x1b[48;%d;%d;0;0t", height, width))
}

// same waits until both screens show want, have settled (unchanged for
// a few of Bubble Tea's frames) and are the same cell for cell: character,
// width, colours, attributes and link.
func (p *screenPair) same(step, want string) {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var last string
	settled := 0
	for {
		diff := ""
		bs, ls := ansi.Strip(p.bubble.Render()), ansi.Strip(p.lines.Render())
		if now := p.bubble.Render() + p.lines.Render(); now != last {
			last, settled = now, 0
		} else {
			settled++
		}
		switch {
		case settled < 5:
			diff = "the screens are still changing"
		case !strings.Contains(bs, want):
			diff = fmt.Sprintf("Bubble Tea's screen does not show %q", want)
		case !strings.Contains(ls, want):
			diff = fmt.Sprintf("the line renderer's screen does not show %q", want)
		default:
			diff = cellDiff(p.bubble, p.lines)
		}
		if diff == "" {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: %s\nBubble Tea's renderer:\n%s\nline renderer:\n%s", step, diff, bs, ls)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// cellDiff describes the first cell where a and b differ, "" when none
// does.
func cellDiff(a, b *vt.SafeEmulator) string {
	if a.Width() != b.Width() || a.Height() != b.Height() {
		return fmt.Sprintf("sizes %dx%d and %dx%d", a.Width(), a.Height(), b.Width(), b.Height())
	}
	if a.IsAltScreen() != b.IsAltScreen() {
		return fmt.Sprintf("alternate screen %v and %v", a.IsAltScreen(), b.IsAltScreen())
	}
	if a.CursorHidden() != b.CursorHidden() {
		return fmt.Sprintf("cursor hidden %v and %v", a.CursorHidden(), b.CursorHidden())
	}
	for y := range a.Height() {
		for x := range a.Width() {
			ca, cb := a.CellAt(x, y), b.CellAt(x, y)
			switch {
			case ca == nil && cb == nil:
			case ca == nil || cb == nil:
				return fmt.Sprintf("cell %d,%d: %v and %v", x, y, ca, cb)
			case ca.Content != cb.Content || ca.Width != cb.Width:
				return fmt.Sprintf("cell %d,%d: %q (width %d) and %q (width %d)", x, y, ca.Content, ca.Width, cb.Content, cb.Width)
			case !ca.Style.Equal(&cb.Style):
				return fmt.Sprintf("cell %d,%d (%q): style %q and %q", x, y, ca.Content, ca.Style.String(), cb.Style.String())
			case !ca.Link.Equal(&cb.Link):
				return fmt.Sprintf("cell %d,%d (%q): link %v and %v", x, y, ca.Content, ca.Link, cb.Link)
			}
		}
	}
	return ""
}

// The line renderer draws what Bubble Tea's renderer draws, cell for cell,
// across a sequence of frames: focus moving, counts changing, the full
// help opening and closing, the window growing and shrinking, in every
// colour profile a remote terminal can have.
func TestLineOutputDrawsTheScreensBubbleTeaDraws(t *testing.T) {
	counter := func() tea.Model {
		b, err := playground.NewBrowserAt("counter")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	gallery := func() tea.Model { return playground.NewGallery() }
	type step struct {
		name, keys    string
		width, height int // a resize, when set
		shows         string
	}
	for _, tc := range []struct {
		name     string
		newModel func() tea.Model
		profile  colorprofile.Profile
		steps    []step
	}{
		{"counter, 256 colours", counter, colorprofile.ANSI256, []step{
			{name: "first screen", shows: "Count: 0"},
			{name: "enter", keys: "\r", shows: "Count: 1"},
			{name: "enter twice", keys: "\r\r", shows: "Count: 3"},
			{name: "tab", keys: "\t", shows: "Count: 3"},
			{name: "enter on −1", keys: "\r", shows: "Count: 2"},
			{name: "narrower and shorter", width: 50, height: 14, shows: "Count: 2"},
			{name: "enter after the resize", keys: "\r", shows: "Count: 1"},
			{name: "full help", keys: "?", shows: "Count: 1"},
			{name: "full help closed", keys: "?", shows: "Count: 1"},
			{name: "wider and taller", width: 120, height: 40, shows: "Count: 1"},
			{name: "tiny", width: 12, height: 4, shows: ""},
			{name: "back to 80x24", width: 80, height: 24, shows: "Count: 1"},
		}},
		{"counter, true colour", counter, colorprofile.TrueColor, []step{
			{name: "first screen", shows: "Count: 0"},
			{name: "enter", keys: "\r", shows: "Count: 1"},
			{name: "narrower", width: 40, height: 24, shows: "Count: 1"},
		}},
		{"counter, 16 colours", counter, colorprofile.ANSI, []step{
			{name: "first screen", shows: "Count: 0"},
			{name: "tab, enter", keys: "\t\r", shows: "Count: -1"},
		}},
		{"counter, no colour", counter, colorprofile.ASCII, []step{
			{name: "first screen", shows: "Count: 0"},
			{name: "enter", keys: "\r", shows: "Count: 1"},
		}},
		{"gallery, 256 colours", gallery, colorprofile.ANSI256, []step{
			{name: "first screen", shows: ""},
			{name: "tab", keys: "\t", shows: ""},
			{name: "tab, space", keys: "\t ", shows: ""},
			{name: "down", keys: "\x1b[B", shows: ""},
			{name: "wider", width: 132, height: 43, shows: ""},
			{name: "narrower", width: 60, height: 20, shows: ""},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := runPair(t, tc.newModel, tc.profile, 80, 24)
			for _, s := range tc.steps {
				if s.width > 0 {
					p.resize(s.width, s.height)
				}
				if s.keys != "" {
					p.typeRaw(s.keys)
				}
				p.same(s.name, s.shows)
			}
			// Ctrl+C: both put the terminal back the same way.
			p.typeRaw("\x03")
			for _, done := range p.done {
				select {
				case err := <-done:
					done <- err
				case <-time.After(5 * time.Second):
					t.Fatal("Run did not return after Ctrl+C")
				}
			}
			if diff := cellDiff(p.bubble, p.lines); diff != "" {
				t.Errorf("after quitting: %s", diff)
			}
		})
	}
}
