package widgets_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestSparklineTakesNoFocusAndReadsItsData(t *testing.T) {
	s := widgets.Sparkline{ID: "s", Label: "cpu", Values: []float64{1, 2}}
	if tea.CanFocus(s) || s.HandleKey(tea.Named(tea.KeyEnter)) != nil {
		t.Fatal("a sparkline takes focus or keys")
	}
	runInvoke(t, s, []invokeCase{
		{name: "get_data reads the values", action: "get_data", read: map[string]any{"label": "cpu", "values": []float64{1, 2}}},
		{name: "unknown action", action: "click", errIs: tea.ErrUnknownAction},
	})
}

func TestSparklineRender(t *testing.T) {
	ramp := []float64{0, 1, 2, 3, 4, 5, 6, 7}
	for _, tc := range []struct {
		name  string
		s     widgets.Sparkline
		width int
		want  string
	}{
		{"a ramp uses every level", widgets.Sparkline{ID: "s", Values: ramp}, 20, "▁▂▃▄▅▆▇█"},
		{"a label comes first", widgets.Sparkline{ID: "s", Label: "cpu", Values: ramp}, 20, "cpu ▁▂▃▄▅▆▇█"},
		{"too narrow keeps the latest values, scaled among themselves", widgets.Sparkline{ID: "s", Values: ramp}, 3, "▁▅█"},
		{"the label gives way to values", widgets.Sparkline{ID: "s", Label: "memory", Values: ramp}, 10, "mem… ▁▃▅▆█"},
		{"equal values sit in the middle", widgets.Sparkline{ID: "s", Values: []float64{5, 5, 5}}, 10, "▄▄▄"},
		{"not-a-number is blank", widgets.Sparkline{ID: "s", Values: []float64{0, math.NaN(), 1, math.Inf(1)}}, 10, "▁ █ "},
		{"no values, just the label", widgets.Sparkline{ID: "s", Label: "idle"}, 10, "idle "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.s.Render(tea.RenderContext{Width: tc.width})); got != tc.want {
				t.Errorf("render = %q, want %q", got, tc.want)
			}
		})
	}
	for _, s := range []widgets.Sparkline{
		{ID: "s", Label: "a long label for a sparkline", Values: make([]float64, 500)},
		{ID: "s", Label: "字字字字字", Values: ramp},
	} {
		checkAllSizes(t, s)
	}
	got := widgets.Sparkline{ID: "s", Label: "cpu", Values: []float64{3, 1, 2}}.Describe()
	want := tea.Description{Label: "cpu", Role: "chart", State: map[string]any{"count": 3, "min": 1.0, "max": 3.0, "last": 2.0},
		Range: &tea.Range{Min: 1, Max: 3, Now: 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}
