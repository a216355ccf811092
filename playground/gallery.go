package playground

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// galleryPress is the gallery button's message: it opens the dialog.
type galleryPress struct{}

// GalleryDemo puts every kind of widget on one screen, each with an id
// starting "g_": g_button, g_input, g_password, g_area, g_select,
// g_checkbox, g_modal, g_table, g_tree, g_scrubber, g_tabs, g_viewport,
// g_menu, g_status (Text), g_sparkline and g_bars (BarChart).
type GalleryDemo struct {
	input    widgets.TextInputState
	password widgets.TextInputState
	area     widgets.TextInputState
	list     widgets.SelectListState
	check    widgets.CheckboxState
	table    widgets.TableState
	tree     widgets.TreeState
	scrubber widgets.ScrubberState
	tabs     widgets.TabsState
	viewport widgets.ViewportState
	menu     widgets.MenuState
	modal    widgets.ModalState
	status   string
	// size is the space the gallery has (zero until a WindowSizeMsg says),
	// where the open dialog is centred.
	size tea.WindowSizeMsg
}

// NewGallery returns the gallery with sample content in every widget.
func NewGallery() GalleryDemo {
	lines := make([]string, 30)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %02d of the viewport", i+1)
	}
	return GalleryDemo{
		input:    widgets.TextInputState{ID: "g_input", Value: "hello"},
		password: widgets.TextInputState{ID: "g_password"},
		area:     widgets.TextInputState{ID: "g_area", Value: "Several lines\nof text"},
		list:     widgets.SelectListState{ID: "g_select", Options: []string{"Go", "Rust", "Zig", "Elixir", "OCaml"}, Height: 3},
		check:    widgets.CheckboxState{ID: "g_checkbox", Checked: true},
		modal:    widgets.ModalState{ID: "g_modal"},
		table: widgets.TableState{ID: "g_table", Height: 3,
			Columns: []widgets.TableColumn{{Key: "planet", Title: "Planet"}, {Key: "moons", Title: "Moons", Width: 6, Align: widgets.AlignRight}},
			Rows:    [][]string{{"Mercury", "0"}, {"Venus", "0"}, {"Earth", "1"}, {"Mars", "2"}, {"Jupiter", "95"}, {"Saturn", "146"}}},
		tree: widgets.TreeState{ID: "g_tree", Height: 4, Selected: "src", Expanded: map[string]bool{"src": true},
			Nodes: []widgets.TreeNode{
				{ID: "src", Label: "src/", Children: []widgets.TreeNode{{ID: "src/main.go", Label: "main.go"}, {ID: "src/app.go", Label: "app.go"}}},
				{ID: "README.md", Label: "README.md"},
			}},
		scrubber: widgets.ScrubberState{ID: "g_scrubber", Label: "Seek", Max: 100, Position: 40},
		tabs:     widgets.TabsState{ID: "g_tabs", Tabs: []string{"One", "Two", "Three"}},
		viewport: widgets.ViewportState{ID: "g_viewport", Lines: lines, Height: 3},
		menu: widgets.MenuState{ID: "g_menu", Height: 4, Cursor: "g_file", Items: []widgets.MenuItem{
			{ID: "g_file", Label: "File", Children: []widgets.MenuItem{{ID: "g_open", Label: "Open"}, {ID: "g_save", Label: "Save"}}},
			{ID: "g_help", Label: "Help"},
		}},
		status: "Tab through the widgets; every one answers keys and agent actions.",
	}
}

// Status returns the status line.
func (g GalleryDemo) Status() string { return g.status }

// Init implements tea.Model.
func (g GalleryDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (g GalleryDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if g.input.Update(msg) || g.password.Update(msg) || g.area.Update(msg) || g.list.Update(msg) ||
		g.check.Update(msg) || g.table.Update(msg) || g.tree.Update(msg) || g.scrubber.Update(msg) ||
		g.tabs.Update(msg) || g.viewport.Update(msg) || g.menu.Update(msg) || g.modal.Update(msg) {
		return g, nil
	}
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		g.size = m
	case galleryPress:
		g.modal.Open()
	case widgets.ModalConfirmed:
		g.modal.Close()
		g.status = "The dialog was confirmed."
	case widgets.ModalDismissed:
		g.modal.Close()
		g.status = "The dialog was dismissed."
	case widgets.TextSubmitted:
		if m.ID == g.password.ID {
			// A masked field's value is never shown.
			g.status = "Submitted the password."
			break
		}
		g.status = fmt.Sprintf("Submitted %q.", m.Value)
	case widgets.SelectListChosen:
		g.status = "Chose " + m.Label + "."
	case widgets.MenuChosen:
		g.status = "Menu: chose " + m.ItemID + "."
	}
	return g, nil
}

// galleryModalBody is what the gallery's dialog says.
const galleryModalBody = "Focus stays in this dialog until you answer: ←/→ choose, enter picks, y confirms, esc or n dismisses."

// View implements tea.Model. While the dialog is open it stands alone in
// the middle of the gallery's space, in place of the widgets (which come
// back, focus on the button, when it closes), so nothing moves underneath it.
func (g GalleryDemo) View() tea.Node {
	modal := g.modal.View(widgets.Modal{})
	modal.Title, modal.Body = "A modal", galleryModalBody
	if g.modal.Visible {
		return dialogScreen(g.size, modal)
	}
	input := g.input.View(widgets.TextInput{})
	input.Label = "Text"
	area := g.area.AreaView(widgets.TextArea{})
	area.Label, area.Height = "Area", 2
	password := g.password.PasswordView(widgets.PasswordField{})
	password.Label = "Pass"
	list := g.list.View(widgets.SelectList{})
	check := g.check.View(widgets.Checkbox{})
	check.Label = "Checkbox"
	spark := []float64{3, 4, 2, 6, 8, 5, 7, 9, 6, 4, 5, 8, 10, 7, 6, 9}
	return tea.Column{Items: []tea.Node{
		modal,
		tea.Row{Gap: 2, Items: []tea.Node{
			tea.Column{Gap: 1, Items: []tea.Node{
				widgets.Button{ID: "g_button", Label: "Open dialog", OnClick: galleryPress{}},
				input,
				password,
				area,
				check,
				list,
			}},
			tea.Column{Gap: 1, Items: []tea.Node{
				g.tabs.View(widgets.Tabs{}),
				g.table.View(widgets.Table{}),
				g.tree.View(widgets.Tree{}),
				g.scrubber.View(widgets.Scrubber{}),
			}},
			padRight(tea.Column{Gap: 1, Items: []tea.Node{
				g.viewport.View(widgets.Viewport{}),
				g.menu.View(widgets.Menu{}),
				widgets.Sparkline{ID: "g_sparkline", Label: "load", Values: spark},
				widgets.BarChart{ID: "g_bars", Bars: []widgets.Bar{{Label: "Go", Value: 9}, {Label: "Rust", Value: 7}, {Label: "Zig", Value: 4}}},
			}}),
		}},
		widgets.Text{ID: "g_status", Content: g.status, Muted: true},
	}}
}
