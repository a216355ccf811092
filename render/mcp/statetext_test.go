package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// TestStateTextOfATable pins a table's state as its outline line says it,
// and what saying it costs: the line is written for every changed widget
// of every write, so its numbers are formatted without fmt, its keys
// sorted in one array and its parts written into one builder.
func TestStateTextOfATable(t *testing.T) {
	d := widgets.Table{ID: "results", Columns: []widgets.TableColumn{{Key: "name"}, {Key: "stars"}}, Rows: make([][]string, 300),
		Selected: 7, SortColumn: "stars", SortDirection: widgets.SortDesc}.Describe()
	want := `columns name,stars, rows 300, selected 7, sort_column "stars", sort_direction "desc", focused`
	if got := stateText(d, true); got != want {
		t.Errorf("stateText = %s, want %s", got, want)
	}
	if allocs := testing.AllocsPerRun(50, func() { stateText(d, true) }); allocs > 5 {
		t.Errorf("stateText allocates %.0f times, want at most 5", allocs)
	}
}

// referenceStateText is stateText as it was written before it wrote into
// one builder: a part per member and flag, joined.
func referenceStateText(desc tea.Description, focused bool) string {
	keys := slices.Sorted(maps.Keys(desc.State))
	var parts []string
	for _, k := range keys {
		switch x := desc.State[k].(type) {
		case bool:
			if x {
				parts = append(parts, k)
			}
		case string:
			if x != "" && x != desc.Label && x != desc.Value && x != desc.Detail {
				parts = append(parts, k+" "+quote(clip(x)))
			}
		case []string:
			if len(x) > 0 {
				parts = append(parts, k+" "+clip(strings.Join(x, ",")))
			}
		case int:
			parts = append(parts, k+" "+strconv.Itoa(x))
		case int64, uint64, float64:
			parts = append(parts, fmt.Sprintf("%s %v", k, x))
		}
	}
	for _, f := range []struct {
		on   bool
		name string
	}{
		{focused, "focused"}, {desc.States.Disabled, "disabled"}, {desc.States.Checked, "checked"},
		{desc.States.Selected, "selected"}, {desc.States.Expanded, "expanded"}, {desc.States.Pressed, "pressed"},
		{desc.States.Modal, "modal"}, {desc.States.Masked, "masked"}, {desc.States.Busy, "busy"},
	} {
		if f.on && !slices.Contains(parts, f.name) {
			parts = append(parts, f.name)
		}
	}
	return strings.Join(parts, ", ")
}

// TestStateTextSaysWhatItsPartsJoinedSay: any state, with flags set or
// said already by a member of their name, empty keys and values the label
// repeats included, is written as its parts joined would be.
func TestStateTextSaysWhatItsPartsJoinedSay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		key := rapid.SampledFrom([]string{"", "rows", "focused", "disabled", "checked", "busy", "a b", "sort"})
		value := rapid.OneOf(rapid.Just[any](true), rapid.Just[any](false), rapid.Just[any]("Label"), rapid.Just[any](""),
			rapid.Just[any]("x y"), rapid.Just[any](7), rapid.Just[any](int64(-3)), rapid.Just[any](2.5),
			rapid.Just[any]([]string{"a", "b"}), rapid.Just[any]([]string{}), rapid.Just[any](nil))
		desc := tea.Description{Label: "Label", State: rapid.MapOf(key, value).Draw(t, "state"),
			States: tea.States{Disabled: rapid.Bool().Draw(t, "disabled"), Busy: rapid.Bool().Draw(t, "busy"), Checked: rapid.Bool().Draw(t, "checked")}}
		focused := rapid.Bool().Draw(t, "focused")
		if got, want := stateText(desc, focused), referenceStateText(desc, focused); got != want {
			t.Fatalf("state %v: %q, want %q", desc.State, got, want)
		}
	})
}
