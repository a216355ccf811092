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

func TestBarChartIsDisplayOnly(t *testing.T) {
	inCheckDisplayOnly(t, widgets.BarChart{ID: "b", Bars: []widgets.Bar{{Label: "a", Value: 1}}})
}

func TestBarChartRender(t *testing.T) {
	c := widgets.BarChart{ID: "b", Bars: []widgets.Bar{{"a", 10}, {"b", 5}, {"c", 0}, {"d", -3}, {"e", 2.5}}}
	// Width 20: label 1, " │" 2, bar 13, " " 1, value 3 ("2.5").
	lines := strings.Split(ansi.Strip(c.Render(tea.RenderContext{Width: 20})), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5: %q", len(lines), lines)
	}
	for i, tc := range []struct {
		full  int
		value string
	}{{13, "10"}, {6, "5"}, {0, "0"}, {0, "-3"}, {3, "2.5"}} {
		if got := strings.Count(lines[i], "█"); got != tc.full {
			t.Errorf("line %q: %d full cells, want %d", lines[i], got, tc.full)
		}
		if !strings.HasSuffix(lines[i], " "+tc.value) {
			t.Errorf("line %q does not end with its value %q", lines[i], tc.value)
		}
	}
	if !strings.Contains(lines[1], "██████▌") {
		t.Errorf("5 of 10 in 13 cells is 6.5 cells: want a half cell in %q", lines[1])
	}
	if got := strings.Count(ansi.Strip(c.Render(tea.RenderContext{Width: 20, Height: 2})), "\n"); got != 1 {
		t.Errorf("in 2 lines: %d newlines, want 1", got)
	}
	for _, bc := range []widgets.BarChart{
		c,
		{ID: "b", Bars: []widgets.Bar{{"a label that is far too long", 123456789.125}, {"字字字字字字", math.NaN()}, {"inf", math.Inf(1)}}},
		{ID: "b"},
	} {
		inCheckAllSizes(t, bc)
	}
	got := widgets.BarChart{ID: "b", Bars: []widgets.Bar{{"a", 1}}}.Describe()
	want := tea.Description{Role: "chart", State: map[string]any{"bars": []map[string]any{{"label": "a", "value": 1.0}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}
