package terminal_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// assertRectsMatchDrawing checks that every recorded rectangle lies where
// its widget was drawn: the cells at its top-left spell the widget's id (the
// cell widget draws its id).
func assertRectsMatchDrawing(t *testing.T, f terminal.Frame) {
	t.Helper()
	rows := strings.Split(f.Plain(), "\n")
	for _, r := range f.Rects() {
		line := []rune(rows[r.Y])
		if r.X+len(r.ID) > len(line) || string(line[r.X:r.X+len(r.ID)]) != r.ID {
			t.Errorf("rect %+v: the screen there reads %q, want the widget %q drawn there\n%s", r, string(line[min(r.X, len(line)):]), r.ID, f.Plain())
		}
	}
}

func TestRowRecordsWidgetsWhereItDrawsThem(t *testing.T) {
	tests := []struct {
		name  string
		row   tea.Row
		width int
		want  map[string]int // id -> X
	}{
		{
			name:  "a flexible item squeezed to nothing moves nothing after it",
			row:   tea.Row{Gap: 1, Items: []tea.Node{cell{id: "z"}, cell{id: "a", fixed: 5}, cell{id: "b", fixed: 20}}},
			width: 20,
			want:  map[string]int{"a": 0, "b": 6},
		},
		{
			name:  "a fixed item with no room left moves nothing after it",
			row:   tea.Row{Gap: 2, Items: []tea.Node{cell{id: "a", fixed: 18}, cell{id: "z", fixed: 4}, cell{id: "b"}}},
			width: 20,
			want:  map[string]int{"a": 0},
		},
		{
			name:  "every item drawn, gaps between them",
			row:   tea.Row{Gap: 2, Items: []tea.Node{cell{id: "a", fixed: 3}, cell{id: "b"}, cell{id: "c", fixed: 4}}},
			width: 20,
			want:  map[string]int{"a": 0, "b": 5, "c": 16},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := terminal.Layout(tt.row, tt.width, 1, "", "")
			assertRectsMatchDrawing(t, f)
			for id, x := range tt.want {
				if r, ok := f.Rect(id); !ok || r.X != x {
					t.Errorf("Rect(%s) = %+v, %v; want X=%d\n%s", id, r, ok, x, f.Plain())
				}
			}
			if _, ok := f.Rect("z"); ok {
				t.Errorf("the item drawn nowhere has a rectangle")
			}
		})
	}
}

func TestRowRecordsAButtonInAFullWidthBoxWhereItIsDrawn(t *testing.T) {
	// The label gets no width: the box after it starts at column 0.
	tree := tea.Row{Gap: 1, Items: []tea.Node{
		tea.Label("squeezed"),
		tea.Box{Width: 20, Child: widgets.Button{ID: "go", Label: "Go", OnClick: 1}},
	}}
	f := terminal.Layout(tree, 20, 3, "", "")
	r, ok := f.Rect("go")
	if !ok || r.X != 1 || r.Y != 1 {
		t.Fatalf("Rect(go) = %+v, %v; want X=1 Y=1, inside the box's border\n%s", r, ok, f.Plain())
	}
	if row := []rune(strings.Split(f.Plain(), "\n")[1]); !strings.HasPrefix(string(row[r.X:]), "[ Go ]") {
		t.Fatalf("the button is not drawn at its rectangle:\n%s", f.Plain())
	}
}

func TestColumnGapsOnlySeparateItemsThatDrawSomething(t *testing.T) {
	hidden := widgets.Modal{ID: "m", Title: "Sure?"}
	tests := []struct {
		name string
		tree tea.Node
		want string
	}{
		{
			name: "a hidden modal between two lines",
			tree: tea.Column{Gap: 1, Items: []tea.Node{tea.Label("a"), hidden, tea.Label("b")}},
			want: lines("a  ", "   ", "b  ", "   ", "   "),
		},
		{
			name: "a hidden modal first",
			tree: tea.Column{Gap: 1, Items: []tea.Node{hidden, tea.Label("a"), tea.Label("b")}},
			want: lines("a  ", "   ", "b  ", "   ", "   "),
		},
		{
			name: "an empty row and a nil item",
			tree: tea.Column{Gap: 2, Items: []tea.Node{tea.Label("a"), tea.Row{}, nil, tea.Label("b")}},
			want: lines("a  ", "   ", "   ", "b  ", "   "),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := terminal.Draw(tt.tree, 3, 5, ""); got != tt.want {
				t.Fatalf("Draw\n got %q\nwant %q", got, tt.want)
			}
		})
	}
	// The rectangles follow the lines actually drawn.
	f := terminal.Layout(tea.Column{Gap: 1, Items: []tea.Node{cell{id: "a"}, hidden, cell{id: "b"}}}, 3, 5, "", "")
	if r, ok := f.Rect("b"); !ok || r.Y != 2 {
		t.Fatalf("Rect(b) = %+v, %v; want Y=2", r, ok)
	}
	assertRectsMatchDrawing(t, f)
}

func TestAColumnScrollsToTheFocusedWidget(t *testing.T) {
	items := []tea.Node{}
	for i := range 8 {
		items = append(items, widgets.Button{ID: fmt.Sprintf("b%d", i), Label: fmt.Sprintf("B%d", i), OnClick: i})
	}
	col := tea.Column{Items: items}
	tests := []struct {
		name  string
		focus string
		want  string
	}{
		{"focus in view: no scrolling, the rest marked", "b1", lines("[ B0 ]      ", "[ B1 ]      ", "[ B2 ]      ", "⋮           ", "enter press ")},
		{"focus below: the top goes, marked", "b6", lines("⋮           ", "[ B4 ]      ", "[ B5 ]      ", "[ B6 ]      ", "enter press ")},
		{"the last widget", "b7", lines("⋮           ", "[ B5 ]      ", "[ B6 ]      ", "[ B7 ]      ", "enter press ")},
		{"nothing focused", "", lines("[ B0 ]      ", "[ B1 ]      ", "[ B2 ]      ", "[ B3 ]      ", "⋮           ")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := terminal.Layout(col, 12, 5, tt.focus, "")
			if got := f.Plain(); got != tt.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			if tt.focus == "" {
				return
			}
			// The mouse finds the focused widget where it is drawn.
			for y := range 5 {
				if id, _, _, ok := f.WidgetAt(1, y); ok && id == tt.focus {
					return
				}
			}
			t.Fatalf("no rectangle for %s on screen", tt.focus)
		})
	}
}

func TestAColumnScrollsToAFocusedWidgetThatShrinksToFit(t *testing.T) {
	// A dialog shrinks to the lines it gets (title only, no buttons) rather
	// than being cut: the column must still scroll until it is whole.
	items := []tea.Node{}
	for i := range 6 {
		items = append(items, tea.Text{Content: fmt.Sprintf("line %d", i)})
	}
	items = append(items, widgets.Modal{ID: "ask", Title: "Delete?", Body: "It goes for good.", Visible: true, ConfirmLabel: "Delete", DismissLabel: "Keep"})
	col := tea.Column{Items: items}
	whole := terminal.Layout(tea.Column{Items: items[6:]}, 40, 20, "ask", "").Plain()
	if !strings.Contains(whole, "Keep") {
		t.Fatalf("the dialog alone:\n%s", whole)
	}
	for h := 8; h <= 14; h++ {
		got := terminal.Layout(col, 40, h, "ask", "").Plain()
		if !strings.Contains(got, "Keep") || !strings.Contains(got, "It goes for good.") {
			t.Fatalf("height %d: the dialog is not whole:\n%s", h, got)
		}
	}
}

func TestTheBottomMarkIsNoWidget(t *testing.T) {
	items := []tea.Node{}
	for i := range 8 {
		items = append(items, widgets.Button{ID: fmt.Sprintf("b%d", i), Label: fmt.Sprintf("B%d", i), OnClick: i})
	}
	f := terminal.Layout(tea.Column{Items: items}, 12, 5, "", "")
	if id, _, _, ok := f.WidgetAt(1, 4); ok {
		t.Fatalf("a click on the '⋮' line reaches %s", id)
	}
	if id, _, _, ok := f.WidgetAt(1, 3); !ok || id != "b3" {
		t.Fatalf("the line above it is %q, %v; want b3", id, ok)
	}
}
