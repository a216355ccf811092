package terminal

import (
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// counted is a widget that counts how often it is drawn.
type counted struct {
	ID    string
	Label string
	draws *int
}

func (c counted) Children() []tea.Node { return nil }
func (c counted) WidgetID() string     { return c.ID }
func (c counted) WidgetKind() string   { return "counted" }
func (c counted) Render(ctx tea.RenderContext) string {
	*c.draws++
	return widgets.Fit(c.Label, ctx.Width)
}

// unkeyable cannot key a map: it holds a slice.
type unkeyable struct {
	counted
	rows []string
}

func TestMemoDrawsAWidgetAgainOnlyWhenItOrItsRoomChanged(t *testing.T) {
	var a, b int
	tree := func(label string) tea.Node {
		return tea.Vertical(counted{ID: "a", Label: label, draws: &a}, counted{ID: "b", Label: "same", draws: &b})
	}
	m := newMemo()
	steps := []struct {
		name         string
		tree         tea.Node
		width        int
		wantA, wantB int
	}{
		{"first frame draws both", tree("one"), 20, 1, 1},
		{"a changed: only a is drawn", tree("two"), 20, 2, 1},
		{"nothing changed: nothing is drawn", tree("two"), 20, 2, 1},
		{"a back to a value of two frames ago: drawn again", tree("one"), 20, 3, 1},
		{"narrower: both drawn", tree("one"), 10, 4, 2},
	}
	for _, s := range steps {
		f := layoutWith(s.tree, s.width, 4, "", "", status{}, chromeHelp{}, defaultTheme, look{}, m)
		if a != s.wantA || b != s.wantB {
			t.Fatalf("%s: drawn a %d, b %d times; want %d, %d", s.name, a, b, s.wantA, s.wantB)
		}
		// A full redraw draws both again: the counts are the memo's.
		saved := [2]int{a, b}
		if want := layout(s.tree, s.width, 4, "", "", status{}, chromeHelp{}, defaultTheme); f.Styled() != want.Styled() {
			t.Fatalf("%s: the memo changed the frame:\n%q\nwant\n%q", s.name, f.Styled(), want.Styled())
		}
		a, b = saved[0], saved[1]
	}
}

func TestMemoDrawsUnkeyableWidgetsEveryTime(t *testing.T) {
	var n int
	tree := tea.Vertical(unkeyable{counted: counted{ID: "u", Label: "rows", draws: &n}, rows: []string{"x"}},
		widgets.Button{ID: "b", Label: "OK", OnClick: []int{1}}) // an uncomparable message
	m := newMemo()
	for range 3 {
		layoutWith(tree, 20, 4, "b", "", status{}, chromeHelp{}, defaultTheme, look{}, m)
	}
	if n != 3 {
		t.Fatalf("an unkeyable widget was drawn %d times in 3 frames, want 3", n)
	}
}

func TestMemoHoldsAtMostTwoFrames(t *testing.T) {
	m := newMemo()
	for i := range 50 {
		tree := tea.Box{Title: fmt.Sprintf("title %d", i), Child: tea.Text{Content: fmt.Sprintf("line %d", i)}}
		layoutWith(tree, 30, 5, "", "", status{}, chromeHelp{}, defaultTheme, look{}, m)
	}
	// A frame of one box and one text keeps at most 4 entries (two edges,
	// the sides, the text), and the memo two frames of them.
	n := len(m.cur) + len(m.prev) + len(m.curW) + len(m.prevW) + len(m.curT) + len(m.prevT) + len(m.curH) + len(m.prevH)
	if n > 8 {
		t.Fatalf("the memo holds %d entries after 50 different frames, want at most 8", n)
	}
}

// TestMemoMatchesAFullRedraw lays out the demos' kinds of screens, with
// focus moving and values changing, with and without the memo.
func TestMemoMatchesAFullRedraw(t *testing.T) {
	m := newMemo()
	for i := range 12 {
		tree := tea.Column{Gap: 1, Items: []tea.Node{
			tea.Text{Content: fmt.Sprintf("Count: %d", i%3), Bold: true},
			tea.Row{Gap: 1, Items: []tea.Node{
				tea.Box{Title: "Left", Child: widgets.Button{ID: "inc", Label: "+1", OnClick: 1}},
				tea.Box{Title: "Right", Child: widgets.Checkbox{ID: "c", Label: "on", Checked: i%2 == 0}},
			}},
			widgets.TextInput{ID: "name", Value: strings.Repeat("x", i)},
		}}
		focus := []string{"inc", "c", "name", ""}[i%4]
		for _, size := range [][2]int{{60, 12}, {30, 6}} {
			got := layoutWith(tree, size[0], size[1], focus, "inc", status{note: "saved"}, chromeHelp{}, defaultTheme, look{}, m)
			want := layout(tree, size[0], size[1], focus, "inc", status{note: "saved"}, chromeHelp{}, defaultTheme)
			if got.Styled() != want.Styled() || fmt.Sprint(got.Rects()) != fmt.Sprint(want.Rects()) {
				t.Fatalf("frame %d at %v, focus %q: with the memo\n%s\nwithout\n%s", i, size, focus, got.Plain(), want.Plain())
			}
		}
	}
}

// TestMemoTellsWidgetsOfOneIDApart draws two widgets of one id, and a
// widget whose id another type takes over: the memo keeps widgets by id,
// and must still draw each as it is.
func TestMemoTellsWidgetsOfOneIDApart(t *testing.T) {
	var n int
	m := newMemo()
	for i := range 6 {
		var second tea.Node = counted{ID: "x", Label: fmt.Sprintf("right %d", i/2), draws: &n}
		if i%3 == 2 {
			second = widgets.Button{ID: "x", Label: "a button"}
		}
		tree := tea.Vertical(counted{ID: "x", Label: "left", draws: &n}, second)
		got := layoutWith(tree, 20, 4, "", "", status{}, chromeHelp{}, defaultTheme, look{}, m)
		want := layout(tree, 20, 4, "", "", status{}, chromeHelp{}, defaultTheme)
		if got.Styled() != want.Styled() {
			t.Fatalf("frame %d: with the memo\n%s\nwithout\n%s", i, got.Plain(), want.Plain())
		}
	}
}

// The status line is drawn again whenever what it shows changes: the
// agents, a notification, the help beside it, the width or the theme.
func TestMemoStatusLineFollowsWhatItShows(t *testing.T) {
	m := newMemo()
	dark, light := widgets.ThemeFor(true), widgets.ThemeFor(false)
	attached := status{agents: "● agent attached"}
	cases := []struct {
		name  string
		st    status
		help  string
		width int
		theme *widgets.Theme
	}{
		{"first", attached, "tab focus", 60, dark},
		{"the same again", attached, "tab focus", 60, dark},
		{"two agents", status{agents: "● 2 agents attached"}, "tab focus", 60, dark},
		{"a notification", status{agents: "● 2 agents attached", note: "saved", level: tea.LevelWarning}, "tab focus", 60, dark},
		{"other help", status{agents: "● 2 agents attached"}, "enter press", 60, dark},
		{"narrower", status{agents: "● 2 agents attached"}, "enter press", 40, dark},
		{"light", status{agents: "● 2 agents attached"}, "enter press", 40, light},
		{"nothing", status{}, "", 40, light},
		{"back", attached, "tab focus", 60, dark},
	}
	for _, c := range cases {
		if got, want := m.statusLine(c.st, c.help, c.width, c.theme), statusLine(c.st, c.help, c.width, c.theme); got != want {
			t.Errorf("%s: the memo drew %q, want %q", c.name, got, want)
		}
	}
}
