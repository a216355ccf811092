package facettest

import (
	"strings"
	"testing"
	"time"
)

// Eventually waits up to ten seconds for got to contain want, and fails
// the test with what got last showed, and logs (the program's stderr, say;
// nil for none).
func Eventually(t testing.TB, what string, got func() string, want string, logs func() string) {
	t.Helper()
	waitFor(t, 10*time.Second, what, got, want, logs)
}

// waitFor is Eventually, waiting up to within.
func waitFor(t testing.TB, within time.Duration, what string, got func() string, want string, logs func() string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !strings.Contains(got(), want) {
		if time.Now().After(deadline) {
			msg := "%s never showed %q; it shows:\n%s"
			args := []any{what, want, got()}
			if logs != nil {
				msg += "\nlogs: %s"
				args = append(args, logs())
			}
			t.Fatalf(msg, args...)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
