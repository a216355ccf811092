package web_test

import (
	"context"
	"fmt"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// removeKey is the app's own key, which its help lists.
var removeKey = key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "remove selected"))

// shelf is a table of books, a lone Remove button, and what Enter last
// opened: an app with a key of its own.
type shelf struct {
	table  widgets.TableState
	opened string
	opens  int
	xs     int // x keys pressed
}

func newShelf() tea.Model {
	return shelf{table: widgets.TableState{ID: "books",
		Columns: []widgets.TableColumn{{Key: "title", Title: "Title"}},
		Rows:    [][]string{{"Dune"}, {"Emma"}, {"Ulysses"}}}}
}

func (s shelf) Init() tea.Cmd { return nil }
func (s shelf) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	s.table.Update(msg)
	if k, ok := msg.(tea.KeyMsg); ok && k.Is("enter") {
		s.opened = s.table.Rows[s.table.Selected][0]
		s.opens++
	}
	if k, ok := msg.(tea.KeyMsg); ok && k.Is("x") {
		s.xs++
	}
	return s, nil
}
func (s shelf) View() tea.Node {
	return tea.Vertical(
		s.table.View(widgets.Table{Height: 5}),
		widgets.Button{ID: "remove", Label: "Remove", OnClick: "remove"},
		widgets.Text{ID: "opened", Content: fmt.Sprintf("opened %s %d, x %d", s.opened, s.opens, s.xs)},
	)
}
func (s shelf) ShortHelp() []key.Binding  { return []key.Binding{removeKey} }
func (s shelf) FullHelp() [][]key.Binding { return [][]key.Binding{{removeKey}} }

func TestBrowserPageShowsWhatTheTerminalShows(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "shelf", New: newShelf}})
	ctx := browser(t)
	sess := session(t, s, open(t, ctx, s.URL))

	// The app's own key is on the help line, after the focused table's.
	browsertest.Poll[bool](t, ctx, `document.getElementById("help").textContent.includes("sort") && document.getElementById("help").textContent.includes("ctrl+dremove selected")`)

	// A lone button is as wide as its label, not as the page.
	button, page := browsertest.Eval[float64](t, ctx, jsID("w:remove")+`.getBoundingClientRect().width`), browsertest.Eval[float64](t, ctx, jsID("app")+`.getBoundingClientRect().width`)
	if button <= 0 || button > page/4 {
		t.Fatalf("the Remove button is %.0fpx wide on a page %.0fpx wide: want its label's width", button, page)
	}

	// No agent has come: no agents' status, no detach control. One comes:
	// the page shows both.
	if browsertest.Eval[bool](t, ctx, `!!document.getElementById("detach") || !!document.getElementById("agents")`) {
		t.Fatalf("the page offers to detach agents before any came:\n%s", browsertest.PageText(ctx))
	}
	if _, err := sess.Dispatch(context.Background(), tea.AttachAgentMsg{Agent: "agent-1"}); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, `document.getElementById("detach").textContent === "Detach agents" && document.getElementById("agents").textContent === "● agent attached"`)
}

func TestBrowserPageServedWithoutAgentsNeverOffersToDetachThem(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "shelf", New: newShelf}, NoAgents: true})
	ctx := browser(t)
	sess := session(t, s, open(t, ctx, s.URL))
	if _, err := sess.Dispatch(context.Background(), tea.AttachAgentMsg{Agent: "agent-1"}); err != nil {
		t.Fatal(err)
	}
	v := sess.Snapshot().Version
	browsertest.Poll[bool](t, ctx, fmt.Sprintf(`Number(document.body.dataset.version) >= %d`, v))
	if browsertest.Eval[bool](t, ctx, `!!document.getElementById("detach")`) {
		t.Fatal("the page offers to detach agents on a server no agent reaches")
	}
}

// A click on the row already selected, and a double click on another,
// does what Enter does, once.
func TestBrowserClickOnTheSelectedRowOpensIt(t *testing.T) {
	tests := []struct {
		name  string
		click func(t *testing.T, ctx context.Context)
		want  string
	}{
		{"a click on the selected row", func(t *testing.T, ctx context.Context) {
			browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:books:r0")))
		}, "opened Dune 1, x 1"},
		{"a click on another row selects it", func(t *testing.T, ctx context.Context) {
			browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:books:r1")))
			browsertest.Poll[bool](t, ctx, jsID("w:books:r1")+`.getAttribute("aria-selected") === "true"`)
		}, "opened  0, x 1"},
		{"a double click on another row", func(t *testing.T, ctx context.Context) {
			browsertest.Do(t, ctx, chromedp.DoubleClick(browsertest.ByID("w:books:r2")))
		}, "opened Ulysses 1, x 1"},
		{"a double click on the selected row", func(t *testing.T, ctx context.Context) {
			browsertest.Do(t, ctx, chromedp.DoubleClick(browsertest.ByID("w:books:r0")))
		}, "opened Dune 1, x 1"},
		{"two clicks, as a mouse makes a double click, on another row", func(t *testing.T, ctx context.Context) {
			mouseDoubleClick(t, ctx, "w:books:r1")
		}, "opened Emma 1, x 1"},
		{"two clicks, as a mouse makes a double click, on the selected row", func(t *testing.T, ctx context.Context) {
			mouseDoubleClick(t, ctx, "w:books:r0")
		}, "opened Dune 1, x 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t, web.Options{App: tea.App{Name: "shelf", New: newShelf}})
			ctx := browser(t)
			open(t, ctx, s.URL)
			browsertest.Poll[bool](t, ctx, jsID("w:books:r0")+`.getAttribute("aria-selected") === "true"`)
			tt.click(t, ctx)
			// A key through the same socket, after the clicks: once it
			// has applied, so have they.
			press(t, ctx, "x")
			browsertest.Poll[bool](t, ctx, jsID("w:opened")+`.textContent === `+fmt.Sprintf("%q", tt.want))
			if problem := browsertest.Eval[string](t, ctx, `(document.getElementById("problem") || {}).textContent || ""`); problem != "" {
				t.Fatalf("the page shows a problem: %s", problem)
			}
		})
	}
}

// mouseDoubleClick double-clicks the middle of the element id as a mouse
// does: a press and release with click count 1, then another with 2, so
// the page sees a click of detail 1, then one of detail 2.
func mouseDoubleClick(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	at := browsertest.Eval[[]float64](t, ctx, `(r => [r.x + r.width/2, r.y + r.height/2])(`+jsID(id)+`.getBoundingClientRect())`)
	for _, count := range []int64{1, 2} {
		for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
				Type: typ, X: at[0], Y: at[1], Button: input.MouseButtonLeft, ClickCount: count}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A double click on a demo opens it, once, with nothing refused on the
// bar: on the one the catalog selects, the first click opens it and the
// second finds the catalog gone; on another, the first selects it and
// the second opens it.
func TestBrowserDoubleClickOpensADemo(t *testing.T) {
	tests := []struct {
		name, option, opened string
	}{
		{"the selected demo", "w:catalog:o0", "w:search"},
		{"another demo", "w:catalog:o2", "w:inc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t, web.Options{App: tea.App{Name: "playground"}})
			ctx := browser(t)
			sess := session(t, s, open(t, ctx, s.URL))
			browsertest.Poll[bool](t, ctx, jsID(tt.option)+` !== null`)
			mouseDoubleClick(t, ctx, tt.option)
			browsertest.Poll[bool](t, ctx, jsID(tt.opened)+` !== null`)
			// A key after the clicks: once the page shows its outcome,
			// the clicks have applied too.
			v := sess.Snapshot().Version
			press(t, ctx, "x")
			browsertest.Poll[bool](t, ctx, fmt.Sprintf(`Number(document.body.dataset.version) > %d`, v))
			if problem := browsertest.Eval[string](t, ctx, `(document.getElementById("problem") || {}).textContent || ""`); problem != "" {
				t.Fatalf("the page shows a problem: %s", problem)
			}
		})
	}
}
