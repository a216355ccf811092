package terminal

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// At every width, with and without an agent's status before it, the help
// line is whole entries, each "key description" as the widget, the app or
// the terminal lists it, with at most one "…", after the focused widget's
// keys kept, and never a "…" on its own. Quit is always there, and the
// app's key is left out only after the widget's keys and the Tab hint.
func TestTheHelpLineIsWholeEntriesAtEveryWidth(t *testing.T) {
	remove := key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "remove selected"))
	app := screenApp{view: tea.Vertical(
		widgets.SelectList{ID: "items", Options: []string{"milk", "eggs"}},
		widgets.Button{ID: "remove", Label: "Remove", OnClick: struct{}{}},
	), keys: []key.Binding{remove}}
	entries := map[string]bool{"ctrl+d remove selected": true, "tab/shift+tab focus": true, "? more": true, "q/esc quit": true}
	var widgetEntries []string
	for _, b := range (widgets.SelectList{}).ShortHelp() {
		widgetEntries = append(widgetEntries, b.Help().Key+" "+b.Help().Desc)
		entries[widgetEntries[len(widgetEntries)-1]] = true
	}
	for _, agents := range [][]string{nil, {"mcp:claude"}} {
		s := snapshotOf(app, "items")
		s.Presence.Agents = agents
		st := snapshotStatus(s, DefaultDetachKey)
		for width := 12; width <= 200; width++ {
			screen := layout(s.View, width, 6, s.Focus, "", st, chromeFor(s, false), defaultTheme).Plain()
			line := strings.TrimRight(screen[strings.LastIndex(screen, "\n")+1:], " ")
			if st.text() != "" {
				if !strings.HasPrefix(line, st.text()+" • ") {
					continue // the status alone takes the line
				}
				line = strings.TrimPrefix(line, st.text()+" • ")
			}
			parts := strings.Split(line, " • ")
			ellipses := 0
			for i, p := range parts {
				if cut, ok := strings.CutSuffix(p, " …"); ok {
					ellipses++
					if i > 0 && !entries[parts[i-1]] || !entries[cut] {
						t.Fatalf("at %d columns the help line %q has the entry %q", width, line, p)
					}
					p = cut
				}
				if !entries[p] {
					t.Fatalf("at %d columns the help line %q has the entry %q", width, line, p)
				}
			}
			if ellipses > 1 {
				t.Fatalf("at %d columns the help line %q has %d ellipses", width, line, ellipses)
			}
			if parts[len(parts)-1] != "q/esc quit" {
				t.Fatalf("at %d columns the help line %q does not end with quit", width, line)
			}
			if strings.Contains(line, widgetEntries[0]) && (!strings.Contains(line, "ctrl+d remove selected") || !strings.Contains(line, "tab/shift+tab focus")) {
				t.Fatalf("at %d columns the help line %q keeps the list's keys over the app's or the Tab hint", width, line)
			}
		}
	}
}
