package facettest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

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

func TestEventuallyFailsWithWhatItSawAndTheLogs(t *testing.T) {
	rec := &fatalRecorder{TB: t}
	func() {
		defer func() {
			if r := recover(); r != nil && r != rec {
				panic(r)
			}
		}()
		waitFor(rec, 20*time.Millisecond, "the screen", func() string { return "Count: 0" }, "Count: 1", func() string { return "listening" })
	}()
	for _, want := range []string{`the screen never showed "Count: 1"`, "Count: 0", "logs: listening"} {
		if !strings.Contains(rec.msg, want) {
			t.Errorf("failure %q lacks %q", rec.msg, want)
		}
	}
}
