package terminal

import (
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// gauge is an app's own widget that describes itself.
type gauge struct{ level float64 }

func (gauge) Children() []tea.Node              { return nil }
func (gauge) WidgetID() string                  { return "fuel" }
func (gauge) WidgetKind() string                { return "gauge" }
func (g gauge) Render(tea.RenderContext) string { return "▕████  ▏" }
func (g gauge) Describe() tea.Description {
	return tea.Description{Label: "Fuel", Role: "meter", State: map[string]any{"value": g.level, "unit": "litres", "low": g.level < 0.2, "refuelling": true}}
}

// pin is an app's own masked widget whose description wrongly carries its
// value.
type pin struct{ value string }

func (pin) Children() []tea.Node            { return nil }
func (pin) WidgetID() string                { return "pin" }
func (pin) WidgetKind() string              { return "pin_pad" }
func (pin) Render(tea.RenderContext) string { return "****" }
func (pin) IsMasked() bool                  { return true }
func (p pin) Describe() tea.Description {
	return tea.Description{Label: "PIN", Role: "textbox", State: map[string]any{"value": p.value, "length": len(p.value)}}
}

// blinker describes nothing.
type blinker struct{}

func (blinker) Children() []tea.Node            { return nil }
func (blinker) WidgetID() string                { return "b1" }
func (blinker) WidgetKind() string              { return "status_light" }
func (blinker) Render(tea.RenderContext) string { return "●" }

// The outline reads every widget from its description, in view order: an
// app's own widget as well as a built-in one; a masked one without its
// value, whatever its description says; one without a description as its
// kind and id. Box titles are groups; hidden dialogs, spacers and empty
// text say nothing; box-drawing characters in text are left out.
func TestOutlineReadsEachWidgetFromItsDescription(t *testing.T) {
	view := tea.Column{Items: []tea.Node{
		tea.Box{Title: "Tank", Child: gauge{level: 0.75}},
		pin{value: "1234"},
		blinker{},
		tea.Spacer{Lines: 1},
		tea.Text{Content: "──── totals ────\n\nsecond line"},
		widgets.Modal{ID: "hidden", Title: "Not shown"},
		widgets.Modal{ID: "ask", Title: "Quit?", Body: "Unsaved work is lost.", Visible: true},
		widgets.Text{ID: "empty"},
		widgets.Checkbox{ID: "c", Label: "Remember me", Checked: true, Disabled: true},
		widgets.SelectList{ID: "l", Label: "Colour", Options: []string{"red", "green"}, Selected: 1},
		widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "name"}}, Rows: [][]string{{"a"}, {"b"}, {"c"}}, Selected: 2, SortColumn: "name", SortDirection: "asc"},
	}}
	var got []string
	for _, e := range outline(view) {
		got = append(got, e.line())
	}
	want := []string{
		"group Tank",
		"meter Fuel: 0.75, refuelling, unit litres",
		"textbox PIN, secret",
		"status light b1",
		"totals",
		"second line",
		"dialog Quit?: Unsaved work is lost. OK or Cancel, OK selected — ←/→ choose, enter ok, esc/n dismiss",
		"checkbox Remember me, checked, disabled",
		"listbox Colour: green, 2 of 2",
		"table, 3 rows, row 3 selected, sorted by name ascending",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("outline:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s := strings.Join(got, "\n"); strings.Contains(s, "1234") || strings.Contains(s, "length") {
		t.Errorf("the masked widget's value was read: %s", s)
	}
}

// In the focused widget, what changed is said, not the whole line: the
// characters typed or deleted, or the new value and states.
func TestTypedSaysWhatChangedInTheFocusedWidget(t *testing.T) {
	field := func(v string) entry {
		e, _ := widgetEntry(widgets.TextInput{ID: "q", Label: "Query", Value: v})
		return e
	}
	area := func(v string) entry {
		e, _ := widgetEntry(widgets.TextArea{ID: "a", Label: "Notes", Value: v})
		return e
	}
	list := func(i int) entry {
		e, _ := widgetEntry(widgets.SelectList{ID: "l", Label: "Colour", Options: []string{"red", "green"}, Selected: i})
		return e
	}
	for _, c := range []struct {
		name     string
		old, now entry
		want     string
	}{
		{"typed", field("ad"), field("ada"), "a"},
		{"pasted", field(""), field("ada@example.com"), "ada@example.com"},
		{"a space", field("ada"), field("ada "), "space"},
		{"a new line", area("ada"), area("ada\n"), "new line"},
		{"escape sequences", field("ada"), field("ada\x1b[31mb"), "b"},
		{"deleted", field("ada"), field("ad"), "deleted a"},
		{"cleared", field("ada"), field(""), "deleted ada, empty"},
		{"replaced", field("ada"), field("bob"), "bob"},
		{"moved", list(0), list(1), "green, 2 of 2"},
	} {
		if got := typed(c.old, c.now); got != c.want {
			t.Errorf("%s: typed = %q, want %q", c.name, got, c.want)
		}
	}
}
