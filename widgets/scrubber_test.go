package widgets

import (
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

func vwSong() Scrubber {
	return Scrubber{ID: "player", Label: "Song", Position: 75, Max: 245, Playing: true}
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
			s := vwSong()
			s.Disabled = tc.disabled
			if got := vwActionNames(s.Actions()); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Actions = %v, want %v", got, tc.want)
			}
			vwCheckAnnotations(t, s.Actions(), "seek", "play", "pause")
		})
	}
	if !reflect.DeepEqual(vwSong().Actions(), (Scrubber{ID: "x", Label: "Other", Max: 9}).Actions()) {
		t.Fatal("actions depend on the scrubber's content or id")
	}
}

func TestScrubberInvoke(t *testing.T) {
	invalid := tea.ErrInvalidArgument
	vwRunInvoke(t, vwSong(), []vwInvokeCase{
		{name: "seek", action: "seek", args: map[string]any{"position": float64(120)}, write: Seeked{ID: "player", Position: 120}},
		{name: "seek to the end", action: "seek", args: map[string]any{"position": float64(245)}, write: Seeked{ID: "player", Position: 245}},
		{name: "play", action: "play", write: PlaybackChanged{ID: "player", Playing: true}},
		{name: "pause", action: "pause", args: map[string]any{}, write: PlaybackChanged{ID: "player", Playing: false}},
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
	off := vwSong()
	off.Disabled = true
	t.Run("disabled", func(t *testing.T) {
		vwRunInvoke(t, off, []vwInvokeCase{
			{name: "seek not offered", action: "seek", args: map[string]any{"position": float64(1)}, errIs: tea.ErrUnknownAction, errHas: []string{"offers: get_position"}},
			{name: "play not offered", action: "play", errIs: tea.ErrUnknownAction},
			{name: "get_position", action: "get_position", read: map[string]any{"position": 75, "min": 0, "max": 245, "playing": true}},
		})
	})
	t.Run("position outside the range reads clamped", func(t *testing.T) {
		s := Scrubber{ID: "p", Position: 500, Min: 10, Max: 100}
		vwRunInvoke(t, s, []vwInvokeCase{
			{name: "get_position", action: "get_position", read: map[string]any{"position": 100, "min": 10, "max": 100, "playing": false}},
			{name: "seek below min", action: "seek", args: map[string]any{"position": float64(5)}, errIs: invalid, errHas: []string{"10 to 100"}},
		})
	})
}

func TestScrubberHandleKey(t *testing.T) {
	seek := func(p int) tea.Msg { return Seeked{ID: "player", Position: p} }
	s := vwSong()
	vwRunKeys(t, s, []vwKeyCase{
		{"left", seek(70)}, {"right", seek(80)}, {"home", seek(0)}, {"end", seek(245)},
		{"space", PlaybackChanged{ID: "player", Playing: false}}, {"enter", nil}, {"x", nil},
	})
	t.Run("seeking clamps", func(t *testing.T) {
		start, end := s, s
		start.Position, end.Position = 2, 243
		vwRunKeys(t, start, []vwKeyCase{{"left", seek(0)}})
		vwRunKeys(t, end, []vwKeyCase{{"right", seek(245)}})
	})
	t.Run("custom step and paused", func(t *testing.T) {
		st := s
		st.Step, st.Playing = 30, false
		vwRunKeys(t, st, []vwKeyCase{{"right", seek(105)}, {"space", PlaybackChanged{ID: "player", Playing: true}}})
	})
	t.Run("disabled", func(t *testing.T) {
		off := s
		off.Disabled = true
		vwRunKeys(t, off, []vwKeyCase{{"left", nil}, {"space", nil}})
	})
}

func TestScrubberHandleMouse(t *testing.T) {
	// At width 40: "Song ▶ 01:15 " then a 21-cell bar at x 13..33, " 04:05".
	s := vwSong()
	seek := func(p int) tea.Msg { return Seeked{ID: "player", Position: p} }
	vwRunMouse(t, s, []vwMouseCase{
		{"bar start", vwClick(13, 0, 40), seek(0)},
		{"bar middle", vwClick(23, 0, 40), seek(123)},
		{"bar end", vwClick(33, 0, 40), seek(245)},
		{"icon toggles", vwClick(5, 0, 40), PlaybackChanged{ID: "player", Playing: false}},
		{"label", vwClick(1, 0, 40), nil},
		{"end time", vwClick(36, 0, 40), nil},
		{"another line", vwClick(20, 1, 40), nil},
		{"wheel", tea.Mouse{X: 20, Action: tea.MouseWheelUp}, nil},
		{"unknown width assumes 80 (bar x 13..73)", vwClick(73, 0, 0), seek(245)},
	})
	t.Run("narrow: no label, no times", func(t *testing.T) {
		// At width 10: "▶ " then an 8-cell bar at x 2..9.
		vwRunMouse(t, s, []vwMouseCase{{"icon", vwClick(0, 0, 10), PlaybackChanged{ID: "player", Playing: false}},
			{"bar end", vwClick(9, 0, 10), seek(245)}, {"bar start", vwClick(2, 0, 10), seek(0)}})
	})
	t.Run("disabled", func(t *testing.T) {
		off := s
		off.Disabled = true
		vwRunMouse(t, off, []vwMouseCase{{"bar", vwClick(20, 0, 40), nil}})
	})
}

func TestScrubberRender(t *testing.T) {
	tests := []struct {
		name  string
		s     Scrubber
		width int
		want  string
	}{
		{"full", vwSong(), 40, "Song ▶ 01:15 ━━━━━━●────────────── 04:05"},
		{"paused at the start", Scrubber{ID: "p", Label: "Song", Max: 245}, 40, "Song ⏸ 00:00 ●──────────────────── 04:05"},
		{"at the end, over an hour", Scrubber{ID: "p", Position: 3725, Max: 3725}, 30, "⏸ 62:05 ━━━━━━━━━━━━━━━● 62:05"},
		{"narrow drops the label", vwSong(), 20, "▶ 01:15 ━━●─── 04:05"},
		{"narrower drops the times", vwSong(), 10, "▶ ━━●─────"},
		{"tiny is cut", vwSong(), 1, "…"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := vwStrip(tc.s.Render(tea.RenderContext{Width: tc.width, Focused: true})); got != tc.want {
				t.Fatalf("Render(%d) = %q, want %q", tc.width, got, tc.want)
			}
		})
	}
}

func TestScrubberRenderFitsAndStatesAreDistinct(t *testing.T) {
	s := vwSong()
	s.Label = "a very long label\nover lines 日本語"
	for _, w := range vwWidths() {
		for _, f := range []bool{true, false} {
			vwCheckFits(t, s.Render(tea.RenderContext{Width: w, Height: 1, Focused: f}), w, 1)
		}
	}
	off := vwSong()
	off.Disabled = true
	ctx := tea.RenderContext{Width: 40}
	focused, unfocused, disabled := vwSong().Render(tea.RenderContext{Width: 40, Focused: true}), vwSong().Render(ctx), off.Render(ctx)
	if focused == unfocused || unfocused == disabled || focused == disabled {
		t.Fatal("focused, unfocused and disabled scrubbers render the same")
	}
	if strings.Contains(s.Render(ctx), "\n") {
		t.Fatal("a scrubber renders more than one line")
	}
}

func TestScrubberWidgetBasics(t *testing.T) {
	s := vwSong()
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

// stateCase is one message applied to a state: whether Update used it and
// whether the state is then as expected.
type stateCase struct {
	name  string
	apply func() bool
	used  bool
	check func() bool
}

func runStateCases(t *testing.T, tests []stateCase) {
	t.Helper()
	for _, tc := range tests {
		if got := tc.apply(); got != tc.used || !tc.check() {
			t.Errorf("%s: used %v (want %v), state ok %v", tc.name, got, tc.used, tc.check())
		}
	}
}

func TestScrubberStateAppliesItsMessages(t *testing.T) {
	sc := ScrubberState{ID: "p", Max: 100}
	runStateCases(t, []stateCase{
		{"seek", func() bool { return sc.Update(Seeked{ID: "p", Position: 40}) }, true, func() bool { return sc.Position == 40 }},
		{"seek clamps", func() bool { return sc.Update(Seeked{ID: "p", Position: 400}) }, true, func() bool { return sc.Position == 100 }},
		{"play", func() bool { return sc.Update(PlaybackChanged{ID: "p", Playing: true}) }, true, func() bool { return sc.Playing }},
		{"other scrubber", func() bool { return sc.Update(Seeked{ID: "q", Position: 1}) }, false, func() bool { return sc.Position == 100 }},
	})
	if v := sc.View(Scrubber{}); v.ID != "p" || v.Position != 100 || !v.Playing {
		t.Errorf("ScrubberState.View = %+v", v)
	}
}
