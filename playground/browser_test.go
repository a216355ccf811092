package playground

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// openDemo returns the browser's open demo as a T.
func openDemo[T tea.Model](t *testing.T, rt *tea.Runtime, name string) T {
	t.Helper()
	got, m := modelOf[Browser](t, rt).Demo()
	if got != name {
		t.Fatalf("open demo = %q, want %q", got, name)
	}
	d, ok := m.(T)
	if !ok {
		t.Fatalf("demo model is %T", m)
	}
	return d
}

func TestBrowserListsTheCatalog(t *testing.T) {
	rt := start(t, NewBrowser())
	list := widget[widgets.SelectList](t, rt, "catalog")
	apps := Catalog()
	if len(list.Options) != len(apps) {
		t.Fatalf("%d options, want %d", len(list.Options), len(apps))
	}
	for i, a := range apps {
		if !strings.HasPrefix(list.Options[i], a.Title) || !strings.HasSuffix(list.Options[i], a.Description) {
			t.Errorf("option %d = %q, want %q's title and description", i, list.Options[i], a.Name)
		}
	}
	if f := rt.Snapshot().Focus; f != "catalog" {
		t.Errorf("focus = %q, want catalog", f)
	}
}

// The catalog shows each key once: the bottom help line (the list's keys,
// Enter opening a demo) and a line for the keys it does not show.
func TestBrowserCatalogShowsOneHelpLine(t *testing.T) {
	rt := start(t, NewBrowser())
	list := widget[widgets.SelectList](t, rt, "catalog")
	var help []string
	for _, b := range list.ShortHelp() {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	if !slices.Contains(help, "enter open") {
		t.Errorf("the help line %q does not say enter opens a demo", help)
	}
	var texts []string
	var walk func(tea.Node)
	walk = func(n tea.Node) {
		if txt, ok := n.(tea.Text); ok {
			texts = append(texts, txt.Content)
		}
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(rt.Snapshot().View)
	for _, txt := range texts {
		for _, key := range []string{"↑", "↓", "enter"} {
			if strings.Contains(txt, key) {
				t.Errorf("the catalog's text %q repeats the help line's %s", txt, key)
			}
		}
	}
	if !slices.Contains(texts, CatalogStatus) {
		t.Errorf("the catalog does not say how to quit: %q", texts)
	}
}

func TestBrowserEnterOpensTheSelectedDemoInABox(t *testing.T) {
	rt := start(t, NewBrowser())
	press(t, rt, "down", "enter")
	openDemo[LoginDemo](t, rt, "login")
	view := rt.Snapshot().View
	col, ok := view.(tea.Column)
	if !ok || len(col.Items) != 2 {
		t.Fatalf("view = %#v, want a column of the box and the status line", view)
	}
	if box, ok := col.Items[0].(tea.Box); !ok || box.Title != "Sign in" {
		t.Errorf("first item = %#v, want a box titled Sign in", col.Items[0])
	}
	if status, ok := col.Items[1].(tea.Text); !ok || status.Content != "esc: back to catalog · q / ctrl+c: quit" {
		t.Errorf("status line = %#v", col.Items[1])
	}
	if hasWidget(rt, "catalog") || rt.Snapshot().Focus != "email" {
		t.Errorf("focus = %q, catalog shown %v; want the demo's first field focused", rt.Snapshot().Focus, hasWidget(rt, "catalog"))
	}
	// Keys and messages reach the demo.
	typeText(t, rt, "ada@example.com")
	press(t, rt, "tab")
	typeText(t, rt, "pw")
	dispatch(t, rt, loginSubmit{})
	if got := textOf(t, rt, "status"); got != "Signed in as ada@example.com" {
		t.Errorf("status = %q", got)
	}
}

func TestBrowserEscReturnsToTheCatalog(t *testing.T) {
	rt := start(t, NewBrowser())
	dispatch(t, rt, widgets.SelectListChosen{ID: "catalog", Index: 2, Label: "Counter"})
	openDemo[CounterDemo](t, rt, "counter")
	press(t, rt, "esc")
	if name, _ := modelOf[Browser](t, rt).Demo(); name != "" {
		t.Fatalf("demo %q still open after esc", name)
	}
	if list := widget[widgets.SelectList](t, rt, "catalog"); list.Selected != 2 {
		t.Errorf("catalog selection = %d, want 2 (the demo just closed)", list.Selected)
	}
	if f := rt.Snapshot().Focus; f != "catalog" {
		t.Errorf("focus = %q, want catalog", f)
	}
}

func TestBrowserQuits(t *testing.T) {
	tests := []struct {
		name string
		demo string // "" for the catalog
		key  string
	}{
		{"q from the catalog", "", "q"},
		{"ctrl+c from the catalog", "", "ctrl+c"},
		{"ctrl+c from a demo", "counter", "ctrl+c"},
		{"q from a demo that does not use it", "counter", "q"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBrowser()
			if tt.demo != "" {
				var err error
				if b, err = NewBrowserAt(tt.demo); err != nil {
					t.Fatal(err)
				}
			}
			rt := start(t, b)
			press(t, rt, tt.key)
			select {
			case <-rt.Done():
			case <-time.After(5 * time.Second):
				t.Fatal("the runtime did not stop")
			}
		})
	}
}

func TestBrowserQInATextFieldIsTyped(t *testing.T) {
	b, err := NewBrowserAt("repl")
	if err != nil {
		t.Fatal(err)
	}
	rt := start(t, b)
	press(t, rt, "q")
	select {
	case <-rt.Done():
		t.Fatal("q typed into the field quit the app")
	default:
	}
	if got := widget[widgets.TextInput](t, rt, "expr").Value; got != "q" {
		t.Fatalf("field = %q, want q", got)
	}
}

func TestBrowserGivesTheDemoTheSpaceInsideItsChrome(t *testing.T) {
	rt := start(t, NewBrowser(), tea.WithSize(120, 40))
	dispatch(t, rt, widgets.SelectListChosen{ID: "catalog", Index: 0})
	s := openDemo[SearchDemo](t, rt, "search")
	if want := 40 - chromeLines - helpLines - searchOverhead; s.table.Height != want {
		t.Fatalf("search table height = %d, want %d", s.table.Height, want)
	}
	dispatch(t, rt, teaSize(100, 30))
	if s := openDemo[SearchDemo](t, rt, "search"); s.table.Height != 30-chromeLines-helpLines-searchOverhead {
		t.Fatalf("after a resize: table height = %d", s.table.Height)
	}
}

func TestBrowserStartsTheOpenedDemo(t *testing.T) {
	b, err := NewBrowserAt("runtime")
	if err != nil {
		t.Fatal(err)
	}
	rt := start(t, b)
	eventually(t, "the monitor's first sample", func() bool {
		_, m := modelOf[Browser](t, rt).Demo()
		return m.(RuntimeDemo).Samples() >= 1
	})
}

func TestBrowserDropsAClosedDemosTicks(t *testing.T) {
	rt := start(t, NewBrowser())
	player := 4
	if Catalog()[player].Name != "player" {
		t.Fatal("the player moved in the catalog")
	}
	play := widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true}
	dispatch(t, rt, widgets.SelectListChosen{ID: "catalog", Index: player})
	dispatch(t, rt, play)
	old := openDemo[PlayerDemo](t, rt, "player")
	press(t, rt, "esc")
	dispatch(t, rt, playerTick{owner: old.owner, gen: old.gen}) // arrives in the catalog: dropped
	dispatch(t, rt, widgets.SelectListChosen{ID: "catalog", Index: player})
	dispatch(t, rt, play)
	dispatch(t, rt, playerTick{owner: old.owner, gen: old.gen}) // the old loop: same generation, other player
	if p := openDemo[PlayerDemo](t, rt, "player"); p.Position() != 0 {
		t.Fatalf("the closed player's tick moved the new one to %d", p.Position())
	}
}

func TestNewBrowserAtAnUnknownDemoListsTheValidNames(t *testing.T) {
	_, err := NewBrowserAt("pong")
	var unknown *UnknownAppError
	if !errors.As(err, &unknown) || !strings.Contains(err.Error(), strings.Join(Names(), ", ")) {
		t.Fatalf("error = %v, want an *UnknownAppError listing %v", err, Names())
	}
}

func TestAgentsCannotQuitTheBrowser(t *testing.T) {
	b := NewBrowser()
	for _, k := range []string{"q", "ctrl+c"} {
		key, err := tea.ParseKey(k)
		if err != nil {
			t.Fatal(err)
		}
		if _, cmd := b.Update(tea.KeyMsg{Key: key, Agent: "mcp:default"}); cmd != nil {
			if _, quit := cmd().(tea.QuitMsg); quit {
				t.Fatalf("an agent's %s quit the browser", k)
			}
		}
		if _, cmd := b.Update(tea.KeyMsg{Key: key}); cmd == nil {
			t.Fatalf("the person's %s did not quit", k)
		} else if _, quit := cmd().(tea.QuitMsg); !quit {
			t.Fatalf("the person's %s did not quit", k)
		}
	}
}

func TestBrowserListsTheKeysItKeepsForItself(t *testing.T) {
	has := func(groups [][]key.Binding, k string) bool {
		for _, g := range groups {
			if key.Matches(tea.Key{Code: tea.KeyEscape}, g...) && k == "esc" {
				return true
			}
			if key.Matches(tea.Key{Code: tea.KeyRune, Rune: 'q'}, g...) && k == "q" {
				return true
			}
		}
		return false
	}
	catalog := NewBrowser()
	if !has(catalog.FullHelp(), "q") || has(catalog.FullHelp(), "esc") {
		t.Fatalf("catalog keys %v: want q and not esc (nothing to go back to)", catalog.FullHelp())
	}
	open, err := NewBrowserAt("counter")
	if err != nil {
		t.Fatal(err)
	}
	if !has(open.FullHelp(), "q") || !has(open.FullHelp(), "esc") {
		t.Fatalf("open demo keys %v: want q and esc (back to the catalog)", open.FullHelp())
	}
}

func TestBrowserListsTheOpenDemosKeys(t *testing.T) {
	b, err := NewBrowserAt("repl")
	if err != nil {
		t.Fatal(err)
	}
	up := tea.Key{Code: tea.KeyUp}
	if !key.Matches(up, b.ShortHelp()...) {
		t.Fatalf("browser short help %v does not list the REPL's up key", b.ShortHelp())
	}
	var all []key.Binding
	for _, g := range b.FullHelp() {
		all = append(all, g...)
	}
	if !key.Matches(up, all...) || !key.Matches(tea.Key{Code: tea.KeyEscape}, all...) {
		t.Fatalf("browser full help %v: want the REPL's up and the browser's esc", b.FullHelp())
	}
}

// texts is every Text the view shows.
func texts(n tea.Node) []string {
	var out []string
	if txt, ok := n.(tea.Text); ok {
		out = append(out, txt.Content)
	}
	for _, c := range n.Children() {
		out = append(out, texts(c)...)
	}
	return out
}

// On a web page the browser names no quit key (a browser keeps Ctrl+C, and
// a person leaves a page by closing it) and q does not end the session;
// in a terminal it does.
func TestBrowserOnAPageSaysWhatABrowserUserCanDo(t *testing.T) {
	tests := []struct {
		name                  string
		model                 Browser
		catalog, demo, dialog string
		quits                 bool
	}{
		{"terminal", NewBrowser(), CatalogStatus, BrowserStatus, BrowserDialogStatus, true},
		{"page", NewBrowser().OnPage(), CatalogPageStatus, BrowserPageStatus, BrowserDialogPageStatus, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, tt.model)
			if got := texts(rt.Snapshot().View); !slices.Contains(got, tt.catalog) {
				t.Errorf("the catalog's lines %q lack %q", got, tt.catalog)
			}
			for _, s := range []string{tt.catalog, tt.demo, tt.dialog} {
				if quit := strings.Contains(s, "quit"); quit != tt.quits {
					t.Errorf("%q names quitting: %v, want %v", s, quit, tt.quits)
				}
			}
			quitHelp := false
			for _, group := range rt.Snapshot().Model.(Browser).FullHelp() {
				for _, b := range group {
					quitHelp = quitHelp || b.Enabled() && b.Help().Desc == "quit"
				}
			}
			if quitHelp != tt.quits {
				t.Errorf("the full help lists quit: %v, want %v", quitHelp, tt.quits)
			}
			_, cmd := tt.model.Update(tea.KeyMsg{Key: tea.Key{Code: tea.KeyRune, Rune: 'q'}})
			quits := false
			if cmd != nil {
				_, quits = cmd().(tea.QuitMsg)
			}
			if quits != tt.quits {
				t.Errorf("q quits: %v, want %v", quits, tt.quits)
			}
			press(t, rt, "enter")
			if got := browserStatus(t, rt); got != tt.demo {
				t.Errorf("an open demo's line = %q, want %q", got, tt.demo)
			}
		})
	}
}
