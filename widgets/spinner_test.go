package widgets_test

import (
	"context"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestSpinnerDrawsItsFrameWhileSpinningAndItsLabelWhenStopped(t *testing.T) {
	line := spinner.Line
	tests := []struct {
		name  string
		s     widgets.Spinner
		width int
		want  string
	}{
		{"spinning, first frame", widgets.Spinner{Label: "Fetching", Spinning: true, Kind: line}, 40, "| Fetching"},
		{"spinning, a later frame", widgets.Spinner{Label: "Fetching", Spinning: true, Frame: 2, Kind: line}, 40, "- Fetching"},
		{"the frame wraps", widgets.Spinner{Label: "Fetching", Spinning: true, Frame: 5, Kind: line}, 40, "/ Fetching"},
		{"a negative frame wraps too", widgets.Spinner{Label: "Fetching", Spinning: true, Frame: -1, Kind: line}, 40, "\\ Fetching"},
		{"the zero Kind is MiniDot", widgets.Spinner{Label: "x", Spinning: true}, 40, spinner.MiniDot.Frames[0] + " x"},
		{"stopped draws the label alone", widgets.Spinner{Label: "Fetched 12 repos", Frame: 3, Kind: line}, 40, "Fetched 12 repos"},
		{"cut to the width", widgets.Spinner{Label: "Fetching everything", Spinning: true, Kind: line}, 10, "| Fetchin…"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.s.Render(tea.RenderContext{Width: tc.width})); got != tc.want {
				t.Errorf("Render = %q, want %q", got, tc.want)
			}
		})
	}
	checkAllSizes(t, widgets.Spinner{ID: "s", Label: "Fetching 字 repos", Spinning: true})
}

func TestSpinnerToolsReadItsStatus(t *testing.T) {
	spinning := widgets.Spinner{ID: "fetch", Label: "Fetching", Spinning: true}
	checkAnnotations(t, spinning.Actions())
	runInvoke(t, spinning, []invokeCase{
		{name: "get_status", action: "get_status", read: map[string]any{"spinning": true, "label": "Fetching"}},
		{name: "no arguments", action: "get_status", args: map[string]any{"x": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "no writes", action: "start", errIs: tea.ErrUnknownAction, errHas: []string{"get_status"}},
	})
	runInvoke(t, widgets.Spinner{ID: "fetch", Label: "Fetched"}, []invokeCase{
		{name: "stopped", action: "get_status", read: map[string]any{"spinning": false, "label": "Fetched"}},
	})
}

func TestSpinnerStateAppliesTicksOfItsCurrentRunOnly(t *testing.T) {
	s := widgets.SpinnerState{ID: "fetch", Kind: spinner.Line}
	if s.Update(widgets.SpinnerTicked{ID: "fetch"}) {
		t.Fatal("a stopped spinner applied a tick")
	}
	if s.Start("Fetching") == nil || !s.Spinning || s.Label != "Fetching" {
		t.Fatalf("Start: %+v", s)
	}
	tick := widgets.SpinnerTicked{ID: "fetch", Tag: s.Tag}
	runStateCases(t, []stateCase{
		{"a tick of the run", func() bool { return s.Update(tick) }, true, func() bool { return s.Frame == 1 }},
		{"another", func() bool { return s.Update(tick) }, true, func() bool { return s.Frame == 2 }},
		{"another spinner's tick", func() bool { return s.Update(widgets.SpinnerTicked{ID: "other", Tag: s.Tag}) }, false, func() bool { return s.Frame == 2 }},
		{"a stale run's tick", func() bool { return s.Update(widgets.SpinnerTicked{ID: "fetch", Tag: s.Tag - 1}) }, false, func() bool { return s.Frame == 2 }},
		{"the frame wraps", func() bool { s.Update(tick); return s.Update(tick) }, true, func() bool { return s.Frame == 0 }},
	})
	s.Stop("Fetched")
	if s.Update(tick) || s.Spinning || s.Label != "Fetched" {
		t.Fatalf("after Stop a tick applied or the state is wrong: %+v", s)
	}
	old := s.Tag
	s.Start("Again")
	if s.Tag == old || s.Frame != 0 {
		t.Fatalf("a new run keeps the old tag or frame: %+v", s)
	}
	if v := s.View(widgets.Spinner{Theme: widgets.DefaultTheme()}); v.ID != "fetch" || !v.Spinning || v.Label != "Again" || v.Theme == nil {
		t.Fatalf("View = %+v", v)
	}
}

// spinApp is an app whose spinner the runtime ticks.
type spinApp struct{ spin widgets.SpinnerState }

func (a spinApp) Init() tea.Cmd { return nil }

func (a spinApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case string:
		if msg == "start" {
			cmd := a.spin.Start("Working")
			return a, cmd
		}
		a.spin.Stop("Done")
	case widgets.SpinnerTicked:
		if a.spin.Update(msg) {
			return a, a.spin.Tick()
		}
	}
	return a, nil
}

func (a spinApp) View() tea.Node { return a.spin.View(widgets.Spinner{}) }

// The app drives the spinner with the command Start returns and the Tick
// it asks for after each tick: the runtime runs them, the frames advance,
// and an agent reads the status.
func TestSpinnerTicksThroughTheRuntime(t *testing.T) {
	ctx := context.Background()
	rt, err := tea.Start(ctx, spinApp{spin: widgets.SpinnerState{ID: "work", Kind: spinner.Spinner{Frames: []string{"a", "b", "c"}, FPS: time.Millisecond}}}, tea.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	if _, err := rt.Dispatch(ctx, "start"); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	deadline := time.Now().Add(5 * time.Second)
	for len(seen) < 3 && time.Now().Before(deadline) {
		w, _ := tea.FindWidget(rt.Snapshot().View, "work")
		seen[w.(widgets.Spinner).Frame] = true
		time.Sleep(time.Millisecond)
	}
	if len(seen) < 3 {
		t.Fatalf("the spinner showed frames %v, want all three", seen)
	}
	if _, err := rt.Dispatch(ctx, "stop"); err != nil {
		t.Fatal(err)
	}
	w, _ := tea.FindWidget(rt.Snapshot().View, "work")
	res, err := w.(tea.ToolProvider).Invoke("get_status", nil)
	if err != nil || res.Value().(map[string]any)["spinning"] != false {
		t.Fatalf("get_status after stop = %v, %v", res.Value(), err)
	}
}
