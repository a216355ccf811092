package tea_test

import (
	"slices"
	"testing"

	"github.com/facetui/facet/tea"
)

func TestTreeProblemsNameEachMistakeOnce(t *testing.T) {
	tests := []struct {
		name string
		view tea.Node
		want []string
	}{
		{"a sound tree", tea.Vertical(probe{id: "a"}, tea.Label("x"), tea.Box{Child: probe{id: "b"}}), nil},
		{"a nil view", nil, []string{"tree: View returned nil: the screen is blank"}},
		{"two widgets share an id", tea.Vertical(probe{id: "x"}, probe{id: "y"}, tea.Box{Child: probe{id: "x"}}),
			[]string{`tree: duplicate id "x" (2 widgets); the second is unreachable`}},
		{"three widgets share an id", tea.Vertical(probe{id: "x"}, probe{id: "x"}, probe{id: "x"}),
			[]string{`tree: duplicate id "x" (3 widgets); all but the first are unreachable`}},
		{"an id that breaks the rule", tea.Vertical(probe{id: "my widget"}),
			[]string{`tree: widget id "my widget" breaks the id rule (1-32 characters of [A-Za-z0-9_-]): agents cannot reach it`}},
		{"a focusable widget without an id", tea.Vertical(probe{}, probe{id: "ok"}, probe{}),
			[]string{"tree: a focusable probe has no id: it never takes focus"}},
		{"a disabled widget without an id takes no focus anyway", tea.Vertical(probe{disabled: true}), nil},
		{"each problem in view order", tea.Vertical(probe{id: "a.b"}, probe{id: "d"}, probe{id: "d"}, probe{}),
			[]string{
				`tree: widget id "a.b" breaks the id rule (1-32 characters of [A-Za-z0-9_-]): agents cannot reach it`,
				"tree: a focusable probe has no id: it never takes focus",
				`tree: duplicate id "d" (2 widgets); the second is unreachable`,
			}},
		{"duplicates in view order", tea.Vertical(probe{id: "y"}, probe{id: "x"}, probe{id: "x"}, tea.Box{Child: probe{id: "y"}}, probe{id: "x"}),
			[]string{
				`tree: duplicate id "y" (2 widgets); the second is unreachable`,
				`tree: duplicate id "x" (3 widgets); all but the first are unreachable`,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tea.TreeProblems(tt.view); !slices.Equal(got, tt.want) {
				t.Fatalf("TreeProblems = %q, want %q", got, tt.want)
			}
		})
	}
}

// A renderer checks every frame's tree: a sound one builds no list of its
// ids in view order (for four ids, it grew three times on every frame).
func TestTreeProblemsOfASoundTreeBuildNoList(t *testing.T) {
	view := tea.Vertical(probe{id: "a"}, tea.Row{Items: []tea.Node{probe{id: "b"}, probe{id: "c"}, probe{id: "d"}}}, tea.Label("x"))
	if n := testing.AllocsPerRun(50, func() { tea.TreeProblems(view) }); n > 1 {
		t.Errorf("TreeProblems of a sound tree allocates %.0f times, want at most 1", n)
	}
}
