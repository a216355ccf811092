package terminal

import (
	"slices"
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

// TestChromeHelpLineIsOneAllocation proves the help line's keys (the
// app's, then the terminal's) are gathered in one slice allocated once:
// an app listing six keys costs a frame's chrome as many allocations as
// one listing one (before, the slice grew as the terminal's keys were
// appended, more times the more keys the app had).
func TestChromeHelpLineIsOneAllocation(t *testing.T) {
	allocs := func(n int) float64 {
		keys := make([]key.Binding, n)
		for i := range keys {
			keys[i] = key.NewBinding(key.WithKeys(string(rune('a'+i))), key.WithHelp(string(rune('a'+i)), "act"))
		}
		app := screenApp{view: tea.Vertical(widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}}, widgets.Button{ID: "b", Label: "B", OnClick: struct{}{}}), keys: keys}
		s := tea.Snapshot{Model: app, View: app.View(), Focus: "a"}
		return testing.AllocsPerRun(50, func() { chromeFor(s, false) })
	}
	if one, six := allocs(1), allocs(6); six != one {
		t.Errorf("the chrome of an app with six keys allocates %.0f times, with one %.0f: want the same", six, one)
	}
}

// TestChromeBuildsItsOwnKeysOnce: the terminal's own help entries (focus,
// more, quit) are built once, not on every frame, and counting the
// focusable widgets builds no list of them. A frame's short help with all
// three costs the app's own FullHelp list (the slice it is gathered in is
// built once too, for an app that lists no keys); before, it cost 13
// allocations.
func TestChromeBuildsItsOwnKeysOnce(t *testing.T) {
	app := screenApp{view: tea.Vertical(widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}}, widgets.Button{ID: "b", Label: "B", OnClick: struct{}{}})}
	s := tea.Snapshot{Model: app, View: app.View(), Focus: "a"}
	short := chromeFor(s, false).short
	if len(short) != 3 {
		t.Fatalf("the short help has %d entries, want focus, more and quit", len(short))
	}
	if got := short[2].Help(); got.Key != "q/esc" || got.Desc != "quit" {
		t.Fatalf("the quit entry reads %q %q, want \"q/esc\" \"quit\"", got.Key, got.Desc)
	}
	if keys := short[2].Keys(); len(keys) != 3 || keys[2] != "ctrl+c" {
		t.Fatalf("the quit entry's keys are %q, want q, esc and ctrl+c", keys)
	}
	if n := testing.AllocsPerRun(50, func() { chromeFor(s, false) }); n > 1 {
		t.Errorf("the chrome of a frame allocates %.0f times, want at most 1 (the app's FullHelp)", n)
	}
}

// TestChromeOwnKeysBuiltOnceAreTheSame: the short help built once for an
// app that lists no keys is what the full help's frame gathers for the
// same screen, with and without Tab moving the focus or ? free.
func TestChromeOwnKeysBuiltOnceAreTheSame(t *testing.T) {
	two := tea.Vertical(widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}}, widgets.Button{ID: "b", Label: "B", OnClick: struct{}{}})
	one := tea.Vertical(widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}})
	// A focused text input takes ?, q and Esc: the help line is built.
	typing := tea.Vertical(widgets.TextInput{ID: "a", Label: "A"}, widgets.Button{ID: "b", Label: "B", OnClick: struct{}{}})
	lengths := map[int]bool{}
	for _, app := range []screenApp{{view: two}, {view: one}, {view: typing}} {
		s := tea.Snapshot{Model: app, View: app.View(), Focus: "a"}
		fast, built := chromeFor(s, false).short, chromeFor(s, true).short
		lengths[len(fast)] = true
		if len(fast) != len(built) {
			t.Fatalf("%d entries, want %d", len(fast), len(built))
		}
		for i := range fast {
			if fast[i].Help() != built[i].Help() || !slices.Equal(fast[i].Keys(), built[i].Keys()) || fast[i].Enabled() != built[i].Enabled() {
				t.Errorf("entry %d: %v %q, want %v %q", i, fast[i].Help(), fast[i].Keys(), built[i].Help(), built[i].Keys())
			}
		}
	}
	if !lengths[3] || !lengths[2] {
		t.Errorf("the screens' help lines have lengths %v, want 3 (focus, more, quit) and 2 (more, quit; focus, Ctrl+C)", lengths)
	}
}
