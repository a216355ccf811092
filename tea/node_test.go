package tea_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

// sampleTree is a small tree with widgets at several depths, one of them
// twice under the same id, and a nil child.
func sampleTree() tea.Node {
	return tea.Column{Items: []tea.Node{
		tea.Label("title"),
		tea.Row{Items: []tea.Node{
			probe{id: "a"},
			tea.Box{Title: "box", Child: tea.Column{Items: []tea.Node{probe{id: "b"}, tea.Spacer{Lines: 1}}}},
		}},
		tea.Box{Title: "empty"},
		nil,
		probe{id: "c", disabled: true},
		probe{id: "a"},
	}}
}

func describe(n tea.Node) string {
	switch n := n.(type) {
	case tea.Column:
		return "column"
	case tea.Row:
		return "row"
	case tea.Box:
		return "box:" + n.Title
	case tea.Text:
		return "text:" + n.Content
	case tea.Spacer:
		return "spacer"
	case tea.Widget:
		return "widget:" + n.WidgetID()
	}
	return fmt.Sprintf("%T", n)
}

func TestWalkVisitsDepthFirstInViewOrder(t *testing.T) {
	var got []string
	tea.Walk(sampleTree(), func(n tea.Node, depth int) bool {
		got = append(got, fmt.Sprintf("%d:%s", depth, describe(n)))
		return true
	})
	want := "0:column 1:text:title 1:row 2:widget:a 2:box:box 3:column 4:widget:b 4:spacer 1:box:empty 1:widget:c 1:widget:a"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("Walk order\n got %s\nwant %s", s, want)
	}
}

func TestWalkSkipsChildrenWhenFnReturnsFalse(t *testing.T) {
	var got []string
	tea.Walk(sampleTree(), func(n tea.Node, _ int) bool {
		got = append(got, describe(n))
		_, isRow := n.(tea.Row)
		return !isRow
	})
	want := "column text:title row box:empty widget:c widget:a"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("Walk with the row skipped\n got %s\nwant %s", s, want)
	}
}

func TestWalkOfNilVisitsNothing(t *testing.T) {
	tea.Walk(nil, func(tea.Node, int) bool {
		t.Fatal("visited a nil tree")
		return true
	})
}

func TestWidgetsListsEveryWidgetInViewOrder(t *testing.T) {
	var ids []string
	for _, w := range tea.Widgets(sampleTree()) {
		ids = append(ids, w.WidgetID())
	}
	if got := strings.Join(ids, ","); got != "a,b,c,a" {
		t.Fatalf("Widgets = %s, want a,b,c,a (disabled and duplicates included)", got)
	}
	if tea.Widgets(tea.Label("no widgets")) != nil {
		t.Fatal("Widgets of a widgetless tree should be empty")
	}
}

func TestFindWidget(t *testing.T) {
	tree := tea.Column{Items: []tea.Node{
		tea.Box{Child: probe{id: "deep"}},
		probe{id: "dup", disabled: true},
		probe{id: "dup"},
	}}
	if w, ok := tea.FindWidget(tree, "deep"); !ok || w.WidgetID() != "deep" {
		t.Fatalf("FindWidget(deep) = %v, %v", w, ok)
	}
	w, ok := tea.FindWidget(tree, "dup")
	if !ok || !w.(probe).disabled {
		t.Fatalf("FindWidget(dup) = %#v, want the first in view order", w)
	}
	if w, ok := tea.FindWidget(tree, "missing"); ok || w != nil {
		t.Fatalf("FindWidget(missing) = %v, %v", w, ok)
	}
	if _, ok := tea.FindWidget(nil, "deep"); ok {
		t.Fatal("found a widget in a nil tree")
	}
}

func TestShorthands(t *testing.T) {
	col := tea.Vertical(tea.Label("a"), tea.Label("b"))
	if len(col.Children()) != 2 || col.Gap != 0 {
		t.Fatalf("Vertical = %+v", col)
	}
	row := tea.Horizontal(tea.Label("a"))
	if len(row.Children()) != 1 || row.Gap != 1 {
		t.Fatalf("Horizontal = %+v", row)
	}
	if (tea.Box{}).Children() != nil {
		t.Fatal("an empty Box has children")
	}
}
