package playground

import (
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// menuItems returns the menu demo's items: File, Edit, View and Help, each
// a submenu.
func menuItems() []widgets.MenuItem {
	leaf := func(id, label string) widgets.MenuItem { return widgets.MenuItem{ID: id, Label: label} }
	return []widgets.MenuItem{
		{ID: "file", Label: "File", Children: []widgets.MenuItem{
			leaf("new", "New file"),
			leaf("open", "Open…"),
			{ID: "recent", Label: "Open recent", Children: []widgets.MenuItem{
				leaf("recent_shortlink", "~/src/shortlink"),
				leaf("recent_facet", "~/src/facet"),
				leaf("recent_notes", "~/notes/todo.md"),
			}},
			leaf("save", "Save"),
			{ID: "save_as", Label: "Save as… (read-only workspace)", Disabled: true},
		}},
		{ID: "edit", Label: "Edit", Children: []widgets.MenuItem{
			leaf("undo", "Undo"),
			leaf("redo", "Redo"),
			leaf("cut", "Cut"),
			leaf("copy", "Copy"),
			leaf("paste", "Paste"),
		}},
		{ID: "view", Label: "View", Children: []widgets.MenuItem{
			leaf("zoom_in", "Zoom in"),
			leaf("zoom_out", "Zoom out"),
			{ID: "appearance", Label: "Appearance", Children: []widgets.MenuItem{
				leaf("theme_light", "Light"),
				leaf("theme_dark", "Dark"),
				leaf("theme_system", "Follow the system"),
			}},
		}},
		{ID: "help", Label: "Help", Children: []widgets.MenuItem{
			leaf("docs", "Documentation"),
			leaf("about", "About Facet"),
		}},
	}
}

// MenuDemo is a nested menu. Widgets: Menu "main" and Text "status", which
// names the last item chosen.
type MenuDemo struct {
	menu   widgets.MenuState
	chosen []string // labels from the top level down to the chosen item
}

// NewMenu returns the menu demo with nothing chosen yet.
func NewMenu() MenuDemo {
	return MenuDemo{menu: widgets.MenuState{ID: "main", Items: menuItems(), Cursor: "file", Height: 20}}
}

// Chosen returns the labels leading to the last chosen item ("File",
// "Open recent", "~/src/facet"), or nil.
func (m MenuDemo) Chosen() []string { return m.chosen }

// Status returns the status line.
func (m MenuDemo) Status() string {
	if m.chosen == nil {
		return "Nothing chosen yet."
	}
	return "Last chosen: " + strings.Join(m.chosen, " › ")
}

// Init implements tea.Model.
func (m MenuDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m MenuDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.menu.Update(msg) {
		return m, nil
	}
	if sel, ok := msg.(widgets.MenuChosen); ok && sel.ID == m.menu.ID {
		if path := menuLabels(m.menu.Items, sel.ItemID); path != nil {
			// Choosing closes the menu, leaving the cursor on its top item.
			m.chosen = path
			m.menu.Open, m.menu.Cursor = nil, topLevelOf(m.menu.Items, sel.ItemID)
		}
	}
	return m, nil
}

// menuLabels returns the labels from the top down to the item id, or nil.
func menuLabels(items []widgets.MenuItem, id string) []string {
	for _, it := range items {
		if it.ID == id {
			return []string{it.Label}
		}
		if p := menuLabels(it.Children, id); p != nil {
			return append([]string{it.Label}, p...)
		}
	}
	return nil
}

// topLevelOf returns the id of the top-level item that holds id.
func topLevelOf(items []widgets.MenuItem, id string) string {
	for _, it := range items {
		if it.ID == id || menuLabels(it.Children, id) != nil {
			return it.ID
		}
	}
	return ""
}

// View implements tea.Model.
func (m MenuDemo) View() tea.Node {
	return tea.Row{Gap: 2, Items: []tea.Node{
		tea.Box{Title: "Menu", Width: 36, Child: m.menu.View(widgets.Menu{})},
		tea.Column{Gap: 1, Items: []tea.Node{
			widgets.Text{ID: "status", Content: m.Status(), Bold: m.chosen != nil},
			tea.Text{Content: "↑/↓: move · →: open · ←: close\nenter: open a submenu or choose an item", Muted: true},
		}},
	}}
}
