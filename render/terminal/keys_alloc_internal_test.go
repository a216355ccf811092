package terminal

import (
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// countingKeysApp lists its keys (a bubbles/help KeyMap) and counts how
// often it is asked: listing them builds them, on every frame.
type countingKeysApp struct {
	screenApp
	asked *int
}

func (a countingKeysApp) ShortHelp() []key.Binding {
	*a.asked++
	return a.keys
}

func (a countingKeysApp) FullHelp() [][]key.Binding {
	*a.asked++
	return [][]key.Binding{a.keys}
}

// TestChromeListsTheAppKeysOnce proves a frame's chrome asks the app for
// its keys once (ShortHelp and FullHelp, one call each), not again for
// every key it checks (?, q, Esc, the app's quit key): before, a frame
// of the playground's browser built its key list four times.
func TestChromeListsTheAppKeysOnce(t *testing.T) {
	for _, full := range []bool{false, true} {
		asked := 0
		app := countingKeysApp{
			screenApp: screenApp{view: tea.Vertical(widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}}, widgets.Button{ID: "b", Label: "B", OnClick: struct{}{}}), keys: []key.Binding{key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "swap"))}},
			asked:     &asked,
		}
		chromeFor(tea.Snapshot{Model: app, View: app.View(), Focus: "a"}, full)
		if asked != 2 {
			t.Errorf("full=%v: the app was asked for its keys %d times, want 2 (ShortHelp and FullHelp once each)", full, asked)
		}
	}
}
