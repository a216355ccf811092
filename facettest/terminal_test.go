package facettest

import (
	"io"
	"strings"
	"testing"
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

func TestWaitForWaitsForTheScreen(t *testing.T) {
	term := NewTerminal(t, 20, 2)
	go func() { _, _ = io.WriteString(term, "Count: 0") }()
	term.WaitFor(t, "Count: 0")
}
