package widgets_test

import (
	"math"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestProgressDrawsABarInProportionAndItsPercentage(t *testing.T) {
	tests := []struct {
		name  string
		p     widgets.Progress
		width int
		want  string
	}{
		{"half", widgets.Progress{Value: 0.5}, 15, "█████░░░░░  50%"},
		{"nothing", widgets.Progress{}, 15, "░░░░░░░░░░   0%"},
		{"done fills the bar", widgets.Progress{Value: 1}, 15, "██████████ 100%"},
		{"almost done leaves a block empty", widgets.Progress{Value: 0.999}, 15, "█████████░  99%"},
		{"past one clamps", widgets.Progress{Value: 7}, 15, "██████████ 100%"},
		{"below zero clamps", widgets.Progress{Value: -1}, 15, "░░░░░░░░░░   0%"},
		{"not a number counts as nothing", widgets.Progress{Value: math.NaN()}, 15, "░░░░░░░░░░   0%"},
		{"a label first", widgets.Progress{Label: "Copying", Value: 0.5}, 20, "Copying ████░░░  50%"},
		{"a long label gives way to the bar", widgets.Progress{Label: "Copying everything", Value: 0.5}, 16, "Copy… ███░░  50%"},
		{"too narrow for the percentage", widgets.Progress{Value: 0.5}, 4, "██░░"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.p.Render(tea.RenderContext{Width: tc.width})); got != tc.want {
				t.Errorf("Render = %q, want %q", got, tc.want)
			}
		})
	}
	checkAllSizes(t, widgets.Progress{ID: "p", Label: "Copying 字 files", Value: 0.3})
}

func TestProgressToolsReadHowFarTheWorkHasGot(t *testing.T) {
	p := widgets.Progress{ID: "copy", Label: "Copying", Value: 0.425}
	checkAnnotations(t, p.Actions())
	runInvoke(t, p, []invokeCase{
		{name: "get_progress", action: "get_progress", read: map[string]any{"value": 0.425, "percent": 42, "done": false, "label": "Copying"}},
		{name: "no arguments", action: "get_progress", args: map[string]any{"x": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "no writes", action: "set", errIs: tea.ErrUnknownAction, errHas: []string{"get_progress"}},
	})
	runInvoke(t, widgets.Progress{ID: "copy", Value: 2}, []invokeCase{
		{name: "done", action: "get_progress", read: map[string]any{"value": 1.0, "percent": 100, "done": true, "label": ""}},
	})
}

func TestProgressStateAppliesProgressChanged(t *testing.T) {
	s := widgets.ProgressState{ID: "copy", Label: "Copying"}
	runStateCases(t, []stateCase{
		{"progress", func() bool { return s.Update(widgets.ProgressChanged{ID: "copy", Value: 0.25}) }, true, func() bool { return s.Value == 0.25 && s.Label == "Copying" }},
		{"a new label", func() bool { return s.Update(widgets.ProgressChanged{ID: "copy", Value: 0.5, Label: "Verifying"}) }, true, func() bool { return s.Label == "Verifying" }},
		{"clamps", func() bool { return s.Update(widgets.ProgressChanged{ID: "copy", Value: 3}) }, true, func() bool { return s.Value == 1 }},
		{"another bar's", func() bool { return s.Update(widgets.ProgressChanged{ID: "other", Value: 0}) }, false, func() bool { return s.Value == 1 }},
	})
	if v := s.View(widgets.Progress{Exclude: true}); v.ID != "copy" || v.Value != 1 || v.Label != "Verifying" || !v.Exclude {
		t.Fatalf("View = %+v", v)
	}
}
