package mcp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// board is an app of every kind of write whose answer must carry what it
// made visible: a table to sort, tabs whose panes differ (one of texts
// only), a password, a dialog a button opens, and a Bubble whose drawing
// moves with its keys.
type board struct {
	table    widgets.TableState
	tabs     widgets.TabsState
	password widgets.TextInputState
	dialog   widgets.ModalState
	cursor   int
}

type openDialogMsg struct{}

func newBoard() *board {
	rows := make([][]string, 8)
	for i := range rows {
		rows[i] = []string{fmt.Sprintf("repo%d", i), fmt.Sprint(100 - i)}
	}
	return &board{
		table:    widgets.TableState{ID: "rows", Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}}, Rows: rows},
		tabs:     widgets.TabsState{ID: "pages", Tabs: []string{"Main", "Settings", "About"}},
		password: widgets.TextInputState{ID: "pw"},
		dialog:   widgets.ModalState{ID: "sure"},
	}
}

func (b *board) Init() tea.Cmd { return nil }

func (b *board) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next := *b
	switch m := msg.(type) {
	case openDialogMsg:
		next.dialog.Open()
	case widgets.BubbleReceived:
		next.cursor += len(m.Msgs)
	default:
		_ = next.table.Update(msg) || next.tabs.Update(msg) || next.password.Update(msg)
	}
	return &next, nil
}

func (b *board) View() tea.Node {
	if b.dialog.Visible {
		return b.dialog.View(widgets.Modal{Title: "Delete?", Body: "repo0 will be deleted."})
	}
	var pane tea.Node
	switch b.tabs.Active {
	case 0:
		pane = tea.Column{Items: []tea.Node{
			b.table.View(widgets.Table{}),
			b.password.PasswordView(widgets.PasswordField{Label: "Password"}),
			widgets.Button{ID: "del", Label: "Delete", OnClick: openDialogMsg{}},
			widgets.Bubble{ID: "list", View: bubbleList(b.cursor)},
		}}
	case 1:
		pane = widgets.Checkbox{ID: "notify", Label: "Notify"}
	default:
		pane = tea.Text{Content: "Made with Facet."}
	}
	return tea.Column{Items: []tea.Node{b.tabs.View(widgets.Tabs{Panes: [][]string{1: {"notify"}}}), pane}}
}

// bubbleList draws a three-item list with its cursor on item cursor%3.
func bubbleList(cursor int) string {
	var lines []string
	for i := range 3 {
		mark := "  "
		if i == cursor%3 {
			mark = "> "
		}
		lines = append(lines, fmt.Sprintf("%sitem %d", mark, i))
	}
	return strings.Join(lines, "\n")
}

// TestWritesAnswerWhatTheyMadeVisible: each write's answer text carries
// the result an agent came for, so it need not read again.
func TestWritesAnswerWhatTheyMadeVisible(t *testing.T) {
	tests := []struct {
		name  string
		tool  string
		args  map[string]any
		want  []string
		never []string
	}{
		{"a sort answers the first rows", "b.rows.sort", map[string]any{"column": "stars", "direction": "asc"},
			[]string{"Changed: rows.", "name\tstars", "repo7\t93", "repo3\t97", "(first 5 of 8 rows)"}, []string{"repo2\t98"}},
		{"a tab switch answers the new pane's widgets", "b.pages.select_tab", map[string]any{"index": 1.0},
			[]string{"Now:", `checkbox notify "Notify"`, `tablist pages "Settings"`}, []string{"table rows"}},
		{"a tab switch to a pane of texts answers its texts", "b.pages.select_tab", map[string]any{"index": 2.0},
			[]string{`tablist pages "About"`, `text "Made with Facet."`}, nil},
		{"a masked field says its change is never shown", "b.pw.type_into", map[string]any{"text": "hunter2"},
			[]string{"(masked: the value is never shown)"}, []string{"No widget changed", "hunter2"}},
		{"a dialog that opened answers its text and its tools", "b.del.click", nil,
			[]string{`dialog sure "Delete?": repo0 will be deleted.`, "New tools: b.sure.confirm, b.sure.dismiss"}, nil},
		{"a Bubble's write answers its new drawing", "b.list.send_keys", map[string]any{"keys": []any{"down"}},
			[]string{"Changed: list.", "  > item 1"}, []string{"No widget changed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, Options{})
			c := connect(t, srv)
			if _, err := srv.StartSession(t.Context(), "b", "board", newBoard()); err != nil {
				t.Fatal(err)
			}
			res := mustOK(t, c.call(tc.tool, tc.args))
			got := text(res)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the answer does not say %q:\n%s", w, got)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(got, n) {
					t.Errorf("the answer says %q:\n%s", n, got)
				}
			}
			if rev, _ := structured(t, res)["revision"].(float64); rev < 2 {
				t.Errorf("the answer's revision: %v", structured(t, res)["revision"])
			}
		})
	}
}

// TestCountingShownWidgetsDescribesNone pins widgetShown to
// tea.ShownDescriber: a write's answer asks it of every widget of the
// view, and a table's description (its state, its header actions) is not
// needed to know that the table is shown.
func TestCountingShownWidgetsDescribesNone(t *testing.T) {
	view := tea.Node(tea.Column{Items: []tea.Node{
		widgets.TextInput{ID: "search", Value: "go"},
		widgets.Table{ID: "results", Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars"}},
			Rows: [][]string{{"facet", "1"}}},
		widgets.Modal{ID: "confirm", Title: "Sure?"},
	}})
	ws := tea.Widgets(view)
	shown := 0
	allocs := testing.AllocsPerRun(20, func() {
		shown = 0
		for _, w := range ws {
			if widgetShown(w) {
				shown++
			}
		}
	})
	if shown != 2 {
		t.Errorf("%d widgets shown, want 2 (the closed dialog is not)", shown)
	}
	if allocs != 0 {
		t.Errorf("counting the shown widgets allocates %.0f times, want 0", allocs)
	}
}

// countedWidget counts its descriptions in *n.
type countedWidget struct {
	value string
	n     *int
}

func (c countedWidget) WidgetID() string                { return "counted" }
func (c countedWidget) WidgetKind() string              { return "counted" }
func (c countedWidget) Children() []tea.Node            { return nil }
func (c countedWidget) Render(tea.RenderContext) string { return c.value }
func (c countedWidget) DescribeShown() bool             { return true }
func (c countedWidget) Describe() tea.Description {
	*c.n++
	return tea.Description{Role: "textbox", Value: c.value, Detail: "first\nsecond"}
}

// TestAWriteAnswerDescribesAChangedWidgetOnce: its line and its detail
// are written from one description.
func TestAWriteAnswerDescribesAChangedWidgetOnce(t *testing.T) {
	n := 0
	before := tea.Snapshot{Version: 1, View: tea.Column{Items: []tea.Node{countedWidget{value: "a", n: &n}}}}
	after := tea.Snapshot{Version: 2, View: tea.Column{Items: []tea.Node{countedWidget{value: "b\nc", n: &n}}}}
	shows := writeShows(before, after, []string{"counted"})
	if !strings.Contains(shows, `textbox counted = "b`) || !strings.Contains(shows, "  b\n  c") {
		t.Errorf("the answer shows %q, want the widget's line and its value's lines", shows)
	}
	if n != 1 {
		t.Errorf("the changed widget was described %d times, want once", n)
	}
}

// TestAWriteDescribesAChangedWidgetOnceInAll: finding what changed, the
// answer's widgets and what it shows take one description of the changed
// widget between them, as a write makes them; a widget whose id another
// shares is described for the answer on its own.
func TestAWriteDescribesAChangedWidgetOnceInAll(t *testing.T) {
	n := 0
	before := tea.Snapshot{Version: 1, View: tea.Column{Items: []tea.Node{countedWidget{value: "a", n: &n}}}}
	after := tea.Snapshot{Version: 2, View: tea.Column{Items: []tea.Node{countedWidget{value: "b\nc", n: &n}}}}
	d := &drawings{bySession: map[string]*drawing{}}
	d.changed("s", tea.Snapshot{Version: 0, View: tea.Column{}}, before)
	n = 0
	changed, looked := d.changed("s", before, after)
	if !slices.Equal(changed, []string{"counted"}) {
		t.Fatalf("changed = %q, want [counted]", changed)
	}
	now := widgetsNow(after.View, changed, looked)
	shows := writeShowsLooked(before, after, changed, looked)
	if n != 1 {
		t.Errorf("the changed widget was described %d times in the write, want once", n)
	}
	if got := now["counted"]; got.Kind != "counted" {
		t.Errorf("the answer's widgets say %+v", now)
	}
	if want := writeShows(before, after, changed); shows != want {
		t.Errorf("what the write shows from the comparison's description:\n%s\nwant, describing again:\n%s", shows, want)
	}
	// Two widgets of one id: the answer describes the one it shows.
	twin := tea.Snapshot{Version: 3, View: tea.Column{Items: []tea.Node{countedWidget{value: "d", n: &n}, countedWidget{value: "e", n: &n}}}}
	changed, looked = d.changed("s", after, twin)
	n = 0
	if shows, want := writeShowsLooked(after, twin, changed, looked), writeShows(after, twin, changed); shows != want || n == 0 {
		t.Errorf("two widgets of one id: shows %q (described %d times), want %q", shows, n, want)
	}
}
