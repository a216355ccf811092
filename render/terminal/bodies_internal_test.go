package terminal

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// boardApp is a counted widget in a box, a button and a table: each int
// message adds to the count.
type boardApp struct {
	n     int
	draws *int
}

func (m boardApp) Init() tea.Cmd { return nil }

func (m boardApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(int); ok {
		m.n += d
	}
	return m, nil
}

func (m boardApp) View() tea.Node {
	return tea.Column{Gap: 1, Items: []tea.Node{
		tea.Box{Title: "Count", Child: counted{ID: "c", Label: fmt.Sprintf("n = %d", m.n), draws: m.draws}},
		tea.Row{Gap: 2, Items: []tea.Node{widgets.Button{ID: "b", Label: "OK", OnClick: 1}, widgets.Checkbox{ID: "k", Label: "on", Checked: m.n%2 == 0}}},
		widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "a", Title: "A"}}, Rows: [][]string{{"x"}, {"y"}}},
		tea.Text{Content: "muted", Muted: true},
	}}
}

// TestADrawerTakesTheBodyATerminalLaidOut lays out a runtime's snapshots
// as a terminal does (relayout) and then draws them with a drawer that
// Shares the runtime: a body the terminal laid out as the drawer would
// (no theme chosen, a dark background, no hover) is not laid out again,
// and every text is DrawSnapshot's.
func TestADrawerTakesTheBodyATerminalLaidOut(t *testing.T) {
	var draws int
	ctx := context.Background()
	rt := boardRuntime(t, &draws)
	a := boardTerminal(rt)
	d := NewSnapshotDrawer()
	d.Share(rt)
	steps := []struct {
		name   string
		msg    tea.Msg
		light  bool
		hover  string
		shared bool
	}{
		{"first screen", nil, false, "", true},
		{"counted", 1, false, "", true},
		{"focus moves", tea.FocusNextMsg{}, false, "", true},
		{"counted again", 2, false, "", true},
		{"light background: laid out again", 1, true, "", false},
		{"dark again", 1, false, "", true},
		{"hovered: laid out again", tea.HoverMsg{ID: "b"}, false, "b", false},
	}
	for _, s := range steps {
		if s.msg != nil {
			if _, err := rt.Dispatch(ctx, s.msg); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
		snap := rt.Snapshot()
		if snap.Hover != s.hover {
			t.Fatalf("%s: hover %q, want %q", s.name, snap.Hover, s.hover)
		}
		a.snap, a.light = snap, s.light
		a.relayout()
		before := draws
		got := strings.Join(d.DrawLines(snap, 50, 16), "\n")
		if shared := draws == before; shared != s.shared {
			t.Fatalf("%s: the drawer took the terminal's body: %v, want %v", s.name, shared, s.shared)
		}
		if want := DrawSnapshot(snap, 50, 16); got != want {
			t.Fatalf("%s: the drawer drew\n%s\nDrawSnapshot\n%s", s.name, got, want)
		}
	}
}

// TestTheTerminalsPalettesDrawTheSameText: a body is shared between a
// terminal and a recording's drawer because the palettes a terminal picks
// by itself (the default, or ThemeFor the background) change colours
// only, never the text.
func TestTheTerminalsPalettesDrawTheSameText(t *testing.T) {
	var n int
	trees := []tea.Node{
		boardApp{n: 3, draws: &n}.View(),
		tea.Column{Items: []tea.Node{
			tea.Box{Title: "A long title that is cut", Padding: 1, Child: widgets.TextInput{ID: "in", Value: "ada"}},
			tea.Box{Title: "Tabs", Child: widgets.Tabs{ID: "tabs", Tabs: []string{"One", "Two"}, Active: 1}},
			widgets.Button{ID: "far", Label: "Far down"},
		}},
	}
	for i, tree := range trees {
		for _, focus := range []string{"", "b", "in", "far"} {
			for _, size := range [][2]int{{50, 16}, {30, 5}} {
				want := layoutWith(tree, size[0], size[1], focus, "", status{}, chromeHelp{}, defaultTheme, look{}, nil).Plain()
				for _, dark := range []bool{true, false} {
					if got := layoutWith(tree, size[0], size[1], focus, "", status{}, chromeHelp{}, widgets.ThemeFor(dark), look{}, nil).Plain(); got != want {
						t.Fatalf("tree %d, focus %q, %v, ThemeFor(%v):\n%s\nthe default palette:\n%s", i, focus, size, dark, got, want)
					}
				}
			}
		}
	}
}

// TestDrawSharedLinesLaysNothingOut: it answers a body a terminal left,
// and otherwise lays nothing out and says whether the terminal may still
// lay the snapshot out (it has laid out an older one only) or has passed
// it (it laid out a newer one), or lays out nothing (a runtime without a
// terminal).
func TestDrawSharedLinesLaysNothingOut(t *testing.T) {
	var draws int
	ctx := context.Background()
	rt := boardRuntime(t, &draws)
	d := NewSnapshotDrawer()
	d.Share(rt)
	first := rt.Snapshot()
	if _, ok, pending := d.DrawSharedLines(first, 50, 16); ok || pending || draws != 0 {
		t.Fatalf("with no terminal: ok %v, pending %v, %d draws; want neither, none", ok, pending, draws)
	}
	a := boardTerminal(rt)
	a.snap = first
	a.relayout()
	if _, err := rt.Dispatch(ctx, 1); err != nil {
		t.Fatal(err)
	}
	second := rt.Snapshot()
	before := draws
	if _, ok, pending := d.DrawSharedLines(second, 50, 16); ok || !pending || draws != before {
		t.Fatalf("a snapshot the terminal has not reached: ok %v, pending %v, %d draws; want pending, none", ok, pending, draws-before)
	}
	lines, ok, _ := d.DrawSharedLines(first, 50, 16)
	if !ok || draws != before || strings.Join(lines, "\n") != DrawSnapshot(first, 50, 16) {
		t.Fatalf("the body the terminal left: ok %v, %d draws, lines\n%s", ok, draws-before, strings.Join(lines, "\n"))
	}
	if _, err := rt.Dispatch(ctx, 1); err != nil {
		t.Fatal(err)
	}
	a.snap = rt.Snapshot()
	a.relayout()
	before = draws
	if _, ok, pending := d.DrawSharedLines(second, 50, 16); ok || pending || draws != before {
		t.Fatalf("a snapshot the terminal passed: ok %v, pending %v, %d draws; want neither, none", ok, pending, draws-before)
	}
}

// TestATerminalLeavesNoBodiesUntilADrawerShares: a session nobody records
// keeps none of its bodies.
func TestATerminalLeavesNoBodiesUntilADrawerShares(t *testing.T) {
	var draws int
	rt, err := tea.Start(context.Background(), boardApp{draws: &draws}, tea.WithSize(50, 16))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	a := boardTerminal(rt)
	a.snap = rt.Snapshot()
	a.relayout()
	if !a.sh.board.empty() {
		t.Fatal("the terminal left a body with no drawer sharing the runtime")
	}
	if a.sh.board.bodies != nil {
		t.Fatal("the board of a runtime nobody records holds its ring")
	}
	NewSnapshotDrawer().Share(rt)
	a.relayout()
	if a.sh.board.empty() {
		t.Fatal("the terminal left no body for the drawer sharing the runtime")
	}
}

// boardTerminal is a 50x16 terminal of rt on a dark background, with no
// theme chosen, that leaves the bodies it lays out on rt's board.
func boardTerminal(rt *tea.Runtime) adapter {
	return adapter{rt: rt, sh: &shared{memo: newMemo(), board: boardOf(rt)}, theme: widgets.ThemeFor(true), width: 50, height: 16, travel: newTimeTravel(MaxTravelFrames)}
}

// boardRuntime runs a boardApp counting its draws in *draws, at 50x16,
// until the test ends.
func boardRuntime(t *testing.T, draws *int) *tea.Runtime {
	t.Helper()
	rt, err := tea.Start(context.Background(), boardApp{draws: draws}, tea.WithSize(50, 16))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	return rt
}
