package widgets_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// scroller is a scrolling widget driven through its state helper, as an
// app drives it.
type scroller struct {
	name string
	// view builds the widget from the state.
	view func() tea.Widget
	// apply applies a message to the state.
	apply func(tea.Msg)
	// first is the line of the window's first item (under a header or
	// label).
	first int
}

// scrollers are a Tree, a SelectList and a Table of 30 items each, 6
// lines high, "item 00" ... "item 29".
func scrollers() []scroller {
	names := make([]string, 30)
	nodes := make([]widgets.TreeNode, 30)
	rows := make([][]string, 30)
	for i := range names {
		names[i] = fmt.Sprintf("item %02d", i)
		nodes[i] = widgets.TreeNode{ID: names[i], Label: names[i]}
		rows[i] = []string{names[i]}
	}
	tree := &widgets.TreeState{ID: "w", Nodes: nodes, Selected: names[0], Height: 6}
	list := &widgets.SelectListState{ID: "w", Options: names, Height: 6}
	table := &widgets.TableState{ID: "w", Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}}, Rows: rows, Height: 6}
	return []scroller{
		{"tree", func() tea.Widget { return tree.View(widgets.Tree{}) }, func(m tea.Msg) { tree.Update(m) }, 0},
		{"select list", func() tea.Widget { return list.View(widgets.SelectList{}) }, func(m tea.Msg) { list.Update(m) }, 0},
		{"table", func() tea.Widget { return table.View(widgets.Table{}) }, func(m tea.Msg) { table.Update(m) }, 1},
	}
}

// window is the items the widget shows, top to bottom, and the selected
// one.
func (s scroller) window(t *testing.T) (items []string, selected string) {
	t.Helper()
	out := ansi.Strip(s.view().Render(tea.RenderContext{Width: 30}))
	for _, line := range strings.Split(out, "\n")[s.first:] {
		item := strings.TrimSpace(strings.TrimLeft(line, " ›▸"))
		items = append(items, item)
		if strings.HasPrefix(line, "›") || strings.HasPrefix(line, "▸") {
			selected = item
		}
	}
	return items, selected
}

func (s scroller) press(t *testing.T, name string) {
	t.Helper()
	if msg := s.view().(tea.KeyHandler).HandleKey(parseKey(t, name)); msg != nil {
		s.apply(msg)
	}
}

// A click selects the item under the pointer and leaves the window where it
// is; the window scrolls only to keep the selection in view. After End a
// click on a Tree or a SelectList scrolled it, so the clicked item left the
// pointer.
func TestAClickSelectsWithoutScrolling(t *testing.T) {
	for _, s := range scrollers() {
		t.Run(s.name, func(t *testing.T) {
			s.press(t, "end")
			shown, sel := s.window(t)
			if sel != "item 29" || shown[len(shown)-1] != "item 29" {
				t.Fatalf("after End the window is %q with %q selected, want item 29 last and selected", shown, sel)
			}
			for _, y := range []int{4, 2, 0} {
				msg := s.view().(tea.MouseHandler).HandleMouse(tea.Mouse{X: 4, Y: s.first + y, Action: tea.MousePress, Button: tea.MouseLeft, Width: 30})
				s.apply(msg)
				after, sel := s.window(t)
				if strings.Join(after, ",") != strings.Join(shown, ",") || sel != shown[y] {
					t.Fatalf("a click on line %d (%s) left %q selected in %q, want %s selected in %q", y, shown[y], sel, after, shown[y], shown)
				}
			}
			// The click left the first line selected: Up scrolls one line.
			s.press(t, "up")
			after, sel := s.window(t)
			if sel != "item 23" || after[0] != "item 23" || after[1] != shown[0] {
				t.Fatalf("Up from the top line: window %q with %q selected, want it one line up, item 23 selected", after, sel)
			}
		})
	}
}
