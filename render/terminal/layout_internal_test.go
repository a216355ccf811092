package terminal

import "testing"

func TestOneLineAllocatesNothingForASingleLine(t *testing.T) {
	if got := oneLine("a\tb\r\nc\nd\re"); got != "a b c d e" {
		t.Fatalf("oneLine = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = oneLine("a plain title") }); n != 0 {
		t.Fatalf("oneLine allocates %v times for a title with no line breaks, want 0", n)
	}
}
