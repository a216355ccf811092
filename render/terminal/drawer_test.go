package terminal_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// tabbed is an app of two tabs: a table of rows, and a form.
type tabbed struct {
	tab     int
	name    string
	checked bool
	rows    [][]string
}

func newTabbed() tabbed {
	var rows [][]string
	for i := range 40 {
		rows = append(rows, []string{fmt.Sprintf("repo-%02d", i), fmt.Sprint(i * 7 % 13)})
	}
	return tabbed{rows: rows}
}

func (m tabbed) Init() tea.Cmd { return nil }

func (m tabbed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case widgets.TabsSelected:
		m.tab = msg.Index
	case widgets.TextChanged:
		m.name = msg.Value
	case widgets.CheckboxToggled:
		m.checked = msg.Checked
	case widgets.TableSorted:
		rows := append([][]string(nil), m.rows...)
		for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
			rows[i], rows[j] = rows[j], rows[i]
		}
		m.rows = rows
	}
	return m, nil
}

func (m tabbed) View() tea.Node {
	var body tea.Node
	if m.tab == 0 {
		body = widgets.Table{ID: "results", Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}}, Rows: m.rows}
	} else {
		body = tea.Vertical(
			widgets.TextInput{ID: "name", Value: m.name},
			widgets.Checkbox{ID: "ok", Label: "subscribe", Checked: m.checked},
			widgets.Button{ID: "save", Label: "Save", OnClick: "save"},
		)
	}
	return tea.Column{Gap: 1, Items: []tea.Node{
		tea.Text{Content: fmt.Sprintf("Hello %s", m.name), Bold: true},
		widgets.Tabs{ID: "tabs", Tabs: []string{"Results", "Form"}, Active: m.tab},
		tea.Box{Title: "Body", Child: body},
	}}
}

// TestSnapshotDrawerDrawsWhatDrawSnapshotDraws drives a runtime through
// tab switches, edits, focus moves, resizes, notifications and agents,
// and after each step draws its snapshot with one drawer and afresh: the
// texts must be the same, also when the same snapshot is drawn again with
// a different presence (as an agent's screenshot leaves the agents out).
// DrawLines, called between the Draws, answers the same text as lines.
func TestSnapshotDrawerDrawsWhatDrawSnapshotDraws(t *testing.T) {
	ctx := context.Background()
	rt := tabbedRuntime(t)
	steps := []struct {
		name string
		msg  tea.Msg
	}{
		{"first screen", nil},
		{"sorted", widgets.TableSorted{ID: "results", Column: "name", Direction: "desc"}},
		{"focus moves", tea.FocusNextMsg{}},
		{"to the form", widgets.TabsSelected{ID: "tabs", Index: 1, Label: "Form"}},
		{"typed", widgets.TextChanged{ID: "name", Value: "ada"}},
		{"focus on the field", tea.FocusMsg{ID: "name"}},
		{"narrower", tea.WindowSizeMsg{Width: 40, Height: 20}},
		{"typed more", widgets.TextChanged{ID: "name", Value: "ada lovelace"}},
		{"shorter", tea.WindowSizeMsg{Width: 40, Height: 8}},
		{"toggled", widgets.CheckboxToggled{ID: "ok", Checked: true}},
		{"notified", tea.NotifyMsg{Key: "k", Level: tea.LevelWarning, Text: "Saved"}},
		{"agent attached", tea.AttachAgentMsg{Agent: "claude"}},
		{"back to the table", widgets.TabsSelected{ID: "tabs", Index: 0, Label: "Results"}},
		{"wider", tea.WindowSizeMsg{Width: 80, Height: 24}},
		{"sorted back", widgets.TableSorted{ID: "results", Column: "name", Direction: "asc"}},
		{"to the form again", widgets.TabsSelected{ID: "tabs", Index: 1, Label: "Form"}},
		{"focus on the button", tea.FocusMsg{ID: "save"}},
	}
	d := terminal.NewSnapshotDrawer()
	for _, s := range steps {
		if s.msg != nil {
			if _, err := rt.Dispatch(ctx, s.msg); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
		snap := rt.Snapshot()
		noAgents := snap
		noAgents.Presence.Agents = nil
		// Each twice: the second time is the drawer's last screen.
		for _, sn := range []tea.Snapshot{snap, snap, noAgents, noAgents, snap} {
			w, h := sn.Size.Width, sn.Size.Height
			want := terminal.DrawSnapshot(sn, w, h)
			if got := d.Draw(sn, w, h); got != want {
				t.Fatalf("%s (version %d, %dx%d, agents %v): the drawer drew\n%s\nafresh:\n%s", s.name, sn.Version, w, h, sn.Presence.Agents, got, want)
			}
			if got := strings.Join(d.DrawLines(sn, w, h), "\n"); got != want {
				t.Fatalf("%s (version %d, %dx%d, agents %v): the drawer's lines were\n%s\nafresh:\n%s", s.name, sn.Version, w, h, sn.Presence.Agents, got, want)
			}
		}
		// Lines first, then the text, at a size not drawn before.
		if got, want := strings.Join(d.DrawLines(snap, 50, 12), "\n"), terminal.DrawSnapshot(snap, 50, 12); got != want {
			t.Fatalf("%s at 50x12: the drawer's lines were\n%s\nafresh:\n%s", s.name, got, want)
		}
		if got, want := d.Draw(snap, 50, 12), terminal.DrawSnapshot(snap, 50, 12); got != want {
			t.Fatalf("%s at 50x12: the drawer drew\n%s\nafresh:\n%s", s.name, got, want)
		}
		// The same snapshot at another size is drawn at that size.
		if got, want := d.Draw(snap, 30, 10), terminal.DrawSnapshot(snap, 30, 10); got != want {
			t.Fatalf("%s at 30x10: the drawer drew\n%s\nafresh:\n%s", s.name, got, want)
		}
	}
}

// TestSnapshotDrawerTellsSnapshotsWithoutAVersionApart draws snapshots
// made by hand (Version 0, as no runtime publishes): each is drawn.
func TestSnapshotDrawerTellsSnapshotsWithoutAVersionApart(t *testing.T) {
	d := terminal.NewSnapshotDrawer()
	for _, text := range []string{"one", "two", "three"} {
		snap := tea.Snapshot{View: tea.Label(text)}
		if got := d.Draw(snap, 20, 3); !strings.Contains(got, text) {
			t.Fatalf("the drawer drew\n%s\nfor a view saying %q", got, text)
		}
	}
}

// TestSnapshotDrawerIsSafeForConcurrentUse draws one runtime's snapshots
// from several goroutines while the runtime changes (run with -race).
func TestSnapshotDrawerIsSafeForConcurrentUse(t *testing.T) {
	ctx := context.Background()
	rt := tabbedRuntime(t)
	d := terminal.NewSnapshotDrawer()
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			for i := range 20 {
				if g == 0 {
					_, _ = rt.Dispatch(ctx, widgets.TabsSelected{ID: "tabs", Index: i % 2})
				}
				snap := rt.Snapshot()
				if got, want := d.Draw(snap, 60, 20), terminal.DrawSnapshot(snap, 60, 20); got != want {
					errs <- fmt.Sprintf("goroutine %d, version %d: the drawer drew\n%s\nafresh:\n%s", g, snap.Version, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestDrawLinesKeepsTheFrameBefore: the lines DrawLines returned stay as
// they were while the drawer draws the next snapshot, so that a recording
// compares the two.
func TestDrawLinesKeepsTheFrameBefore(t *testing.T) {
	ctx := context.Background()
	rt := tabbedRuntime(t)
	d := terminal.NewSnapshotDrawer()
	prev := rt.Snapshot()
	prevLines := d.DrawLines(prev, 60, 20)
	for i, msg := range []tea.Msg{widgets.TabsSelected{ID: "tabs", Index: 1}, widgets.TextChanged{ID: "name", Value: "ada"}, widgets.CheckboxToggled{ID: "ok", Checked: true}, widgets.TabsSelected{ID: "tabs", Index: 0}} {
		if _, err := rt.Dispatch(ctx, msg); err != nil {
			t.Fatal(err)
		}
		s := rt.Snapshot()
		lines := d.DrawLines(s, 60, 20)
		if strings.Join(lines, "\n") == strings.Join(prevLines, "\n") {
			t.Fatalf("step %d: the screen did not change", i)
		}
		if got, want := strings.Join(prevLines, "\n"), terminal.DrawSnapshot(prev, 60, 20); got != want {
			t.Fatalf("step %d: the frame before changed once the next was drawn:\n%s\nwant\n%s", i, got, want)
		}
		if got, want := strings.Join(lines, "\n"), terminal.DrawSnapshot(s, 60, 20); got != want {
			t.Fatalf("step %d: drew\n%s\nwant\n%s", i, got, want)
		}
		prev, prevLines = s, lines
	}
}

// tabbedRuntime runs newTabbed at 60x20 until the test ends.
func tabbedRuntime(t *testing.T) *tea.Runtime {
	t.Helper()
	rt, err := tea.Start(context.Background(), newTabbed(), tea.WithSize(60, 20))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	return rt
}
