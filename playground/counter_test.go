package playground

import (
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestCounterResetIsDisabledAtZero(t *testing.T) {
	rt := start(t, NewCounter())
	reset := widget[widgets.Button](t, rt, "reset")
	if !reset.Disabled || tea.CanFocus(reset) || len(reset.Actions()) != 0 {
		t.Fatalf("at 0, reset: disabled %v, focusable %v, actions %v; want disabled, unfocusable, no actions",
			reset.Disabled, tea.CanFocus(reset), reset.Actions())
	}
}

func TestCounterButtonsCountAndReset(t *testing.T) {
	rt := start(t, NewCounter())
	if f := rt.Snapshot().Focus; f != "inc" {
		t.Fatalf("focus starts on %q, want inc", f)
	}
	press(t, rt, "enter", "space")
	if got := textOf(t, rt, "count"); got != "Count: 2" {
		t.Fatalf("after two presses of +1: %q", got)
	}
	if widget[widgets.Button](t, rt, "reset").Disabled {
		t.Fatal("reset still disabled at 2")
	}
	press(t, rt, "tab", "enter", "enter", "enter")
	if got := modelOf[CounterDemo](t, rt).Count(); got != -1 {
		t.Fatalf("after three presses of −1: %d, want -1", got)
	}
	press(t, rt, "tab")
	if f := rt.Snapshot().Focus; f != "reset" {
		t.Fatalf("focus = %q, want reset", f)
	}
	press(t, rt, "enter")
	if got := textOf(t, rt, "count"); got != "Count: 0" {
		t.Fatalf("after reset: %q", got)
	}
	if !widget[widgets.Button](t, rt, "reset").Disabled {
		t.Fatal("reset enabled again at 0")
	}
	if f := rt.Snapshot().Focus; f == "reset" {
		t.Fatal("focus stayed on the disabled reset button")
	}
}

func TestCounterClickActionsSendTheSameMessages(t *testing.T) {
	rt := start(t, NewCounter())
	res, err := widget[widgets.Button](t, rt, "inc").Invoke("click", nil)
	if err != nil || !res.IsWrite() {
		t.Fatalf("inc.click = %v, %v", res, err)
	}
	dispatch(t, rt, res.Msg())
	if got := modelOf[CounterDemo](t, rt).Count(); got != 1 {
		t.Fatalf("count = %d, want 1", got)
	}
}
