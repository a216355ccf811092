package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/facetui/facet/widgets"

	"github.com/facetui/facet/tea"
)

func song() widgets.Scrubber {
	return widgets.Scrubber{ID: "player", Label: "Song", Position: 75, Max: 245, Playing: true}
}

func TestScrubberActions(t *testing.T) {
	tests := []struct {
		name     string
		disabled bool
		want     []string
	}{
		{"enabled", false, []string{"seek", "play", "pause", "get_position"}},
		{"disabled offers reads only", true, []string{"get_position"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := song()
			s.Disabled = tc.disabled
			if got := actionNames(s.Actions()); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Actions = %v, want %v", got, tc.want)
			}
			checkAnnotations(t, s.Actions(), "seek", "play", "pause")
		})
	}
	if !reflect.DeepEqual(song().Actions(), (widgets.Scrubber{ID: "x", Label: "Other", Max: 9}).Actions()) {
		t.Fatal("actions depend on the scrubber's content or id")
	}
}

func TestScrubberInvoke(t *testing.T) {
	invalid := tea.ErrInvalidArgument
	runInvoke(t, song(), []invokeCase{
		{name: "seek", action: "seek", args: map[string]any{"position": float64(120)}, write: widgets.ScrubberSeeked{ID: "player", Position: 120}},
		{name: "seek to the end", action: "seek", args: map[string]any{"position": float64(245)}, write: widgets.ScrubberSeeked{ID: "player", Position: 245}},
		{name: "play", action: "play", write: widgets.ScrubberPlaybackChanged{ID: "player", Playing: true}},
		{name: "pause", action: "pause", args: map[string]any{}, write: widgets.ScrubberPlaybackChanged{ID: "player", Playing: false}},
		{name: "get_position", action: "get_position", read: map[string]any{"position": 75, "min": 0, "max": 245, "playing": true}},

		{name: "seek past the end", action: "seek", args: map[string]any{"position": float64(246)}, errIs: invalid, errHas: []string{"0 to 245"}},
		{name: "seek before the start", action: "seek", args: map[string]any{"position": float64(-1)}, errIs: invalid, errHas: []string{"0 to 245"}},
		{name: "seek fractional", action: "seek", args: map[string]any{"position": 1.5}, errIs: invalid, errHas: []string{"0 to 245"}},
		{name: "seek wrong type", action: "seek", args: map[string]any{"position": "1:00"}, errIs: invalid, errHas: []string{"0 to 245"}},
		{name: "seek missing", action: "seek", errIs: invalid, errHas: []string{"required", "0 to 245"}},
		{name: "seek extra argument", action: "seek", args: map[string]any{"position": float64(1), "speed": float64(2)}, errIs: invalid, errHas: []string{"takes: position"}},
		{name: "play takes no arguments", action: "play", args: map[string]any{"at": float64(3)}, errIs: invalid, errHas: []string{"takes none"}},
		{name: "unknown action", action: "stop", errIs: tea.ErrUnknownAction, errHas: []string{"seek, play, pause, get_position"}},
	})
	off := song()
	off.Disabled = true
	t.Run("disabled", func(t *testing.T) {
		runInvoke(t, off, []invokeCase{
			{name: "seek not offered", action: "seek", args: map[string]any{"position": float64(1)}, errIs: tea.ErrUnknownAction, errHas: []string{"offers: get_position"}},
			{name: "play not offered", action: "play", errIs: tea.ErrUnknownAction},
			{name: "get_position", action: "get_position", read: map[string]any{"position": 75, "min": 0, "max": 245, "playing": true}},
		})
	})
	t.Run("position outside the range reads clamped", func(t *testing.T) {
		s := widgets.Scrubber{ID: "p", Position: 500, Min: 10, Max: 100}
		runInvoke(t, s, []invokeCase{
			{name: "get_position", action: "get_position", read: map[string]any{"position": 100, "min": 10, "max": 100, "playing": false}},
			{name: "seek below min", action: "seek", args: map[string]any{"position": float64(5)}, errIs: invalid, errHas: []string{"10 to 100"}},
		})
	})
}

func TestScrubberHandleKey(t *testing.T) {
	seek := func(p int) tea.Msg { return widgets.ScrubberSeeked{ID: "player", Position: p} }
	s := song()
	runKeys(t, s, []keyCase{
		press("left", seek(70)), press("right", seek(80)), press("home", seek(0)), press("end", seek(245)),
		press("space", widgets.ScrubberPlaybackChanged{ID: "player", Playing: false}), press("enter", nil), press("x", nil),
	})
	t.Run("seeking clamps", func(t *testing.T) {
		start, end := s, s
		start.Position, end.Position = 2, 243
		runKeys(t, start, []keyCase{press("left", seek(0))})
		runKeys(t, end, []keyCase{press("right", seek(245))})
	})
	t.Run("custom step and paused", func(t *testing.T) {
		st := s
		st.Step, st.Playing = 30, false
		runKeys(t, st, []keyCase{press("right", seek(105)), press("space", widgets.ScrubberPlaybackChanged{ID: "player", Playing: true})})
	})
	t.Run("disabled", func(t *testing.T) {
		off := s
		off.Disabled = true
		runKeys(t, off, []keyCase{press("left", nil), press("space", nil)})
	})
}

func TestScrubberHandleMouse(t *testing.T) {
	// At width 40: "Song ▶ 01:15 " then a 21-cell bar at x 13..33, " 04:05".
	s := song()
	seek := func(p int) tea.Msg { return widgets.ScrubberSeeked{ID: "player", Position: p} }
	runMouse(t, s, []mouseCase{
		{"bar start", click(13, 0, 40), seek(0)},
		{"bar middle", click(23, 0, 40), seek(123)},
		{"bar end", click(33, 0, 40), seek(245)},
		{"icon toggles", click(5, 0, 40), widgets.ScrubberPlaybackChanged{ID: "player", Playing: false}},
		{"label", click(1, 0, 40), nil},
		{"end time", click(36, 0, 40), nil},
		{"another line", click(20, 1, 40), nil},
		{"wheel", tea.Mouse{X: 20, Action: tea.MouseWheelUp}, nil},
		{"unknown width assumes 80 (bar x 13..73)", click(73, 0, 0), seek(245)},
	})
	t.Run("narrow: no label, no times", func(t *testing.T) {
		// At width 10: "▶ " then an 8-cell bar at x 2..9.
		runMouse(t, s, []mouseCase{{"icon", click(0, 0, 10), widgets.ScrubberPlaybackChanged{ID: "player", Playing: false}},
			{"bar end", click(9, 0, 10), seek(245)}, {"bar start", click(2, 0, 10), seek(0)}})
	})
	t.Run("disabled", func(t *testing.T) {
		off := s
		off.Disabled = true
		runMouse(t, off, []mouseCase{{"bar", click(20, 0, 40), nil}})
	})
}

func TestScrubberRender(t *testing.T) {
	tests := []struct {
		name  string
		s     widgets.Scrubber
		width int
		want  string
	}{
		{"full", song(), 40, "Song ▶ 01:15 ━━━━━━●────────────── 04:05"},
		{"paused at the start", widgets.Scrubber{ID: "p", Label: "Song", Max: 245}, 40, "Song ⏸ 00:00 ●──────────────────── 04:05"},
		{"at the end, over an hour", widgets.Scrubber{ID: "p", Position: 3725, Max: 3725}, 30, "⏸ 62:05 ━━━━━━━━━━━━━━━● 62:05"},
		{"narrow drops the label", song(), 20, "▶ 01:15 ━━●─── 04:05"},
		{"narrower drops the times", song(), 10, "▶ ━━●─────"},
		{"tiny is cut", song(), 1, "…"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.s.Render(tea.RenderContext{Width: tc.width, Focused: true})); got != tc.want {
				t.Fatalf("Render(%d) = %q, want %q", tc.width, got, tc.want)
			}
		})
	}
}

func TestScrubberRenderFitsAndStatesAreDistinct(t *testing.T) {
	s := song()
	s.Label = "a very long label\nover lines 日本語"
	for _, w := range widths {
		for _, f := range []bool{true, false} {
			checkFits(t, s.Render(tea.RenderContext{Width: w, Height: 1, Focused: f}), w, 1)
		}
	}
	off := song()
	off.Disabled = true
	ctx := tea.RenderContext{Width: 40}
	focused, unfocused, disabled := song().Render(tea.RenderContext{Width: 40, Focused: true}), song().Render(ctx), off.Render(ctx)
	if focused == unfocused || unfocused == disabled || focused == disabled {
		t.Fatal("focused, unfocused and disabled scrubbers render the same")
	}
	if strings.Contains(s.Render(ctx), "\n") {
		t.Fatal("a scrubber renders more than one line")
	}
}

func TestScrubberWidgetBasics(t *testing.T) {
	s := song()
	if s.WidgetKind() != "scrubber" || s.WidgetID() != "player" || !s.CanFocus() || s.Excluded() || s.Children() != nil {
		t.Fatal("scrubber widget basics")
	}
	d := s.Describe()
	want := map[string]any{"position": 75, "min": 0, "max": 245, "playing": true, "disabled": false}
	if d.Label != "Song" || d.Role != "scrubber" || !reflect.DeepEqual(d.State, want) {
		t.Fatalf("Describe = %+v", d)
	}
	s.Disabled = true
	if s.CanFocus() || len(s.ShortHelp()) == 0 {
		t.Fatal("a disabled scrubber takes focus, or no help")
	}
}

func TestScrubberStateAppliesItsMessages(t *testing.T) {
	sc := widgets.ScrubberState{ID: "p", Max: 100}
	runStateCases(t, []stateCase{
		{"seek", func() bool { return sc.Update(widgets.ScrubberSeeked{ID: "p", Position: 40}) }, true, func() bool { return sc.Position == 40 }},
		{"seek clamps", func() bool { return sc.Update(widgets.ScrubberSeeked{ID: "p", Position: 400}) }, true, func() bool { return sc.Position == 100 }},
		{"play", func() bool { return sc.Update(widgets.ScrubberPlaybackChanged{ID: "p", Playing: true}) }, true, func() bool { return sc.Playing }},
		{"other scrubber", func() bool { return sc.Update(widgets.ScrubberSeeked{ID: "q", Position: 1}) }, false, func() bool { return sc.Position == 100 }},
	})
	if v := sc.View(widgets.Scrubber{}); v.ID != "p" || v.Position != 100 || !v.Playing {
		t.Errorf("ScrubberState.View = %+v", v)
	}
}
