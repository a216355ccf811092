package widgets

import "testing"

func TestOneLineAllocatesNothingForASingleLine(t *testing.T) {
	if got := OneLine("a\tb\r\nc\nd\re"); got != "a b c d e" {
		t.Fatalf("OneLine = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = OneLine("a plain title") }); n != 0 {
		t.Fatalf("OneLine allocates %v times for a line with no breaks, want 0", n)
	}
}
