package facettest

import (
	"bytes"
	"io"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// Terminal is an emulated terminal for a program under test: the program
// reads the keys typed with Type from it and draws on it, and Screen is
// what it shows.
type Terminal struct {
	emu    *vt.SafeEmulator
	keys   *io.PipeReader
	typing *io.PipeWriter
}

// NewTerminal is a terminal of width columns and height rows. It closes
// when the test ends.
func NewTerminal(t testing.TB, width, height int) *Terminal {
	emu := vt.NewSafeEmulator(width, height)
	drained := make(chan struct{})
	go func() { // the emulator blocks until its replies are read
		defer close(drained)
		_, _ = io.Copy(io.Discard, emu)
	}()
	keys, typing := io.Pipe()
	t.Cleanup(func() {
		_ = typing.Close()
		_ = emu.InputPipe().(io.Closer).Close()
		<-drained
	})
	return &Terminal{emu: emu, keys: keys, typing: typing}
}

// Read implements io.Reader: the program's input, the keys typed.
func (term *Terminal) Read(p []byte) (int, error) { return term.keys.Read(p) }

// Write implements io.Writer: the program's output. Each "\n" reaches the
// emulator as "\r\n", as through a terminal's line discipline.
func (term *Terminal) Write(p []byte) (int, error) {
	if _, err := term.emu.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Type sends keys to the program as a person types them ("\r" is Enter,
// "\x03" Ctrl+C).
func (term *Terminal) Type(t testing.TB, keys string) {
	t.Helper()
	if _, err := io.WriteString(term.typing, keys); err != nil {
		t.Fatalf("type %q: %v", keys, err)
	}
}

// Keyboard is what Type writes to, for a goroutine that types without a
// test to fail (it gets an error once the terminal has closed).
func (term *Terminal) Keyboard() io.Writer { return term.typing }

// Screen is what the terminal shows, as plain text.
func (term *Terminal) Screen() string { return ansi.Strip(term.emu.Render()) }

// WaitFor waits up to ten seconds for the screen to show want (see
// Eventually).
func (term *Terminal) WaitFor(t testing.TB, want string) {
	t.Helper()
	Eventually(t, "the screen", term.Screen, want, nil)
}
