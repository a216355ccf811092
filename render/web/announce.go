package web

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// maxAnnounced is how many changes one announcement names; more are
// counted.
const maxAnnounced = 3

// announcement says in words what changed in the app's interactive widgets
// between two views, as an agent's doing: "agent set Search: rust",
// "agent checked Remember me, agent selected row 2 of results". It reads
// each widget's own description (tea.Describer), so an app's widget that
// describes itself is announced like a built-in one. It says nothing of:
//   - a masked widget's value (its description has none);
//   - text, charts and other widgets that only show: a Text is a live
//     region of its own, and the rest change with what an agent did;
//   - a disabled state, which follows from another change;
//   - a playing Scrubber's position, which its clock moves.
//
// It is "" when nothing worth saying changed.
func announcement(before, after tea.Node) string {
	if before == nil || after == nil {
		return ""
	}
	was := map[string]tea.Description{}
	for _, w := range tea.Widgets(before) {
		d, ok := w.(tea.Describer)
		if id := w.WidgetID(); ok && id != "" {
			if _, seen := was[id]; !seen {
				was[id] = d.Describe()
			}
		}
	}
	var said []string
	seen := map[string]bool{}
	for _, w := range tea.Widgets(after) {
		id := w.WidgetID()
		d, ok := w.(tea.Describer)
		if !ok || id == "" || seen[id] {
			continue
		}
		seen[id] = true
		old, ok := was[id]
		if !ok {
			continue
		}
		if s := changed(id, old, d.Describe()); s != "" {
			said = append(said, "agent "+s)
		}
	}
	if len(said) > maxAnnounced {
		said = append(said[:maxAnnounced], fmt.Sprintf("and %d more changes", len(said)-maxAnnounced))
	}
	return strings.Join(said, ", ")
}

// changed says what changed from old to now in the widget id, without
// its subject ("set Search: rust"), or "".
func changed(id string, old, now tea.Description) string {
	if old.Role != now.Role {
		return ""
	}
	name := or(now.Label, id)
	differs := func(key string) bool { return !reflect.DeepEqual(old.State[key], now.State[key]) }
	state := func(key string) any { return now.State[key] }
	switch now.Role {
	case "textbox":
		if !differs("value") || now.State["masked"] == true {
			return ""
		}
		if v, _ := state("value").(string); v != "" {
			return fmt.Sprintf("set %s: %s", name, v)
		}
		return "cleared " + name
	case "checkbox":
		if !differs("checked") {
			return ""
		}
		if state("checked") == true {
			return "checked " + name
		}
		return "unchecked " + name
	case "listbox":
		if differs("selected") {
			return fmt.Sprintf("selected %v in %s", state("selected_label"), name)
		}
	case "table":
		switch {
		case differs("sort_column"), differs("sort_direction"):
			dir := "ascending"
			if state("sort_direction") == widgets.SortDesc {
				dir = "descending"
			}
			return fmt.Sprintf("sorted %s by %v, %s", name, state("sort_column"), dir)
		case differs("selected"):
			if i, ok := state("selected").(int); ok && i >= 0 {
				return fmt.Sprintf("selected row %d of %s", i+1, name)
			}
		}
	case "tree":
		if differs("selected") {
			return fmt.Sprintf("selected %v in %s", state("selected"), name)
		}
		if differs("visible") {
			return "expanded or collapsed a node of " + name
		}
	case "tablist":
		if differs("active_index") {
			return "selected tab " + now.Label
		}
	case "scrubber":
		if differs("playing") {
			if state("playing") == true {
				return "played " + name
			}
			return "paused " + name
		}
		if differs("position") && old.State["playing"] != true {
			if p, ok := state("position").(int); ok {
				return fmt.Sprintf("set %s: %s", name, widgets.Clock(p))
			}
		}
	case "dialog":
		if differs("visible") {
			if state("visible") == true {
				return "opened " + name
			}
			return "closed " + name
		}
	case "menu":
		if differs("open") {
			if path, ok := state("open").([]string); ok && len(path) > 0 {
				return "opened " + path[len(path)-1] + " in " + name
			}
			return "closed " + name
		}
	case "viewport":
		if differs("top") {
			if top, ok := state("top").(int); ok {
				return fmt.Sprintf("scrolled %s to line %d", name, top+1)
			}
		}
	}
	return ""
}
