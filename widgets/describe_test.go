package widgets_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// describedWidgets are the built-in widgets as an app shows them, enabled
// and disabled where they can be.
func describedWidgets() []tea.Widget {
	table := repoTable(3)
	table.SortColumn, table.SortDirection, table.Selected = "stars", widgets.SortAsc, 1
	return []tea.Widget{
		widgets.Button{ID: "b", Label: "Go", OnClick: "go"},
		widgets.Button{ID: "b", Label: "Go", OnClick: "go", Disabled: true},
		widgets.Checkbox{ID: "c", Label: "Agree", Checked: true},
		widgets.Checkbox{ID: "c", Label: "Agree", Disabled: true},
		widgets.TextInput{ID: "t", Label: "Name", Value: "Ada"},
		widgets.TextInput{ID: "t", Label: "Name", Value: "Ada", Disabled: true},
		widgets.PasswordField{ID: "p", Label: "Password", Value: "hunter2"},
		widgets.TextArea{ID: "a", Label: "Notes", Value: "a\nb"},
		widgets.SelectList{ID: "l", Label: "Fruit", Options: fruit, Selected: 2},
		widgets.SelectList{ID: "l", Label: "Fruit", Options: fruit, Selected: 2, Disabled: true},
		table,
		widgets.Table{ID: "repos", Columns: repoColumns(), Rows: [][]string{{"a", "1", "Go"}}, Disabled: true},
		sampleTree("main"),
		sampleTabs(1),
		sampleLog(),
		widgets.Scrubber{ID: "s", Label: "Track", Position: 65, Max: 300},
		widgets.Scrubber{ID: "s", Label: "Track", Position: 65, Max: 300, Playing: true},
		widgets.Scrubber{ID: "s", Label: "Track", Max: 300, Disabled: true},
		widgets.Modal{ID: "m", Title: "Delete?", Body: "It is gone for good.", Visible: true, Destructive: true},
		widgets.Modal{ID: "m", Title: "Delete?"},
		sampleMenu("r1", "file", "recent"),
		widgets.Text{ID: "x", Content: "Hello", Bold: true},
		widgets.BarChart{ID: "bars", Bars: []widgets.Bar{{Label: "a", Value: 2}, {Label: "b", Value: 5}}},
		widgets.Sparkline{ID: "spark", Label: "cpu", Values: []float64{1, 3, 2}},
		widgets.Progress{ID: "pr", Label: "Upload", Value: 0.5},
		widgets.Spinner{ID: "sp", Label: "Loading", Spinning: true},
	}
}

// acts lists every Act a description holds: the widget's own, its
// headers' and its parts' (actions and toggles, at any depth).
func acts(d tea.Description) []tea.Act {
	out := []tea.Act{d.Action}
	var walk func(ps []tea.Part)
	walk = func(ps []tea.Part) {
		for _, p := range ps {
			out = append(out, p.Action, p.Toggle)
			walk(p.Parts)
		}
	}
	walk(d.Headers)
	walk(d.Parts)
	return slices.DeleteFunc(out, tea.Act.IsZero)
}

// TestEveryDescribedActIsOneTheWidgetDoes checks, for every built-in
// widget, that what its description says a click does is what the widget
// does: each Act is an action it offers whose Invoke writes a message, or
// one its ClickPart answers; a disabled widget describes none.
func TestEveryDescribedActIsOneTheWidgetDoes(t *testing.T) {
	for _, w := range describedWidgets() {
		d, _ := tea.Describe(w)
		name := fmt.Sprintf("%s %q", w.WidgetKind(), d.Label)
		if d.Role == "" {
			t.Errorf("%s describes no role", name)
		}
		all := acts(d)
		if d.States.Disabled && len(all) > 0 {
			t.Errorf("%s is disabled but describes acts %v", name, all)
		}
		for _, a := range all {
			if c, ok := w.(tea.PartClicker); ok {
				msg, handled, err := c.ClickPart(a)
				if err != nil {
					t.Errorf("%s: ClickPart(%v) = %v", name, a, err)
				}
				if handled {
					if msg == nil {
						t.Errorf("%s: ClickPart(%v) handled it and sent nothing", name, a)
					}
					continue
				}
			}
			tp, ok := w.(tea.ToolProvider)
			if !ok {
				t.Errorf("%s describes %v but offers no actions", name, a)
				continue
			}
			if !slices.ContainsFunc(tp.Actions(), func(x tea.Action) bool { return x.Name == a.Name }) {
				t.Errorf("%s describes %v, an action it does not offer", name, a)
				continue
			}
			args := a.ArgMap()
			for k, v := range args {
				if v == nil && d.Range != nil { // the point a click picks
					args[k] = int(d.Range.Now)
				}
			}
			res, err := tp.Invoke(a.Name, args)
			if err != nil || !res.IsWrite() {
				t.Errorf("%s: Invoke(%v) = %v, %v; want a write", name, a, res, err)
			}
		}
	}
}

// TestMaskedWidgetsDescribeNoValue checks that a masked field's
// description, as any renderer but the person's own encodes it, holds
// nothing of its value.
func TestMaskedWidgetsDescribeNoValue(t *testing.T) {
	for _, w := range []tea.Widget{
		widgets.PasswordField{ID: "p", Label: "Password", Value: "hunter2"},
		widgets.TextInput{ID: "t", Label: "PIN", Value: "hunter2", Mask: '*'},
	} {
		d := w.(tea.Describer).Describe()
		raw, _ := json.Marshal(d)
		if d.Value != "" || strings.Contains(string(raw), "hunter2") || strings.Contains(string(raw), "7") {
			t.Errorf("%s describes %s (Value %q): want nothing of its value", w.WidgetKind(), raw, d.Value)
		}
		if !d.States.Masked || d.Length != 7 {
			t.Errorf("%s: masked %v, length %d; want masked, and 7 bullets for the person's own renderer", w.WidgetKind(), d.States.Masked, d.Length)
		}
	}
}

// TestDescriptionsHoldWhatTheWidgetShows checks the parts of the
// descriptions a browser builds its elements from.
func TestDescriptionsHoldWhatTheWidgetShows(t *testing.T) {
	table := repoTable(3)
	table.SortColumn, table.Selected = "stars", 1
	td, _ := tea.Describe(table)
	if len(td.Headers) != 3 || td.Headers[1].Sort != "ascending" || td.Headers[1].Action.Arg("direction") != widgets.SortDesc ||
		td.Headers[0].Sort != "" || td.Headers[0].Action.Arg("direction") != widgets.SortAsc || td.Lines != widgets.DefaultTableHeight {
		t.Errorf("table headers %+v, lines %d: want stars sorted ascending (a click sorts descending), the others unsorted", td.Headers, td.Lines)
	}
	if len(td.Parts) != 3 || !td.Parts[1].States.Selected || !slices.Equal(td.Parts[2].Cells, []string{"repo-2", "14", "Go"}) {
		t.Errorf("table rows %+v: want 3, the second selected", td.Parts)
	}

	tree, _ := tea.Describe(sampleTree("main"))
	var nodes []string
	for _, p := range tree.Parts {
		nodes = append(nodes, fmt.Sprintf("%d %s %v/%v %s %s", p.Level, p.ID, p.States.Expandable, p.States.Expanded, p.Toggle.Name, when(p.States.Selected, "selected")))
	}
	wantNodes := []string{"1 src true/true collapse ", "2 main false/false  selected", "2 lib true/false expand ", "1 readme false/false  "}
	if !slices.Equal(nodes, wantNodes) {
		t.Errorf("tree nodes:\n%s\nwant:\n%s", strings.Join(nodes, "\n"), strings.Join(wantNodes, "\n"))
	}

	tabs := sampleTabs(1).Describe()
	if len(tabs.Parts) != 4 || !tabs.Parts[1].States.Selected || tabs.Parts[3].Action.Arg("index") != 3 {
		t.Errorf("tabs %+v: want 4, the second selected", tabs.Parts)
	}

	log := sampleLog().Describe()
	if len(log.Parts) != 6 || log.Parts[0].Label != "line 20" || log.Range == nil || log.Range.Now != 20 || log.Range.Max != 50 {
		t.Errorf("viewport parts %+v, range %+v: want lines 20-25 of 50", log.Parts, log.Range)
	}

	s := widgets.Scrubber{ID: "s", Position: 65, Max: 300, Playing: true}.Describe()
	if s.Range == nil || s.Range.Now != 65 || s.Range.NowText != "01:05" || s.Range.MaxText != "05:00" || s.Action.Name != "seek" ||
		len(s.Parts) != 1 || s.Parts[0].Action.Name != "pause" || !s.Parts[0].States.Pressed {
		t.Errorf("scrubber %+v: want at 1:05 of 5:00, a click seeking, its button pausing", s)
	}

	if d := (widgets.Text{ID: "x", Content: "Hi", Bold: true, Muted: true}).Describe(); !d.States.Strong || !d.States.Muted {
		t.Errorf("text states %+v: want strong and muted", d.States)
	}
	if d := (widgets.Spinner{ID: "sp", Spinning: true}).Describe(); !d.States.Busy {
		t.Errorf("a spinning spinner's states %+v: want busy", d.States)
	}
	if d := (widgets.Progress{ID: "p", Value: 0.25}).Describe(); d.Value != "25%" || d.Range == nil || d.Range.Now != 0.25 {
		t.Errorf("progress %q %+v: want 25%% of 1", d.Value, d.Range)
	}
}

// TestClickPartMeansWhatAClickInTheTerminalDoes checks the clicks whose
// meaning is the widget's own: the option already selected is chosen, an
// open submenu closes, anything else is the named action.
func TestClickPartMeansWhatAClickInTheTerminalDoes(t *testing.T) {
	list := widgets.SelectList{ID: "l", Options: fruit, Selected: 2}
	index := func(i any) tea.Act { return tea.Act{Name: "select", Args: []tea.Arg{{Name: "index", Value: i}}} }
	path := func(p any) tea.Act { return tea.Act{Name: "open", Args: []tea.Arg{{Name: "path", Value: p}}} }
	menu := sampleMenu("r1", "file", "recent")
	tests := []struct {
		name    string
		w       tea.PartClicker
		act     tea.Act
		want    tea.Msg
		handled bool
		err     string
	}{
		{"the selected option, as the page sends it, is chosen", list, index(2.0), widgets.SelectListChosen{ID: "l", Index: 2, Label: "cherry"}, true, ""},
		{"the selected option, as a description says it, is chosen", list, index(2), widgets.SelectListChosen{ID: "l", Index: 2, Label: "cherry"}, true, ""},
		{"another option is its select", list, index(1.0), nil, false, ""},
		{"an open submenu closes to the path above it", menu, path([]any{"file"}), widgets.MenuOpened{ID: "mn", Path: []string{"file"}}, true, ""},
		{"a closed submenu opens", menu, path([]string{"edit"}), widgets.MenuOpened{ID: "mn", Path: []string{"edit"}}, true, ""},
		{"a disabled submenu is refused", menu, path([]any{"locked"}), nil, true, `"locked" is not an enabled item with children at depth 0`},
		{"a path that is not a list is refused", menu, path("file"), nil, true, "must be a list of item ids"},
		{"a leaf is its select", menu, tea.Act{Name: "select", Args: []tea.Arg{{Name: "item_id", Value: "quit"}}}, nil, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, handled, err := tt.w.ClickPart(tt.act)
			if handled != tt.handled || !reflect.DeepEqual(msg, tt.want) {
				t.Errorf("ClickPart(%v) = %#v, %v; want %#v, %v", tt.act, msg, handled, tt.want, tt.handled)
			}
			if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("ClickPart(%v) error = %v, want %q", tt.act, err, tt.err)
			}
		})
	}
}

func when(on bool, s string) string {
	if on {
		return s
	}
	return ""
}
