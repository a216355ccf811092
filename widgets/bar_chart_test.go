package widgets_test

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestBarChartTakesNoFocusAndReadsItsData(t *testing.T) {
	c := widgets.BarChart{ID: "b", Bars: []widgets.Bar{{Label: "a", Value: 1}}}
	if tea.CanFocus(c) || c.HandleKey(tea.Named(tea.KeyEnter)) != nil {
		t.Fatal("a chart takes focus or keys")
	}
	runInvoke(t, c, []invokeCase{
		{name: "get_data reads the bars", action: "get_data", read: map[string]any{"bars": []widgets.Bar{{Label: "a", Value: 1}}}},
		{name: "get_data takes no arguments", action: "get_data", args: map[string]any{"x": 1.0}, errIs: tea.ErrInvalidArgument},
		{name: "unknown action", action: "click", errIs: tea.ErrUnknownAction},
	})
}

func TestBarChartRender(t *testing.T) {
	c := widgets.BarChart{ID: "b", Bars: []widgets.Bar{{"a", 10}, {"b", 5}, {"c", 0}, {"d", -3}, {"e", 2.5}}}
	// Width 20: label 1, " │" 2, bar 12, " " 1, value 4 ("10.0").
	lines := strings.Split(ansi.Strip(c.Render(tea.RenderContext{Width: 20})), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5: %q", len(lines), lines)
	}
	for i, tc := range []struct {
		full  int
		value string
	}{{12, "10.0"}, {6, " 5.0"}, {0, " 0.0"}, {0, "-3.0"}, {3, " 2.5"}} {
		if got := strings.Count(lines[i], "█"); got != tc.full {
			t.Errorf("line %q: %d full cells, want %d", lines[i], got, tc.full)
		}
		if !strings.HasSuffix(lines[i], " "+tc.value) {
			t.Errorf("line %q does not end with its value %q", lines[i], tc.value)
		}
	}
	if !strings.Contains(lines[1], "██████ ") {
		t.Errorf("5 of 10 in 12 cells is 6 cells: want them in %q", lines[1])
	}
	if got := strings.Count(ansi.Strip(c.Render(tea.RenderContext{Width: 20, Height: 2})), "\n"); got != 1 {
		t.Errorf("in 2 lines: %d newlines, want 1", got)
	}
	for _, bc := range []widgets.BarChart{
		c,
		{ID: "b", Bars: []widgets.Bar{{"a label that is far too long", 123456789.125}, {"字字字字字字", math.NaN()}, {"inf", math.Inf(1)}}},
		{ID: "b"},
	} {
		checkAllSizes(t, bc)
	}
	got := widgets.BarChart{ID: "b", Bars: []widgets.Bar{{"a", 1}}}.Describe()
	want := tea.Description{Role: "chart", State: map[string]any{"bars": []map[string]any{{"label": "a", "value": 1.0}}},
		Parts: []tea.Part{{Role: "bar", Label: "a", Value: "1", Range: &tea.Range{Now: 1}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}

// A chart's values read as one column: one precision for all (the most
// decimals any needs, at most two), right-aligned; the runtime monitor
// showed "3.9 " under "2.35".
func TestBarChartValuesShareOnePrecision(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values []float64
		want   []string
	}{
		{"whole numbers stay whole", []float64{9, 70, 4}, []string{" 9", "70", " 4"}},
		{"one decimal for all", []float64{3.9, 12, 0.5}, []string{" 3.9", "12.0", " 0.5"}},
		{"two decimals for all", []float64{3.9, 2.35, 16}, []string{" 3.90", " 2.35", "16.00"}},
		{"never more than two", []float64{1.0 / 3, 2}, []string{"0.33", "2.00"}},
		{"a decimal lost to rounding counts for none", []float64{1.001, 2}, []string{"1", "2"}},
		{"non-finite values as Go spells them", []float64{math.NaN(), 1.5}, []string{"NaN", "1.5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var bars []widgets.Bar
			for _, v := range tc.values {
				bars = append(bars, widgets.Bar{Label: "x", Value: v})
			}
			lines := strings.Split(ansi.Strip(widgets.BarChart{ID: "b", Bars: bars}.Render(tea.RenderContext{Width: 30})), "\n")
			for i, want := range tc.want {
				if !strings.HasSuffix(lines[i], " "+want) || len([]rune(lines[i])) != 30 {
					t.Errorf("line %q does not end with %q", lines[i], want)
				}
			}
		})
	}
}
