package mcp

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// writeShows answers exactly what it answered when it outlined the whole
// view before and after every write (writeShowsReference, kept here as the
// oracle), on views of checkboxes, texts, titled boxes and a dialog that
// opens and closes, with any widgets changed, past outlineLines too.
func TestWriteShowsAnswersWhatTheWholeOutlineDid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, outlineLines+10).Draw(t, "widgets")
		view := func(label string) tea.Snapshot {
			var nodes []tea.Node
			for i := range n {
				id := fmt.Sprintf("c%d", i)
				switch rapid.IntRange(0, 5).Draw(t, label+" kind "+id) {
				case 0:
					nodes = append(nodes, tea.Text{Content: rapid.SampledFrom([]string{"", "a", "b", "Count: 1"}).Draw(t, label+" text "+id)})
				case 1:
					nodes = append(nodes, tea.Box{Title: rapid.SampledFrom([]string{"", "Box", "Other"}).Draw(t, label+" box "+id),
						Child: widgets.Checkbox{ID: id, Label: "in a box"}})
				case 2:
					nodes = append(nodes, widgets.Modal{ID: "dlg", Title: "Delete?", Body: "Sure?", Visible: rapid.Bool().Draw(t, label+" open "+id)})
				default:
					nodes = append(nodes, widgets.Checkbox{ID: id, Label: rapid.SampledFrom([]string{"x", "y"}).Draw(t, label+" label "+id),
						Checked: rapid.Bool().Draw(t, label+" checked "+id)})
				}
			}
			return tea.Snapshot{View: tea.Vertical(nodes...), Focus: rapid.SampledFrom([]string{"", "c0", "c1"}).Draw(t, label+" focus")}
		}
		before, after := view("before"), view("after")
		ids := []string{"dlg", "gone"}
		for i := range n {
			ids = append(ids, fmt.Sprintf("c%d", i))
		}
		var changed []string
		if len(ids) > 0 {
			changed = rapid.SliceOfDistinct(rapid.SampledFrom(ids), func(s string) string { return s }).Draw(t, "changed")
		}
		want := writeShowsReference(before, after, outline(after.View, after.Focus), changed)
		if got := writeShows(before, after, changed); got != want {
			t.Fatalf("writeShows answered\n%s\nthe whole outline answered\n%s", got, want)
		}
	})
}

// writeShowsReference is writeShows as it was made first: both whole
// outlines, every line described.
func writeShowsReference(before, after tea.Snapshot, lines []outlineLine, changed []string) string {
	if len(changed) == 0 {
		return ""
	}
	was := map[string]bool{}
	for _, l := range outline(before.View, before.Focus) {
		was[l.key] = true
	}
	now := map[string]bool{}
	for _, l := range lines {
		now[l.key] = true
	}
	want := make(map[string]bool, len(changed))
	whole := false
	for _, id := range changed {
		want[id] = true
		whole = whole || was[id] != now[id]
	}
	var b strings.Builder
	if whole {
		b.WriteString("Now:\n")
	}
	shown := map[string]bool{}
	for i, l := range lines {
		if i == outlineLines {
			fmt.Fprintf(&b, "(%d more lines)\n", len(lines)-i)
			break
		}
		widget := want[l.key]
		if shown[l.key] || !(whole || widget || !was[l.key] && isTextKey(l.key)) {
			continue
		}
		shown[l.key] = true
		b.WriteString(l.text)
		b.WriteByte('\n')
		if w, ok := tea.FindWidget(after.View, l.key); ok && widget {
			b.WriteString(widgetDetail(w))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Past outlineLines a write's answer counts the lines it left out, and a
// changed widget among them is not shown.
func TestWriteShowsCountsTheLinesPastItsBound(t *testing.T) {
	view := func(n int, checked string) tea.Snapshot {
		var nodes []tea.Node
		for i := range n {
			id := fmt.Sprintf("c%d", i)
			nodes = append(nodes, widgets.Checkbox{ID: id, Label: id, Checked: id == checked})
		}
		return tea.Snapshot{View: tea.Vertical(nodes...)}
	}
	cases := []struct {
		n       int
		changed string
		want    string
	}{
		{outlineLines, "c3", "checkbox c3 \"c3\" (checked)"},
		{outlineLines + 1, "c3", "checkbox c3 \"c3\" (checked)\n(1 more lines)"},
		{outlineLines + 10, "c65", "(10 more lines)"},
	}
	for _, c := range cases {
		before, after := view(c.n, ""), view(c.n, c.changed)
		got := writeShows(before, after, []string{c.changed})
		if ref := writeShowsReference(before, after, outline(after.View, after.Focus), []string{c.changed}); got != ref {
			t.Errorf("%d widgets, %s changed: writeShows %q, the whole outline %q", c.n, c.changed, got, ref)
		}
		if got != c.want {
			t.Errorf("%d widgets, %s changed: writeShows %q, want %q", c.n, c.changed, got, c.want)
		}
	}
}
