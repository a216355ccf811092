package termtest

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

func TestTerminalShowsLinesWrittenAndGivesWhatIsTyped(t *testing.T) {
	term := NewTerminal(t, 20, 4)
	if _, err := io.WriteString(term, "first\nsecond"); err != nil {
		t.Fatal(err)
	}
	// "\n" alone would leave "second" under the end of "first".
	if got := strings.Split(term.Screen(), "\n"); len(got) < 2 || strings.TrimRight(got[1], " ") != "second" {
		t.Fatalf("screen %q, want second at the start of line 2", term.Screen())
	}
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 8)
		n, _ := term.Read(buf)
		got <- string(buf[:n])
	}()
	term.Type(t, "\r")
	if k := <-got; k != "\r" {
		t.Fatalf("read %q, want the Enter typed", k)
	}
}

// fatalRecorder is a testing.TB whose Fatalf records the message and stops
// the goroutine, as the real one does.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(f)
}

func TestWaitForFailsWithTheScreen(t *testing.T) {
	term := NewTerminal(t, 20, 2)
	if _, err := io.WriteString(term, "Count: 0"); err != nil {
		t.Fatal(err)
	}
	term.WaitFor(t, "Count: 0")
	rec := &fatalRecorder{TB: t}
	func() {
		defer func() {
			if r := recover(); r != nil && r != rec {
				panic(r)
			}
		}()
		term.waitFor(rec, 20*time.Millisecond, "Count: 1")
	}()
	if !strings.Contains(rec.msg, `never showed "Count: 1"`) || !strings.Contains(rec.msg, "Count: 0") {
		t.Fatalf("failure %q does not say what was awaited and what the screen shows", rec.msg)
	}
}
