package playground

import (
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// TabsDemo switches between three sections. Widgets: Tabs "sections"
// (Overview, Settings, About); Settings shows SelectList "theme" and
// Checkbox "notify". The chosen theme styles the demo's widgets at once;
// "System" follows the terminal's background (tea.BackgroundMsg; dark
// until a terminal says).
type TabsDemo struct {
	sections widgets.TabsState
	theme    widgets.SelectListState
	notify   widgets.CheckboxState
	// light is set once a terminal says its background is light.
	light bool
}

// NewTabs returns the demo on its Overview tab.
func NewTabs() TabsDemo {
	themes := tabThemes()
	return TabsDemo{
		sections: widgets.TabsState{ID: "sections", Tabs: []string{"Overview", "Settings", "About"}},
		theme:    widgets.SelectListState{ID: "theme", Options: themes, Height: len(themes)},
		notify:   widgets.CheckboxState{ID: "notify", Checked: true},
	}
}

// Active returns the label of the active tab.
func (t TabsDemo) Active() string { return t.sections.Tabs[t.sections.Active] }

// Theme returns the chosen theme's name.
func (t TabsDemo) Theme() string {
	if i := t.theme.Selected; i >= 0 && i < len(t.theme.Options) {
		return t.theme.Options[i]
	}
	return ""
}

// Notify reports whether notifications are on.
func (t TabsDemo) Notify() bool { return t.notify.Checked }

// Init implements tea.Model.
func (t TabsDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (t TabsDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if t.sections.Update(msg) || t.theme.Update(msg) || t.notify.Update(msg) {
		return t, nil
	}
	if m, ok := msg.(tea.BackgroundMsg); ok {
		t.light = !m.Dark
		return t, nil
	}
	// Enter on a theme chooses it, as moving onto it already did.
	if m, ok := msg.(widgets.SelectListChosen); ok && m.ID == t.theme.ID {
		t.theme.Update(widgets.SelectListSelected(m))
	}
	return t, nil
}

// View implements tea.Model.
func (t TabsDemo) View() tea.Node {
	th := themeNamed(t.Theme(), !t.light)
	var body tea.Node
	switch t.Active() {
	case "Overview":
		body = tea.Column{Gap: 1, Items: []tea.Node{
			tea.Text{Content: "Facet apps are Bubble-Tea-shaped models whose View returns a tree of widgets.", Bold: true},
			tea.Text{Content: "The same tree is drawn in your terminal, served over SSH, and turned into typed\n" +
				"tools for an AI agent over MCP. A keystroke and a tool call are the same message."},
			tea.Text{Content: "← / →: switch tabs · tab: move to the next widget", Muted: true},
		}}
	case "Settings":
		notify := "off"
		if t.notify.Checked {
			notify = "on"
		}
		theme := t.theme.View(widgets.SelectList{Theme: th})
		theme.Label = "Theme"
		notifyBox := t.notify.View(widgets.Checkbox{Theme: th})
		notifyBox.Label = "Send me notifications"
		body = tea.Column{Gap: 1, Items: []tea.Node{
			theme,
			notifyBox,
			tea.Text{Content: "Theme: " + t.Theme() + " · notifications " + notify, Muted: true},
		}}
	default:
		body = tea.Column{Gap: 1, Items: []tea.Node{
			tea.Text{Content: "Facet playground", Bold: true},
			tea.Text{Content: "Built on Bubble Tea, Lip Gloss and Bubbles by Charm, and mcp-go.\nMIT licensed."},
		}}
	}
	tabs := widgets.Tabs{Theme: th, Panes: [][]string{1: {t.theme.ID, t.notify.ID}}}
	return tea.Column{Gap: 1, Items: []tea.Node{t.sections.View(tabs), body}}
}
