package terminal

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// screenApp shows one node; with keys it lists them as its own (a
// bubbles/help KeyMap), as an app that acts on KeyMsg does.
type screenApp struct {
	view tea.Node
	keys []key.Binding
}

func (screenApp) Init() tea.Cmd                         { return nil }
func (a screenApp) Update(tea.Msg) (tea.Model, tea.Cmd) { return a, nil }
func (a screenApp) View() tea.Node                      { return a.view }
func (a screenApp) ShortHelp() []key.Binding            { return a.keys }
func (a screenApp) FullHelp() [][]key.Binding           { return [][]key.Binding{a.keys} }
func snapshotOf(m screenApp, focus string) tea.Snapshot {
	return tea.Snapshot{Model: m, View: m.View(), Focus: focus}
}
func bareSnapshot(view tea.Node, focus string) tea.Snapshot {
	return tea.Snapshot{Model: typists{}, View: view, Focus: focus}
}

func TestTheTerminalTakesQEscAndQuestionMarkOnlyWhenNothingUsesThem(t *testing.T) {
	q := tea.Key{Code: tea.KeyRune, Rune: 'q'}
	esc := tea.Key{Code: tea.KeyEscape}
	ask := tea.Key{Code: tea.KeyRune, Rune: '?'}
	x := tea.Key{Code: tea.KeyRune, Rune: 'x'}
	button := widgets.Button{ID: "ok", Label: "OK", OnClick: struct{}{}}
	field := widgets.TextInput{ID: "name"}
	dialog := widgets.Modal{ID: "sure", Title: "Sure?", Visible: true}
	escBack := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back"))
	tests := []struct {
		name string
		s    tea.Snapshot
		k    tea.Key
		want keyAction
	}{
		{"q on a button quits", bareSnapshot(button, "ok"), q, quitKey},
		{"esc on a button quits", bareSnapshot(button, "ok"), esc, quitKey},
		{"q with nothing focused quits", bareSnapshot(tea.Label("hi"), ""), q, quitKey},
		{"? on a button opens the help", bareSnapshot(button, "ok"), ask, toggleHelp},
		{"another key goes to the app", bareSnapshot(button, "ok"), x, passKey},
		{"q in a text field is typed", bareSnapshot(field, "name"), q, passKey},
		{"esc in a text field stays with the field", bareSnapshot(field, "name"), esc, passKey},
		{"? in a text field is typed", bareSnapshot(field, "name"), ask, passKey},
		{"esc on a dialog dismisses it", bareSnapshot(dialog, "sure"), esc, passKey},
		{"esc the app binds goes to the app", snapshotOf(screenApp{view: button, keys: []key.Binding{escBack}}, "ok"), esc, passKey},
		{"q the app does not bind still quits", snapshotOf(screenApp{view: button, keys: []key.Binding{escBack}}, "ok"), q, quitKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := terminalKey(tt.s, tt.k); got != tt.want {
				t.Fatalf("terminalKey(%s) = %d, want %d", tt.k, got, tt.want)
			}
		})
	}
}

func TestTheHelpLineNamesFocusHelpAndQuitKeys(t *testing.T) {
	two := tea.Vertical(
		widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}},
		widgets.TextInput{ID: "name"},
	)
	tests := []struct {
		name    string
		s       tea.Snapshot
		want    []string
		notWant []string
	}{
		{"on a button", bareSnapshot(two, "a"), []string{"enter press", "tab/shift+tab focus", "? more", "q/esc quit"}, nil},
		{"in a text field", bareSnapshot(two, "name"), []string{"tab/shift+tab focus", "ctrl+c quit"}, []string{"? more", "q/esc quit"}},
		{"one widget: tab moves nothing", bareSnapshot(widgets.Button{ID: "a", Label: "A", OnClick: struct{}{}}, "a"), []string{"q/esc quit"}, []string{"tab/shift+tab"}},
		{"the app binds esc", snapshotOf(screenApp{view: two, keys: []key.Binding{key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back"))}}, "a"),
			[]string{"esc back", "q quit"}, []string{"q/esc quit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			screen := layout(tt.s.View, 120, 4, tt.s.Focus, "", status{}, chromeFor(tt.s, false), defaultTheme).Plain()
			last := screen[strings.LastIndex(screen, "\n")+1:]
			for _, w := range tt.want {
				if !strings.Contains(last, w) {
					t.Errorf("help line %q does not say %q", last, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(last, w) {
					t.Errorf("help line %q says %q", last, w)
				}
			}
		})
	}
}

func TestTheTerminalsKeysStayOnANarrowHelpLine(t *testing.T) {
	s := bareSnapshot(tea.Vertical(
		widgets.SelectList{ID: "l", Options: []string{"a", "b"}},
		widgets.Button{ID: "b", Label: "B", OnClick: struct{}{}},
	), "l")
	screen := layout(s.View, 60, 4, s.Focus, "", status{}, chromeFor(s, false), defaultTheme).Plain()
	last := screen[strings.LastIndex(screen, "\n")+1:]
	if !strings.HasSuffix(strings.TrimRight(last, " "), "? more • q/esc quit") || !strings.HasPrefix(last, "↑/k up") {
		t.Fatalf("help line %q: want the list's keys cut, then ? more and q/esc quit whole", last)
	}
}
