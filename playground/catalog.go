package playground

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/tea"
)

// App is one entry of the catalog: a tea.App, whose Name is used on the
// command line and in MCP tool names.
type App = tea.App

// Catalog returns every demo, always in the same order.
func Catalog() []App {
	return []App{
		{Name: "search", Title: "Repository search", Description: "Filter and sort a table of real open-source repositories.",
			New: func() tea.Model { return NewSearch() }},
		{Name: "login", Title: "Sign in", Description: "A form with a masked password, a checkbox and validation.",
			New: func() tea.Model { return NewLogin() }},
		{Name: "counter", Title: "Counter", Description: "Three buttons and a number; reset is disabled at zero.",
			New: func() tea.Model { return NewCounter() }},
		{Name: "files", Title: "File browser", Description: "A project tree with a preview of the selected file.",
			New: func() tea.Model { return NewFiles() }},
		{Name: "player", Title: "Player", Description: "A five-minute timeline that plays, pauses and seeks.",
			New: func() tea.Model { return NewPlayer() }},
		{Name: "tabs", Title: "Tabs", Description: "Overview, Settings and About, with a theme picker.",
			New: func() tea.Model { return NewTabs() }},
		{Name: "log", Title: "Log viewer", Description: "Scroll through 500 lines of a service's log.",
			New: func() tea.Model { return NewLog() }},
		{Name: "menu", Title: "Menu", Description: "A menu whose File, Edit, View and Help open submenus in place.",
			New: func() tea.Model { return NewMenu() }},
		{Name: "confirm", Title: "Confirm delete", Description: "Delete an item from a list after a confirmation dialog.",
			New: func() tea.Model { return NewConfirm() }},
		{Name: "gallery", Title: "Widget gallery", Description: "Every kind of widget on one screen.",
			New: func() tea.Model { return NewGallery() }},
		{Name: "repl", Title: "Calculator REPL", Description: "Evaluate arithmetic expressions with a history.",
			New: func() tea.Model { return NewRepl() }},
		{Name: "runtime", Title: "Runtime monitor", Description: "Live goroutines, heap and GC figures, refreshed every second.",
			New: func() tea.Model { return NewRuntime() }},
	}
}

// Names returns the catalog's names in catalog order.
func Names() []string {
	apps := Catalog()
	names := make([]string, len(apps))
	for i, a := range apps {
		names[i] = a.Name
	}
	return names
}

// UnknownAppError is returned by Lookup for a name the catalog does not
// have. Its message lists the valid names.
type UnknownAppError struct {
	Name  string
	Valid []string
}

// Error implements error.
func (e *UnknownAppError) Error() string {
	return fmt.Sprintf("unknown demo %q: valid names are %s", e.Name, strings.Join(e.Valid, ", "))
}

// Lookup returns the catalog entry called name, or an *UnknownAppError that
// lists the valid names.
func Lookup(name string) (App, error) {
	for _, a := range Catalog() {
		if a.Name == name {
			return a, nil
		}
	}
	return App{}, &UnknownAppError{Name: name, Valid: Names()}
}
