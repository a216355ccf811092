package terminal_test

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// cell is a test-local widget: it draws its id (or Lines lines of it) and
// may ask for a fixed width in a Row.
type cell struct {
	id    string
	fixed int
	lines int
	help  []key.Binding
}

func (cell) Children() []tea.Node { return nil }
func (c cell) WidgetID() string   { return c.id }
func (cell) WidgetKind() string   { return "cell" }
func (c cell) FixedWidth() int    { return c.fixed }
func (cell) CanFocus() bool       { return true }
func (c cell) Render(ctx tea.RenderContext) string {
	mark := c.id
	if ctx.Focused {
		mark = "*" + mark
	}
	if ctx.Hovered {
		mark += "~"
	}
	n := max(c.lines, 1)
	out := make([]string, n)
	for i := range out {
		out[i] = widgets.Fit(mark, ctx.Width)
	}
	return strings.Join(out, "\n")
}
func (c cell) ShortHelp() []key.Binding { return c.help }

func lines(s ...string) string { return strings.Join(s, "\n") }

func TestDraw(t *testing.T) {
	button := func(id, label string) widgets.Button {
		return widgets.Button{ID: id, Label: label, OnClick: id}
	}
	tests := []struct {
		name          string
		tree          tea.Node
		width, height int
		focus         string
		want          string
	}{
		{
			name:  "column of text, padded to the screen",
			tree:  tea.Vertical(tea.Label("one"), tea.Label("two")),
			width: 6, height: 4,
			want: lines("one   ", "two   ", "      ", "      "),
		},
		{
			name:  "column gap",
			tree:  tea.Column{Gap: 1, Items: []tea.Node{tea.Label("a"), tea.Label("b")}},
			width: 3, height: 3,
			want: lines("a  ", "   ", "b  "),
		},
		{
			name:  "multi-line text and spacer",
			tree:  tea.Vertical(tea.Label("x\ny"), tea.Spacer{Lines: 1}, tea.Label("z")),
			width: 2, height: 5,
			want: lines("x ", "y ", "  ", "z ", "  "),
		},
		{
			name:  "box with a title in the top edge",
			tree:  tea.Box{Title: "Box", Child: tea.Label("hi")},
			width: 12, height: 4,
			want: lines("╭─ Box ────╮", "│hi        │", "╰──────────╯", "            "),
		},
		{
			name:  "box title cut with an ellipsis",
			tree:  tea.Box{Title: "A long title", Child: tea.Label("x")},
			width: 10, height: 3,
			want: lines("╭─ A l… ─╮", "│x       │", "╰────────╯"),
		},
		{
			name:  "box with fixed size and padding",
			tree:  tea.Box{Width: 7, Height: 5, Padding: 1, Child: tea.Label("ab")},
			width: 9, height: 5,
			want: lines("╭─────╮  ", "│     │  ", "│ ab  │  ", "│     │  ", "╰─────╯  "),
		},
		{
			name:  "borderless box pads",
			tree:  tea.Box{NoBorder: true, Padding: 1, Child: tea.Label("ab")},
			width: 5, height: 3,
			want: lines("     ", " ab  ", "     "),
		},
		{
			name:  "row splits the width equally with a gap",
			tree:  tea.Row{Gap: 1, Items: []tea.Node{tea.Label("left"), tea.Label("right")}},
			width: 11, height: 1,
			want: "left  right",
		},
		{
			name:  "row gives fixed-width items their width first",
			tree:  tea.Row{Items: []tea.Node{cell{id: "f", fixed: 3}, tea.Label("rest"), tea.Label("more")}},
			width: 11, height: 1,
			want: "f  restmore",
		},
		{
			name:  "row height is its tallest item",
			tree:  tea.Vertical(tea.Row{Items: []tea.Node{cell{id: "t", lines: 2}, tea.Label("s")}}, tea.Label("below")),
			width: 6, height: 3,
			want: lines("t  s  ", "t     ", "below "),
		},
		{
			name:  "text truncated with an ellipsis",
			tree:  tea.Label("abcdefghij"),
			width: 5, height: 1,
			want: "abcd…",
		},
		{
			name:  "wide characters are cut by cells",
			tree:  tea.Label("日本語テキスト"),
			width: 7, height: 1,
			want: "日本語…",
		},
		{
			name:  "content past the height is cut, and the last line says so",
			tree:  tea.Vertical(tea.Label("1"), tea.Label("2"), tea.Label("3")),
			width: 1, height: 2,
			want: lines("1", "⋮"),
		},
		{
			name:  "focused button with its help line",
			tree:  tea.Vertical(button("ok", "OK"), button("no", "Cancel")),
			width: 20, height: 4, focus: "no",
			want: lines("[ OK ]              ", "[ Cancel ]          ", "                    ", "enter press         "),
		},
		{
			name:  "focus marks the box it is in",
			tree:  tea.Row{Items: []tea.Node{tea.Box{Title: "a", Child: cell{id: "x"}}, tea.Box{Title: "b", Child: cell{id: "y"}}}},
			width: 16, height: 3, focus: "y",
			want: lines("╭─ a ──╮╭─ b ──╮", "│x     ││*y    │", "╰──────╯╰──────╯"),
		},
		{
			name:  "nil tree is a blank screen",
			tree:  nil,
			width: 3, height: 2,
			want: lines("   ", "   "),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := terminal.Draw(tt.tree, tt.width, tt.height, tt.focus)
			if got != tt.want {
				t.Fatalf("Draw\n got:\n%s\nwant:\n%s\n got %q\nwant %q", got, tt.want, got, tt.want)
			}
			assertShape(t, got, tt.width, tt.height)
		})
	}
}

func assertShape(t *testing.T, screen string, width, height int) {
	t.Helper()
	ls := strings.Split(screen, "\n")
	if len(ls) != height {
		t.Fatalf("%d lines, want exactly %d", len(ls), height)
	}
	for i, l := range ls {
		if w := widgets.Width(l); w != width {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, w, width, l)
		}
		if strings.Contains(l, "\x1b") {
			t.Fatalf("line %d has escape codes: %q", i, l)
		}
	}
}

func TestDrawKeepsItsShapeAtAnySize(t *testing.T) {
	tree := tea.Vertical(
		tea.Box{Title: "Title that is long", Padding: 1, Child: tea.Horizontal(
			widgets.Button{ID: "a", Label: "A very long button label", OnClick: 1},
			tea.Label("text that goes on and on"),
			cell{id: "c", fixed: 4, lines: 3},
		)},
		tea.Label("footer\nsecond line"),
		tea.Box{Width: 6, Height: 3, Title: "fixed", Child: tea.Label("inside")},
		tea.Row{Items: []tea.Node{tea.Spacer{Cols: 3}, tea.Box{Width: 9, Child: tea.Label("x")}, tea.Label("\tTabbed")}},
		tea.Box{NoBorder: true, Width: 4, Padding: 1, Child: tea.Label("pad")},
	)
	for _, w := range []int{1, 2, 3, 5, 8, 13, 40, 120} {
		for _, h := range []int{1, 2, 3, 4, 7, 40} {
			assertShape(t, terminal.Draw(tree, w, h, "a"), w, h)
		}
	}
	if got := terminal.Draw(tree, 0, 5, ""); got != "" {
		t.Fatalf("zero width drew %q", got)
	}
	if got := terminal.Draw(tree, 5, 0, ""); got != "" {
		t.Fatalf("zero height drew %q", got)
	}
}

func TestStyledAndPlainShareOneLayout(t *testing.T) {
	tree := tea.Vertical(
		tea.Text{Content: "bold", Bold: true},
		tea.Box{Title: "b", Child: widgets.Button{ID: "go", Label: "Go", OnClick: 1}},
	)
	f := terminal.Layout(tree, 12, 5, "go", "")
	styled := f.Styled()
	if !strings.Contains(styled, "\x1b[") {
		t.Fatalf("styled frame has no styling: %q", styled)
	}
	var stripped []string
	for _, l := range strings.Split(styled, "\n") {
		stripped = append(stripped, widgets.Pad(ansi.Strip(l), 12))
	}
	if got := strings.Join(stripped, "\n"); got != f.Plain() {
		t.Fatalf("styled and plain differ:\n%s\n---\n%s", got, f.Plain())
	}
	if f.Plain() != terminal.Draw(tree, 12, 5, "go") {
		t.Fatal("Draw differs from Layout().Plain()")
	}
}

func TestWidgetAtMapsCellsToWidgets(t *testing.T) {
	tree := tea.Vertical(
		tea.Label("header"),
		tea.Box{Title: "t", Child: tea.Row{Gap: 2, Items: []tea.Node{cell{id: "a", fixed: 4}, cell{id: "b", lines: 2}}}},
	)
	f := terminal.Layout(tree, 20, 6, "", "")
	tests := []struct {
		x, y       int
		id         string
		relX, relY int
		ok         bool
	}{
		{x: 0, y: 0, ok: false},                           // header text
		{x: 0, y: 2, ok: false},                           // left border
		{x: 1, y: 2, id: "a", relX: 0, relY: 0, ok: true}, // a's first cell
		{x: 4, y: 2, id: "a", relX: 3, relY: 0, ok: true}, // a's last cell
		{x: 5, y: 2, ok: false},                           // the gap
		{x: 7, y: 2, id: "b", relX: 0, relY: 0, ok: true},
		{x: 18, y: 3, id: "b", relX: 11, relY: 1, ok: true},
		{x: 1, y: 3, ok: false},  // below a (a is one line)
		{x: 19, y: 3, ok: false}, // right border
		{x: 25, y: 2, ok: false}, // off screen
	}
	for _, tt := range tests {
		id, rx, ry, ok := f.WidgetAt(tt.x, tt.y)
		if ok != tt.ok || id != tt.id || (ok && (rx != tt.relX || ry != tt.relY)) {
			t.Errorf("WidgetAt(%d,%d) = %q,%d,%d,%v; want %q,%d,%d,%v", tt.x, tt.y, id, rx, ry, ok, tt.id, tt.relX, tt.relY, tt.ok)
		}
	}
	if r, ok := f.Rect("b"); !ok || r != (terminal.Rect{ID: "b", X: 7, Y: 2, Width: 12, Height: 2}) {
		t.Fatalf("Rect(b) = %+v, %v", r, ok)
	}
}

func TestHoverReachesTheWidget(t *testing.T) {
	f := terminal.Layout(tea.Vertical(cell{id: "a"}, cell{id: "b"}), 4, 2, "a", "b")
	if got := f.Plain(); got != lines("*a  ", "b~  ") {
		t.Fatalf("got %q", got)
	}
}

func TestHelpLineFollowsTheFocusedWidget(t *testing.T) {
	helpful := cell{id: "h", help: []key.Binding{
		key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
	}}
	tree := tea.Vertical(helpful, cell{id: "quiet"})
	if got := terminal.Draw(tree, 14, 3, "h"); got != lines("*h            ", "quiet         ", "↑ up • q quit ") {
		t.Fatalf("got %q", got)
	}
	// A widget without keys leaves the whole screen to the view.
	if got := terminal.Draw(tree, 14, 3, "quiet"); got != lines("h             ", "*quiet        ", "              ") {
		t.Fatalf("got %q", got)
	}
}
