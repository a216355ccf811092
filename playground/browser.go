package playground

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// BrowserStatus is the help line shown under an open demo.
const BrowserStatus = "esc: back to catalog · q / ctrl+c: quit"

// CatalogStatus is the line under the catalog: only the keys the bottom
// help line (the list's keys: ↑/↓, enter open, ...) does not show, so the
// catalog shows its keys once.
const CatalogStatus = "q / ctrl+c: quit"

// BrowserDialogStatus replaces it while the demo shows a dialog, which
// takes Esc for itself.
const BrowserDialogStatus = "esc: close the dialog · q / ctrl+c: quit"

// The lines a web page shows instead (see Browser.OnPage): a browser keeps
// Ctrl+C for copying, and a person leaves a page by closing its tab, so
// they name no quit key; the catalog says what clicks do.
const (
	CatalogPageStatus       = "a click selects a demo; a click on the selected one, or a double click, opens it"
	BrowserPageStatus       = "esc: back to catalog"
	BrowserDialogPageStatus = "esc: close the dialog"
)

// The browser's chrome around an open demo: the box's border (two columns,
// two lines) and the status line. The line a renderer keeps at the bottom
// for the focused widget's key help (helpLines) is not chrome: every demo
// leaves it free itself, so it fits when run on its own too.
const (
	chromeCols  = 2
	chromeLines = 3
	belowBox    = 2 // the status line and the help line
	helpLines   = 1
)

// Browser is an app that shows the catalog as a list (widget id "catalog")
// and opens the chosen demo inside itself. While a demo is open every
// message goes to the demo, except Esc (back to the catalog) and q or
// ctrl+c (quit) when the demo did not use them.
//
// Browser stays one type whatever demo it shows, as the Runtime requires:
// the open demo lives in a field.
type Browser struct {
	apps     []App
	selected int
	current  int // index of the open demo in apps; meaningful when demo != nil
	demo     tea.Model
	size     tea.WindowSizeMsg
	// onPage: shown in a web page (see OnPage).
	onPage bool
}

// NewBrowser returns a Browser showing the catalog.
func NewBrowser() Browser {
	return Browser{apps: Catalog()}
}

// NewBrowserAt returns a Browser with the demo called name already open, so
// Esc still leads back to the catalog. An unknown name is an
// *UnknownAppError listing the valid names.
func NewBrowserAt(name string) (Browser, error) {
	b := NewBrowser()
	for i, a := range b.apps {
		if a.Name == name {
			b.selected = i
			b.current = i
			b.demo = a.New()
			return b, nil
		}
	}
	return Browser{}, fmt.Errorf("open %q: %w", name, &UnknownAppError{Name: name, Valid: Names()})
}

// Demo returns the open demo's catalog name and model, or "" and nil while
// the catalog is shown.
func (b Browser) Demo() (string, tea.Model) {
	if b.demo == nil {
		return "", nil
	}
	return b.apps[b.current].Name, b.demo
}

// OnPage returns b as a web page shows it: its lines say what a person in
// a browser can do (CatalogPageStatus, BrowserPageStatus), and q does not
// quit, since the person ends a page's session by closing the tab.
func (b Browser) OnPage() Browser {
	b.onPage = true
	return b
}

// Init implements tea.Model: it starts the open demo, if any.
func (b Browser) Init() tea.Cmd {
	if b.demo == nil {
		return nil
	}
	return b.demo.Init()
}

// Update implements tea.Model.
func (b Browser) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		b.size = m
		if b.demo != nil {
			return b.forward(b.innerSize())
		}
		return b, nil
	case tea.KeyMsg:
		switch {
		case m.Is("ctrl+c", "q") && m.Agent == "" && !b.onPage:
			// Only the person at the terminal quits: in a session shared
			// with an agent, quitting ends their terminal too.
			return b, tea.Quit
		case m.Is("esc") && b.demo != nil:
			b.demo = nil
			return b, nil
		}
	}
	if b.demo != nil {
		return b.forward(msg)
	}
	switch m := msg.(type) {
	case widgets.SelectListSelected:
		if m.ID == "catalog" {
			b.selected = m.Index
		}
	case widgets.SelectListChosen:
		if m.ID == "catalog" && m.Index >= 0 && m.Index < len(b.apps) {
			return b.open(m.Index)
		}
	}
	return b, nil
}

// open starts demo i: its Init command runs, and it learns the size it has.
func (b Browser) open(i int) (tea.Model, tea.Cmd) {
	b.selected, b.current = i, i
	b.demo = b.apps[i].New()
	initCmd := b.demo.Init()
	if b.size.Width == 0 && b.size.Height == 0 {
		return b, initCmd
	}
	next, sizeCmd := b.forward(b.innerSize())
	return next, tea.Batch(initCmd, sizeCmd)
}

func (b Browser) forward(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := b.demo.Update(msg)
	b.demo = next
	return b, cmd
}

// innerSize is the space a demo gets inside the browser's chrome.
func (b Browser) innerSize() tea.WindowSizeMsg {
	return tea.WindowSizeMsg{Width: max(b.size.Width-chromeCols, 0), Height: max(b.size.Height-chromeLines, 0)}
}

// View implements tea.Model.
func (b Browser) View() tea.Node {
	if b.demo != nil {
		body := b.demo.View()
		box := tea.Box{Title: b.apps[b.current].Title, Child: body}
		if b.size.Height > 0 {
			box.Height = max(b.size.Height-belowBox, 3)
		}
		status, dialog := BrowserStatus, BrowserDialogStatus
		if b.onPage {
			status, dialog = BrowserPageStatus, BrowserDialogPageStatus
		}
		for _, w := range tea.Widgets(body) {
			if tea.TrapsFocus(w) {
				status = dialog
				break
			}
		}
		return tea.Column{Items: []tea.Node{box, tea.Text{Content: status, Muted: true}}}
	}
	return tea.Column{Items: []tea.Node{
		tea.Text{Content: "Facet playground", Bold: true},
		tea.Text{Content: "Every demo below runs the same way in a terminal, over SSH and for an agent over MCP.", Muted: true},
		tea.Spacer{Lines: 1},
		widgets.SelectList{ID: "catalog", Label: "Demos", Options: b.options(), Selected: b.selected, Height: len(b.apps), Keys: &catalogKeys},
		tea.Spacer{Lines: 1},
		tea.Text{Content: b.catalogStatus(), Muted: true},
	}}
}

// catalogStatus is the line under the catalog.
func (b Browser) catalogStatus() string {
	if b.onPage {
		return CatalogPageStatus
	}
	return CatalogStatus
}

// ShortHelp implements bubbles/help's KeyMap: the open demo's own keys,
// if it lists any; not the browser's, which the line under the box names.
func (b Browser) ShortHelp() []key.Binding {
	if km, ok := b.demo.(help.KeyMap); ok {
		return km.ShortHelp()
	}
	return nil
}

// FullHelp implements bubbles/help's KeyMap: the open demo's keys, then
// the browser's own, Esc (back to the catalog, while a demo is open) and q
// (quit). A renderer lists them in its full help and leaves these keys to
// the browser.
func (b Browser) FullHelp() [][]key.Binding {
	quit := key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit"))
	quit.SetEnabled(!b.onPage)
	if b.demo == nil {
		return [][]key.Binding{{quit}}
	}
	var groups [][]key.Binding
	if km, ok := b.demo.(help.KeyMap); ok {
		groups = append(groups, km.FullHelp()...)
	}
	back := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to catalog"))
	return append(groups, []key.Binding{back, quit})
}

// catalogKeys are the catalog list's keys: a SelectList's, Enter opening
// the demo.
var catalogKeys = func() widgets.SelectListKeyMap {
	km := widgets.DefaultSelectListKeyMap()
	km.Choose.SetHelp("enter", "open")
	return km
}()

// options spells each demo as "Title   description", titles aligned.
func (b Browser) options() []string {
	width := 0
	for _, a := range b.apps {
		width = max(width, widgets.Width(a.Title))
	}
	out := make([]string, len(b.apps))
	for i, a := range b.apps {
		out[i] = widgets.Pad(a.Title, width) + "   " + a.Description
	}
	return out
}
