package terminal_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// counterApp is a small app: a count, two buttons that change it and one
// that quits. It shows the size the terminal reported.
type counterApp struct {
	count int
	size  tea.WindowSizeMsg
}

type (
	incMsg  struct{}
	decMsg  struct{}
	quitMsg struct{}
)

func (counterApp) Init() tea.Cmd { return nil }

func (a counterApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case incMsg:
		a.count++
	case decMsg:
		a.count--
	case quitMsg:
		return a, tea.Quit
	case tea.WindowSizeMsg:
		a.size = msg
	}
	return a, nil
}

func (a counterApp) View() tea.Node {
	return tea.Vertical(
		tea.Label(fmt.Sprintf("count: %d", a.count)),
		tea.Label(fmt.Sprintf("size: %dx%d", a.size.Width, a.size.Height)),
		tea.Box{Title: "Actions", Child: tea.Horizontal(
			widgets.Button{ID: "dec", Label: "Decrement", OnClick: decMsg{}},
			widgets.Button{ID: "inc", Label: "Increment", OnClick: incMsg{}},
			widgets.Button{ID: "quit", Label: "Quit", OnClick: quitMsg{}},
		)},
	)
}

// crlf turns "\n" into "\r\n": Bubble Tea leaves that to a terminal's
// line discipline, which a raw emulator does not have.
type crlf struct{ w io.Writer }

func (c crlf) Write(p []byte) (int, error) {
	if _, err := c.w.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// term is a program under test: Run on an emulated terminal (80x24), with a
// pipe to type into.
type term struct {
	t     *testing.T
	emu   *vt.SafeEmulator
	keys  *io.PipeWriter
	done  chan error
	stop  context.CancelFunc
	ended bool
}

func runOnTerminal(t *testing.T, m tea.Model, opts ...terminal.Option) *term {
	t.Helper()
	return runOnTerminalSized(t, 80, 24, m, opts...)
}

// runOnTerminalSized is runOnTerminal on a width x height terminal.
func runOnTerminalSized(t *testing.T, width, height int, m tea.Model, opts ...terminal.Option) *term {
	t.Helper()
	emu := vt.NewSafeEmulator(width, height)
	// The emulator answers terminal queries on its input pipe and blocks
	// until someone reads the answers.
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		_, _ = io.Copy(io.Discard, emu)
	}()
	inR, inW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	tm := &term{t: t, emu: emu, keys: inW, done: make(chan error, 1), stop: cancel}
	opts = append([]terminal.Option{
		terminal.WithInput(inR),
		terminal.WithOutput(crlf{emu}),
		terminal.WithSize(width, height),
		terminal.WithAppName("counter"),
	}, opts...)
	go func() { tm.done <- terminal.Run(ctx, m, opts...) }()
	t.Cleanup(func() {
		cancel()
		if !tm.ended {
			select {
			case <-tm.done:
			case <-time.After(5 * time.Second):
				t.Error("Run did not return after its context was cancelled")
			}
		}
		_ = inW.Close()
		_ = emu.InputPipe().(io.Closer).Close()
		<-drained
	})
	return tm
}

// screen returns the emulator's screen as a person would read it.
func (tm *term) screen() string {
	return ansi.Strip(tm.emu.Render())
}

// waitFor polls the screen until it contains want.
func (tm *term) waitFor(want string) {
	tm.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(tm.screen(), want) {
		if time.Now().After(deadline) {
			tm.t.Fatalf("screen never showed %q; it shows:\n%s", want, tm.screen())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// typeRaw writes bytes to the program's input, as a terminal would.
func (tm *term) typeRaw(s string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.keys, s); err != nil {
		tm.t.Fatalf("typing %q: %v", s, err)
	}
}

// exit waits for Run to return and gives its error.
func (tm *term) exit() error {
	tm.t.Helper()
	select {
	case err := <-tm.done:
		tm.ended = true
		return err
	case <-time.After(5 * time.Second):
		tm.t.Fatalf("Run did not return; screen:\n%s", tm.screen())
		return nil
	}
}

func TestProgramTabAndEnterPressAButton(t *testing.T) {
	tm := runOnTerminal(t, counterApp{})
	tm.waitFor("count: 0")
	tm.waitFor("size: 80x24")
	tm.waitFor("╭─ Actions")
	tm.waitFor("enter press") // the focused button's help line
	tm.typeRaw("\r")          // focus starts on Decrement
	tm.waitFor("count: -1")
	tm.typeRaw("\t") // Increment
	tm.typeRaw("\r")
	tm.typeRaw(" ")
	tm.waitFor("count: 1")
	tm.typeRaw("\x1b[Z") // Shift+Tab back to Decrement
	tm.typeRaw("\r")
	tm.waitFor("count: 0")
	tm.typeRaw("\x03") // Ctrl+C
	if err := tm.exit(); err != nil {
		t.Fatalf("Run after Ctrl+C = %v, want nil", err)
	}
}

func TestProgramEndsWhenTheAppQuits(t *testing.T) {
	tm := runOnTerminal(t, counterApp{})
	tm.waitFor("count: 0")
	tm.typeRaw("\t\t\r") // Quit
	if err := tm.exit(); err != nil {
		t.Fatalf("Run after the app quit = %v, want nil", err)
	}
}

func TestProgramEndsWithItsContext(t *testing.T) {
	tm := runOnTerminal(t, counterApp{})
	tm.waitFor("count: 0")
	tm.stop()
	if err := tm.exit(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel = %v, want context.Canceled", err)
	}
}

func TestProgramMouseClickPressesTheButtonUnderIt(t *testing.T) {
	tm := runOnTerminal(t, counterApp{})
	tm.waitFor("Increment")
	// Find the button on the screen the person sees, as they would.
	var x, y int
	for i, line := range strings.Split(tm.screen(), "\n") {
		if col := strings.Index(line, "Increment"); col >= 0 {
			x, y = ansi.StringWidth(line[:col]), i
		}
	}
	click := fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", x+1, y+1, x+1, y+1)
	tm.typeRaw(click)
	tm.waitFor("count: 1")
	tm.typeRaw(click)
	tm.waitFor("count: 2")
	// A click on nothing does nothing; the wheel is delivered harmlessly.
	tm.typeRaw("\x1b[<0;70;20M\x1b[<0;70;20m\x1b[<64;1;1M")
	tm.typeRaw("\t\r") // focus moved to Increment by the click; Tab goes to Quit
	if err := tm.exit(); err != nil {
		t.Fatalf("Run = %v", err)
	}
}

func TestProgramAttachesToARunningRuntime(t *testing.T) {
	rt, err := tea.Start(context.Background(), counterApp{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	tm := runOnTerminal(t, nil, terminal.WithRuntime(rt))
	tm.waitFor("count: 0")
	// Another renderer (an agent) changes the session: the terminal shows it.
	if _, err := rt.Dispatch(context.Background(), incMsg{}); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("count: 1")
	tm.typeRaw("\x03")
	if err := tm.exit(); err != nil {
		t.Fatalf("Run = %v", err)
	}
	// Detaching leaves the session running.
	if _, err := rt.Dispatch(context.Background(), incMsg{}); err != nil {
		t.Fatalf("runtime stopped when the terminal detached: %v", err)
	}
	if n := rt.Snapshot().Model.(counterApp).count; n != 2 {
		t.Fatalf("count = %d", n)
	}
}

func TestProgramEndsWhenTheAttachedRuntimeStops(t *testing.T) {
	rt, err := tea.Start(context.Background(), counterApp{})
	if err != nil {
		t.Fatal(err)
	}
	tm := runOnTerminal(t, nil, terminal.WithRuntime(rt))
	tm.waitFor("count: 0")
	rt.Stop()
	if err := tm.exit(); err != nil {
		t.Fatalf("Run = %v", err)
	}
}

func TestRunRejectsANilModel(t *testing.T) {
	err := terminal.Run(context.Background(), nil, terminal.WithInput(strings.NewReader("")), terminal.WithOutput(io.Discard))
	if !errors.Is(err, tea.ErrInvalidModel) {
		t.Fatalf("err = %v, want ErrInvalidModel", err)
	}
}
