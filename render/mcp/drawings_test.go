package mcp

import (
	"fmt"
	"slices"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// drawnCounter describes itself and counts how often it is drawn.
type drawnCounter struct {
	ID    string
	N     int
	draws *int
}

func (c drawnCounter) Children() []tea.Node { return nil }
func (c drawnCounter) WidgetID() string     { return c.ID }
func (c drawnCounter) WidgetKind() string   { return "drawn_counter" }
func (c drawnCounter) Render(tea.RenderContext) string {
	*c.draws++
	return fmt.Sprint(c.N)
}
func (c drawnCounter) Describe() tea.Description {
	return tea.Description{Role: "counter", State: map[string]any{"n": c.N}}
}

// plainWidget neither describes itself nor compares (it holds a slice).
type plainWidget struct {
	ID    string
	Lines []string
}

func (p plainWidget) Children() []tea.Node { return nil }
func (p plainWidget) WidgetID() string     { return p.ID }
func (p plainWidget) WidgetKind() string   { return "plain" }
func (p plainWidget) Render(tea.RenderContext) string {
	return fmt.Sprint(p.Lines)
}

// valueWidget neither describes itself nor draws differently: it is
// compared by value.
type valueWidget struct{ ID, Label string }

func (v valueWidget) Children() []tea.Node            { return nil }
func (v valueWidget) WidgetID() string                { return v.ID }
func (v valueWidget) WidgetKind() string              { return "value" }
func (v valueWidget) Render(tea.RenderContext) string { return "" }

func table(rows int, sortDir string) widgets.Table {
	t := widgets.Table{ID: "results", Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "n", Title: "N"}},
		SortColumn: "n", SortDirection: sortDir}
	for i := range rows {
		t.Rows = append(t.Rows, []string{fmt.Sprintf("row %d", i), fmt.Sprint(i)})
	}
	return t
}

func TestChangedComparesWhatWidgetsDescribe(t *testing.T) {
	var draws int
	view := func(n int, dir, label, focus string, lines ...string) tea.Snapshot {
		return tea.Snapshot{View: tea.Vertical(
			drawnCounter{ID: "count", N: n, draws: &draws},
			table(40, dir),
			widgets.Button{ID: "ok", Label: label, OnClick: 1},
			plainWidget{ID: "plain", Lines: lines},
			valueWidget{ID: "value", Label: label},
		), Focus: focus}
	}
	cases := []struct {
		name          string
		before, after tea.Snapshot
		want          []string
	}{
		{"nothing changed", view(1, "asc", "OK", ""), view(1, "asc", "OK", ""), []string{}},
		{"a count", view(1, "asc", "OK", ""), view(2, "asc", "OK", ""), []string{"count"}},
		{"a sort", view(1, "asc", "OK", ""), view(1, "desc", "OK", ""), []string{"results"}},
		{"focus moved", view(1, "asc", "OK", "ok"), view(1, "asc", "OK", "results"), []string{"results", "ok"}},
		{"a widget compared by value", view(1, "asc", "OK", ""), view(1, "asc", "Done", ""), []string{"ok", "value"}},
		{"a widget that only draws", view(1, "asc", "OK", "", "a"), view(1, "asc", "OK", "", "b"), []string{"plain"}},
		{"a widget left", view(1, "asc", "OK", ""), tea.Snapshot{View: drawnCounter{ID: "count", N: 1, draws: &draws}}, []string{"ok", "plain", "results", "value"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.before.Version, c.after.Version = uint64(2*i+1), uint64(2*i+2)
			d := &drawings{bySession: map[string]*drawing{}}
			draws = 0
			got := d.changed("s", c.before, c.after)
			if !slices.Equal(got, c.want) {
				t.Fatalf("changed = %q, want %q", got, c.want)
			}
			if draws != 0 {
				t.Fatalf("a widget that describes itself was drawn %d times", draws)
			}
		})
	}
}

// TestChangedAllocatesTheSameForAnyTableSize is a write to a view holding
// a table: finding what changed costs as many allocations for 40,000 rows
// as for 400.
func TestChangedAllocatesTheSameForAnyTableSize(t *testing.T) {
	allocs := func(rows int) float64 {
		d := &drawings{bySession: map[string]*drawing{}}
		before := tea.Snapshot{View: tea.Vertical(widgets.Button{ID: "go", Label: "Go", OnClick: 1}, table(rows, "asc")), Version: 1}
		after := tea.Snapshot{View: tea.Vertical(widgets.Button{ID: "go", Label: "Go", OnClick: 1}, table(rows, "desc")), Version: 2}
		d.changed("s", before, after)
		return testing.AllocsPerRun(20, func() {
			before.Version, after.Version = after.Version, after.Version+1
			before, after = after, before
			d.changed("s", before, after)
		})
	}
	// Both sizes past 255: a row count that small is boxed without an
	// allocation.
	small, large := allocs(400), allocs(40000)
	if large > small {
		t.Fatalf("finding what changed allocates %.0f times with 40,000 rows and %.0f with 400", large, small)
	}
}
