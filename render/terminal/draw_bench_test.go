package terminal_test

import (
	"fmt"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// BenchmarkDraw lays out and draws a modest screen: a title, a row of three
// boxes holding buttons and text, and a column of labels, at 120x40.
func BenchmarkDraw(b *testing.B) {
	var panes []tea.Node
	for i := range 3 {
		var items []tea.Node
		for j := range 6 {
			items = append(items, tea.Label(fmt.Sprintf("pane %d line %d with some text to cut at the edge of its box", i, j)))
		}
		items = append(items, tea.Horizontal(
			widgets.Button{ID: fmt.Sprintf("ok%d", i), Label: "OK", OnClick: i},
			widgets.Button{ID: fmt.Sprintf("cancel%d", i), Label: "Cancel", OnClick: i},
		))
		panes = append(panes, tea.Box{Title: fmt.Sprintf("Pane %d", i), Padding: 1, Child: tea.Vertical(items...)})
	}
	var log []tea.Node
	for i := range 15 {
		log = append(log, tea.Text{Content: fmt.Sprintf("log entry %d", i), Muted: i%2 == 0})
	}
	tree := tea.Column{Gap: 1, Items: []tea.Node{
		tea.Text{Content: "Facet benchmark", Bold: true},
		tea.Row{Gap: 1, Items: panes},
		tea.Box{Title: "Log", Child: tea.Vertical(log...)},
	}}
	b.ReportAllocs()
	for b.Loop() {
		_ = terminal.Draw(tree, 120, 40, "ok1")
	}
}

// benchSnapshot is BenchmarkDraw's screen as runtime version v publishes
// it: its first line counts v, so every version differs in one line, and a
// text field and a checkbox hold values.
func benchSnapshot(v uint64) tea.Snapshot {
	var panes []tea.Node
	for i := range 3 {
		var items []tea.Node
		for j := range 6 {
			items = append(items, tea.Label(fmt.Sprintf("pane %d line %d with some text to cut at the edge of its box", i, j)))
		}
		items = append(items, tea.Horizontal(
			widgets.Button{ID: fmt.Sprintf("ok%d", i), Label: "OK", OnClick: i},
			widgets.Checkbox{ID: fmt.Sprintf("check%d", i), Label: "Check", Checked: i%2 == 0},
		))
		panes = append(panes, tea.Box{Title: fmt.Sprintf("Pane %d", i), Padding: 1, Child: tea.Vertical(items...)})
	}
	tree := tea.Column{Gap: 1, Items: []tea.Node{
		tea.Text{Content: fmt.Sprintf("Facet benchmark, version %d", v), Bold: true},
		tea.Row{Gap: 1, Items: panes},
		widgets.TextInput{ID: "name", Value: "Ada Lovelace"},
	}}
	return tea.Snapshot{View: tree, Focus: "ok1", Version: v, Size: tea.WindowSizeMsg{Width: 120, Height: 40}}
}

// BenchmarkDrawSnapshotScreens draws a session's snapshots as its
// screenshots do: afresh (DrawSnapshot) or with one SnapshotDrawer, of a
// screen that did not change (the same version again) and of one whose
// every version changed one line.
func BenchmarkDrawSnapshotScreens(b *testing.B) {
	same := benchSnapshot(1)
	changing := make([]tea.Snapshot, 64)
	for i := range changing {
		changing[i] = benchSnapshot(uint64(i + 1))
	}
	draws := []struct {
		name string
		draw func(d *terminal.SnapshotDrawer, s tea.Snapshot) string
	}{
		{"fresh", func(_ *terminal.SnapshotDrawer, s tea.Snapshot) string { return terminal.DrawSnapshot(s, 120, 40) }},
		{"memo", func(d *terminal.SnapshotDrawer, s tea.Snapshot) string { return d.Draw(s, 120, 40) }},
	}
	for _, dr := range draws {
		b.Run("unchanged/"+dr.name, func(b *testing.B) {
			d := terminal.NewSnapshotDrawer()
			b.ReportAllocs()
			for b.Loop() {
				_ = dr.draw(d, same)
			}
		})
		b.Run("one-line-changed/"+dr.name, func(b *testing.B) {
			d := terminal.NewSnapshotDrawer()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				s := changing[i%len(changing)]
				s.Version = uint64(i + 1)
				_ = dr.draw(d, s)
				i++
			}
		})
	}
}

// counterSnapshot is the playground counter's screen at count n, as
// version n+1 with +1 focused: what a recording draws for each click.
func counterSnapshot(n int) tea.Snapshot {
	tree := tea.Column{Gap: 1, Items: []tea.Node{
		widgets.Text{ID: "count", Content: fmt.Sprintf("Count: %d", n), Bold: true},
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.Button{ID: "inc", Label: "+1", OnClick: 1},
			widgets.Button{ID: "dec", Label: "−1", OnClick: -1},
			widgets.Button{ID: "reset", Label: "Reset", OnClick: 0, Disabled: n == 0, DisabledReason: "the count is 0"},
		}},
		tea.Text{Content: "tab: next button · enter/space: press", Muted: true},
	}}
	return tea.Snapshot{View: tree, Focus: "inc", Version: uint64(n + 1), Size: tea.WindowSizeMsg{Width: 80, Height: 24}}
}

// BenchmarkSnapshotDrawerCounterClick draws the counter's screens one
// click apart with one SnapshotDrawer, as a recording draws its frames.
func BenchmarkSnapshotDrawerCounterClick(b *testing.B) {
	snaps := make([]tea.Snapshot, 64)
	for i := range snaps {
		snaps[i] = counterSnapshot(i + 1)
	}
	d := terminal.NewSnapshotDrawer()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := snaps[i%len(snaps)]
		s.Version = uint64(i + 1)
		_ = d.DrawLines(s, 80, 24)
		i++
	}
}
