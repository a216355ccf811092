package contracttest_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/terminal"
)

// TestTerminalKeysDriveAnAppsOwnWidget types + and - at an emulated
// terminal: the focused Stepper turns them into its messages, and the
// screen shows what Update did.
func TestTerminalKeysDriveAnAppsOwnWidget(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	term := termtest.NewTerminal(t, 80, 24)
	done := make(chan error, 1)
	go func() {
		done <- terminal.Run(ctx, counter{}, terminal.WithInput(term), terminal.WithOutput(term), terminal.WithSize(80, 24))
	}()
	defer func() {
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("Run after its context ended = %v, want nil or context.Canceled", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Run did not return after its context ended")
		}
	}()
	term.WaitFor(t, "▸ Count: [-] 0 [+]")
	term.WaitFor(t, "- decrement") // the help line is the widget's own
	term.Type(t, "+")
	term.WaitFor(t, "The count is 1.")
	term.Type(t, "==")
	term.WaitFor(t, "The count is 3.")
	term.Type(t, "-")
	term.WaitFor(t, "▸ Count: [-] 2 [+]")
	// Tab moves focus to the app's own button; Enter presses it.
	term.Type(t, "\t")
	term.WaitFor(t, "  Count: [-] 2 [+]")
	term.Type(t, "\r")
	term.WaitFor(t, "The count is 0.")
}
