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
		{"the second widget of an id", twice("OK", "A"), twice("OK", "B"), []string{"ok"}},
		{"the first widget of an id", twice("A", "OK"), twice("B", "OK"), []string{"ok"}},
		{"a second widget of an id came", twice("OK", "OK"), tea.Snapshot{View: widgets.Button{ID: "ok", Label: "OK", OnClick: 1}}, []string{"ok"}},
		{"nothing changed, an id twice", twice("OK", "A"), twice("OK", "A"), []string{}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.before.Version, c.after.Version = uint64(2*i+1), uint64(2*i+2)
			d := &drawings{bySession: map[string]*drawing{}}
			draws = 0
			got, _ := d.changed("s", c.before, c.after)
			if !slices.Equal(got, c.want) {
				t.Fatalf("changed = %q, want %q", got, c.want)
			}
			if draws != 0 {
				t.Fatalf("a widget that describes itself was drawn %d times", draws)
			}
		})
	}
}

// twice is a view of two buttons with one id.
func twice(first, second string) tea.Snapshot {
	return tea.Snapshot{View: tea.Vertical(widgets.Button{ID: "ok", Label: first, OnClick: 1}, widgets.Button{ID: "ok", Label: second, OnClick: 1})}
}

// TestChangedTakesUnchangedWidgetsFromTheLastDrawing is a session's writes
// one after another: a widget equal to the one the last write saw is not
// described again, and one that changed is.
func TestChangedTakesUnchangedWidgetsFromTheLastDrawing(t *testing.T) {
	var described int
	view := func(version uint64, label string) tea.Snapshot {
		return tea.Snapshot{View: tea.Vertical(
			countedDescriber{ID: "same", n: &described},
			widgets.Button{ID: "ok", Label: label, OnClick: 1},
		), Version: version}
	}
	d := &drawings{bySession: map[string]*drawing{}}
	d.changed("s", view(1, "A"), view(2, "B"))
	described = 0
	if got, _ := d.changed("s", view(2, "B"), view(3, "C")); !slices.Equal(got, []string{"ok"}) {
		t.Fatalf("changed = %q, want [ok]", got)
	}
	if described != 0 {
		t.Fatalf("an unchanged widget was described %d times", described)
	}
}

// countedDescriber counts how often it is described.
type countedDescriber struct {
	ID string
	n  *int
}

func (c countedDescriber) Children() []tea.Node            { return nil }
func (c countedDescriber) WidgetID() string                { return c.ID }
func (c countedDescriber) WidgetKind() string              { return "counted" }
func (c countedDescriber) Render(tea.RenderContext) string { return "" }
func (c countedDescriber) Describe() tea.Description {
	*c.n++
	return tea.Description{Label: "same"}
}

// TestChangedAllocatesTheSameForAnyNumberOfWidgets is a write to one
// widget of a view beside 10 or 1,000 that did not change: finding what
// changed allocates about as much for either (the maps and slices of a
// drawing are allocated once each, whatever their size).
func TestChangedAllocatesTheSameForAnyNumberOfWidgets(t *testing.T) {
	allocs := func(n int) float64 {
		view := func(label string, version uint64) tea.Snapshot {
			items := []tea.Node{widgets.Button{ID: "go", Label: label, OnClick: 1}}
			for i := range n {
				items = append(items, widgets.Checkbox{ID: fmt.Sprintf("c%d", i), Label: "option"})
			}
			return tea.Snapshot{View: tea.Vertical(items...), Version: version}
		}
		d := &drawings{bySession: map[string]*drawing{}}
		// Each write's before is the last one's after, as in a session.
		before, after := view("A", 1), view("B", 2)
		d.changed("s", before, after)
		return testing.AllocsPerRun(20, func() {
			before, after = after, before
			after.Version = before.Version + 1
			d.changed("s", before, after)
		})
	}
	small, large := allocs(10), allocs(1000)
	if large > small+16 {
		t.Fatalf("finding what changed allocates %.0f times beside 1,000 widgets and %.0f beside 10", large, small)
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

// maskedPlain is a masked widget that neither describes itself nor
// compares (it holds a slice), and has no Redacted form: only a drawing
// could tell its value, and an agent's is the masked stand-in's.
type maskedPlain struct {
	ID    string
	Value string
	Lines []string
}

func (m maskedPlain) Children() []tea.Node { return nil }
func (m maskedPlain) WidgetID() string     { return m.ID }
func (m maskedPlain) WidgetKind() string   { return "masked_plain" }
func (m maskedPlain) IsMasked() bool       { return true }
func (m maskedPlain) Render(tea.RenderContext) string {
	return m.Value
}

// maskedTelling is a masked widget whose own Describe carries its value
// (against tea.Description's rule): an agent must see its stand-in's.
type maskedTelling struct{ ID, Value string }

func (m maskedTelling) Children() []tea.Node            { return nil }
func (m maskedTelling) WidgetID() string                { return m.ID }
func (m maskedTelling) WidgetKind() string              { return "masked_telling" }
func (m maskedTelling) IsMasked() bool                  { return true }
func (m maskedTelling) Render(tea.RenderContext) string { return m.Value }
func (m maskedTelling) Describe() tea.Description {
	return tea.Description{Label: "PIN", State: map[string]any{"value": m.Value}}
}

// maskedValue is a masked widget compared by value (comparable, no
// Describe): comparing it raw would tell whether its value changed.
type maskedValue struct{ ID, Value string }

func (m maskedValue) Children() []tea.Node            { return nil }
func (m maskedValue) WidgetID() string                { return m.ID }
func (m maskedValue) WidgetKind() string              { return "masked_value" }
func (m maskedValue) IsMasked() bool                  { return true }
func (m maskedValue) Render(tea.RenderContext) string { return m.Value }

// maskedRedacting is a masked widget whose Redacted form (redactedPin)
// neither describes itself nor compares: it is drawn, and the drawing is
// the same whatever the value.
type maskedRedacting struct{ ID, Value string }

func (m maskedRedacting) Children() []tea.Node            { return nil }
func (m maskedRedacting) WidgetID() string                { return m.ID }
func (m maskedRedacting) WidgetKind() string              { return "masked_redacting" }
func (m maskedRedacting) IsMasked() bool                  { return true }
func (m maskedRedacting) Render(tea.RenderContext) string { return m.Value }
func (m maskedRedacting) Redacted() tea.Widget {
	return redactedPin{ID: m.ID, Lines: []string{"****"}}
}

type redactedPin struct {
	ID    string
	Lines []string
}

func (r redactedPin) Children() []tea.Node            { return nil }
func (r redactedPin) WidgetID() string                { return r.ID }
func (r redactedPin) WidgetKind() string              { return "masked_redacting" }
func (r redactedPin) Render(tea.RenderContext) string { return fmt.Sprint(r.Lines) }

// TestChangedNeverTellsAMaskedValue: a write that changes only a masked
// widget's value reports nothing changed, however the widget is looked at
// (described by its own Describe that carries the value, compared by
// value, or drawn), because what is looked at is its agent form; the same
// write that also changes its label (seen by everyone) reports it.
func TestChangedNeverTellsAMaskedValue(t *testing.T) {
	cases := []struct {
		name          string
		before, after tea.Widget
	}{
		{"drawn, no Describe, not comparable", maskedPlain{ID: "pin", Value: "1234", Lines: []string{}}, maskedPlain{ID: "pin", Value: "12345", Lines: []string{}}},
		{"its Describe carries the value", maskedTelling{ID: "pin", Value: "1234"}, maskedTelling{ID: "pin", Value: "9999"}},
		{"compared by value", maskedValue{ID: "pin", Value: "1234"}, maskedValue{ID: "pin", Value: "9999"}},
		{"a Redacted form that is drawn", maskedRedacting{ID: "pin", Value: "1234"}, maskedRedacting{ID: "pin", Value: "9999"}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			snap := func(v uint64, w tea.Widget, label string) tea.Snapshot {
				return tea.Snapshot{View: tea.Vertical(w, widgets.Button{ID: "ok", Label: label, OnClick: 1}), Version: v}
			}
			d := &drawings{bySession: map[string]*drawing{}}
			base := uint64(10 * i)
			if got, _ := d.changed("s", snap(base+1, c.before, "OK"), snap(base+2, c.after, "OK")); len(got) != 0 {
				t.Fatalf("changing only the masked value: changed = %q, want []", got)
			}
			// Again from the kept drawing: the next write's before is
			// this one's after.
			if got, _ := d.changed("s", snap(base+2, c.after, "OK"), snap(base+3, c.before, "Done")); !slices.Equal(got, []string{"ok"}) {
				t.Fatalf("changing the masked value and a label: changed = %q, want [ok]", got)
			}
		})
	}
}
