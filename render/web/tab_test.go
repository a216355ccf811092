package web

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// startTab starts m as session "t1" and returns its tab, with the page
// drawn once.
func startTab(t *testing.T, m tea.Model) *Tab {
	t.Helper()
	sessions := tea.NewSessions()
	sess, err := sessions.Start(context.Background(), "t1", "test", m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sessions.StopAll)
	tab := NewTab(sess, true)
	if p, ok := tab.Render(sess.Snapshot()); !ok || len(p.Ops) != 1 || p.Ops[0].ID != RootID {
		t.Fatalf("first render: %+v, want the whole page", p)
	}
	return tab
}

// dialogOver is a button with an open dialog over it.
type dialogOver struct{}

func (dialogOver) Init() tea.Cmd                         { return nil }
func (d dialogOver) Update(tea.Msg) (tea.Model, tea.Cmd) { return d, nil }
func (dialogOver) View() tea.Node {
	return tea.Vertical(
		widgets.Button{ID: "behind", Label: "Behind", OnClick: "pressed"},
		widgets.Table{ID: "rows", Columns: []widgets.TableColumn{{Key: "k", Title: "K"}}, Rows: [][]string{{"a"}}},
		widgets.Modal{ID: "ask", Title: "Sure?", Visible: true},
	)
}

func TestTabRefusesEventsWithAReason(t *testing.T) {
	tests := []struct {
		name  string
		model tea.Model
		ev    Event
		is    error
		says  string
	}{
		{"unknown event", still{}, Event{T: "poke"}, ErrUnknownEvent, "one of key, click, wheel, paste, input, resize, detach"},
		{"unknown key", still{}, Event{T: "key", Key: "hyper+q"}, nil, "unknown key"},
		{"click on a widget not in view", still{}, Event{T: "click", ID: "gone", Action: "click"}, ErrNotInView, `"gone"`},
		{"click behind a dialog", dialogOver{}, Event{T: "click", ID: "behind", Action: "click"}, ErrBehindDialog, `"ask"`},
		{"click on an action the widget lacks", dialogOver{}, Event{T: "click", ID: "ask", Action: "nonsense"}, tea.ErrUnknownAction, "confirm"},
		{"paste with no field", still{}, Event{T: "paste", Text: "x"}, nil, "no text field has focus"},
		{"text set in a widget not in view", still{}, Event{T: "input", ID: "gone", Text: "x"}, ErrNotInView, `"gone"`},
		{"text set behind a dialog", dialogOver{}, Event{T: "input", ID: "behind", Text: "x"}, ErrBehindDialog, `"ask"`},
		{"text set in a button", fields{}, Event{T: "input", ID: "go", Text: "x"}, tea.ErrUnknownAction, "type_into"},
		{"text set past the field's limit", fields{}, Event{T: "input", ID: "name", Text: "abcdef"}, nil, "4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := startTab(t, tt.model)
			p, err := tab.Handle(context.Background(), tt.ev)
			if err == nil || !strings.Contains(err.Error(), tt.says) || (tt.is != nil && !errors.Is(err, tt.is)) {
				t.Fatalf("Handle(%+v) = %v, want an error saying %q", tt.ev, err, tt.says)
			}
			// The page shows the refusal on its bar.
			if !slices.ContainsFunc(p.Ops, func(op Op) bool { return strings.Contains(op.HTML, `id="problem"`) }) {
				t.Fatalf("the refusal is not on the page: %+v", p.Ops)
			}
		})
	}
}

// A page's size is clamped by the rule, and the numbers, render/ssh applies
// to an SSH client's window.
func TestTabClampsTheWindowAsSSHDoes(t *testing.T) {
	tests := []struct {
		name       string
		cols, rows int
		want       tea.WindowSizeMsg
	}{
		{"a size within bounds", 120, 40, tea.WindowSizeMsg{Width: 120, Height: 40}},
		{"the largest size", ssh.DefaultMaxWidth, ssh.DefaultMaxHeight, tea.WindowSizeMsg{Width: ssh.DefaultMaxWidth, Height: ssh.DefaultMaxHeight}},
		{"too wide", 5000, 40, tea.WindowSizeMsg{Width: ssh.DefaultMaxWidth, Height: 40}},
		{"too tall", 120, 3000, tea.WindowSizeMsg{Width: 120, Height: ssh.DefaultMaxHeight}},
		{"huge", 1 << 30, 1 << 30, tea.WindowSizeMsg{Width: ssh.DefaultMaxWidth, Height: ssh.DefaultMaxHeight}},
		{"no size", 0, 40, tea.WindowSizeMsg{Width: 80, Height: 24}},
		{"a negative size", -5, -5, tea.WindowSizeMsg{Width: 80, Height: 24}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := startTab(t, still{})
			if _, err := tab.Handle(context.Background(), Event{T: "resize", Cols: tt.cols, Rows: tt.rows}); err != nil {
				t.Fatalf("resize %dx%d: %v", tt.cols, tt.rows, err)
			}
			if got := tab.Session().Snapshot().Size; got != tt.want {
				t.Fatalf("resize %dx%d: the app was told %dx%d, want %dx%d", tt.cols, tt.rows, got.Width, got.Height, tt.want.Width, tt.want.Height)
			}
		})
	}
}

func TestTabClickOnTheSelectedOptionOpensIt(t *testing.T) {
	tab := startTab(t, playground.NewBrowser())
	if _, err := tab.Handle(context.Background(), Event{T: "click", ID: "catalog", Action: "select", Args: map[string]any{"index": 1.0}}); err != nil {
		t.Fatal(err)
	}
	if _, ok := tea.FindWidget(tab.Session().Snapshot().View, "catalog"); !ok {
		t.Fatal("a click on another option opened a demo; it only selects")
	}
	if _, err := tab.Handle(context.Background(), Event{T: "click", ID: "catalog", Action: "select", Args: map[string]any{"index": 1.0}}); err != nil {
		t.Fatal(err)
	}
	if _, ok := tea.FindWidget(tab.Session().Snapshot().View, "password"); !ok {
		t.Fatal("a click on the selected option did not open it (the login demo)")
	}
}

func TestTabPatchesOnlyTheElementsThatChanged(t *testing.T) {
	tab := startTab(t, playground.NewBrowser())
	p, err := tab.Handle(context.Background(), Event{T: "key", Key: "down"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, op := range p.Ops {
		ids = append(ids, op.ID)
	}
	if want := []string{"w:catalog:o0", "w:catalog:o1"}; !slices.Equal(ids, want) {
		t.Fatalf("Down replaced %v, want only the two options %v", ids, want)
	}
	if p.Focus != "w:catalog" {
		t.Fatalf("focus = %q, want w:catalog", p.Focus)
	}
}

func TestPageNeverCarriesAMaskedValue(t *testing.T) {
	const secret = "s3cret-value"
	s := tea.Snapshot{View: tea.Vertical(
		widgets.PasswordField{ID: "pw", Label: "Password", Value: secret},
		widgets.TextInput{ID: "masked", Value: secret, Mask: '*'},
	)}
	html := paint(s, chrome{session: "t1", agents: true}).HTML()
	if strings.Contains(html, secret) {
		t.Fatalf("the page holds the secret:\n%s", html)
	}
	for _, want := range []string{`id="w:pw:input"`, `type="password" data-len="12"`} {
		if !strings.Contains(html, want) {
			t.Fatalf("the page lacks %q:\n%s", want, html)
		}
	}
	if n := strings.Count(html, `type="password"`); n != 2 {
		t.Fatalf("%d password inputs, want 2 (a PasswordField and a masked TextInput)", n)
	}
}

func TestThemeCSSCarriesTheThemesColoursAndText(t *testing.T) {
	css := ThemeCSS(nil)
	for _, want := range []string{
		// The accent is lightened to be read on the dark page; as a
		// background behind white it stays.
		"--facet-accent-fg: #9475f6;",
		"--facet-selected-bg: #7d56f4;",
		"--facet-error-fg: #ff5f87;",
		".t-header { color: var(--facet-header-fg); background: var(--facet-header-bg); font-weight: bold; text-decoration: underline; }",
		// SelectedDim is Reverse: the page's colours swapped.
		"--facet-selected-dim-fg: var(--facet-page-bg);",
	} {
		if !strings.Contains(css, want) {
			t.Fatalf("theme CSS lacks %q:\n%s", want, css)
		}
	}
}

func TestTabWheelScrollsTheWidgetUnderThePointer(t *testing.T) {
	m, err := playground.NewBrowserAt("log")
	if err != nil {
		t.Fatal(err)
	}
	tab := startTab(t, m)
	top := func() int {
		w, _ := tea.FindWidget(tab.Session().Snapshot().View, "log")
		return w.(widgets.Viewport).Top
	}
	p, err := tab.Handle(context.Background(), Event{T: "wheel", ID: "log", Dir: "down"})
	if err != nil {
		t.Fatal(err)
	}
	if top() == 0 {
		t.Fatal("the wheel did not scroll the log")
	}
	if !slices.ContainsFunc(p.Ops, func(op Op) bool { return strings.HasPrefix(op.ID, "w:log") }) {
		t.Fatalf("the patch does not redraw the log: %+v", p.Ops)
	}
	if _, err := tab.Handle(context.Background(), Event{T: "wheel", ID: "log", Dir: "up"}); err != nil {
		t.Fatal(err)
	}
	if top() != 0 {
		t.Fatalf("the wheel up left the log at line %d", top())
	}
}

// fields is a text field that keeps its value (the app ignores every
// change) and a button.
type fields struct{}

func (fields) Init() tea.Cmd                         { return nil }
func (f fields) Update(tea.Msg) (tea.Model, tea.Cmd) { return f, nil }
func (fields) View() tea.Node {
	return tea.Vertical(
		widgets.TextInput{ID: "name", Value: "ada", CharLimit: 4},
		widgets.Button{ID: "go", Label: "Go", OnClick: "go"},
	)
}

// changer is a text field whose value is what the app was last told.
type changer struct{ s widgets.TextInputState }

func (c changer) Init() tea.Cmd { return nil }
func (c changer) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c.s.Update(msg)
	return c, nil
}
func (c changer) View() tea.Node {
	return tea.Vertical(widgets.Button{ID: "go", Label: "Go", OnClick: "go"}, c.s.View(widgets.TextInput{}))
}

// Text the browser set in a field is the field's type_into, and the page
// is always sent the field as the session has it: the browser edited its
// copy in place.
func TestTabAppliesTextTheBrowserSetAndRedrawsTheField(t *testing.T) {
	tests := []struct {
		name  string
		model tea.Model
		text  string
		value string // the value the field is drawn with
	}{
		{"taken", changer{s: widgets.TextInputState{ID: "name"}}, "python", "python"},
		{"kept by the app", fields{}, "bob", "ada"},
		{"refused", fields{}, "far too long", "ada"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := startTab(t, tt.model)
			p, _ := tab.Handle(context.Background(), Event{T: "input", ID: "name", Text: tt.text})
			i := slices.IndexFunc(p.Ops, func(op Op) bool { return strings.Contains(op.HTML, `id="w:name:input"`) })
			if i < 0 {
				t.Fatalf("the field is not redrawn: %+v", p.Ops)
			}
			if !strings.Contains(p.Ops[i].HTML, `value="`+tt.value+`"`) {
				t.Fatalf("the field is drawn as %s, want value %q", p.Ops[i].HTML, tt.value)
			}
			if got := tab.Session().Snapshot().Focus; got != "name" {
				t.Fatalf("focus after setting text: %q, want the field", got)
			}
		})
	}
}
