package terminal_test

import (
	"context"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// groceries is a newcomer's app: a list, a Remove button, and a key of its
// own (ctrl+d) that it lists as a bubbles/help KeyMap.
type groceries struct{ items []string }

type removeMsg struct{}

var removeKey = key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "remove selected"))

func (groceries) Init() tea.Cmd { return nil }

func (g groceries) Update(tea.Msg) (tea.Model, tea.Cmd) { return g, nil }

func (g groceries) View() tea.Node {
	return tea.Vertical(
		widgets.SelectList{ID: "items", Label: "Groceries", Options: g.items},
		widgets.Button{ID: "remove", Label: "Remove", OnClick: removeMsg{}},
	)
}

func (groceries) ShortHelp() []key.Binding  { return []key.Binding{removeKey} }
func (groceries) FullHelp() [][]key.Binding { return [][]key.Binding{{removeKey}} }

// bottomLine is the screen's last line, without its trailing blanks.
func (tm *term) bottomLine() string {
	screen := strings.TrimRight(tm.screen(), "\n")
	return strings.TrimRight(screen[strings.LastIndex(screen, "\n")+1:], " ")
}

// Over SSH (the line renderer) at 90 columns with an agent attached, the
// help line keeps whole entries: the agent status, the app's own key, ?
// more and quit; the list's keys and the Tab hint, which do not fit, are
// left out rather than drawn as an empty "…" entry.
func TestTheHelpLineAt90ColumnsKeepsWholeEntries(t *testing.T) {
	ctx := context.Background()
	rt, err := tea.Start(ctx, groceries{items: []string{"milk", "eggs"}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if _, err := rt.Dispatch(ctx, tea.AttachAgentMsg{Agent: "mcp:claude"}); err != nil {
		t.Fatal(err)
	}
	tm := runOnTerminalSized(t, 90, 12, nil, terminal.WithRuntime(rt), terminal.WithLineOutput())
	const want = "● agent attached (ctrl+] detach) • ctrl+d remove selected • ? more • q/esc quit"
	tm.waitFor(want)
	if got := tm.bottomLine(); got != want {
		t.Fatalf("the help line reads\n%q, want\n%q", got, want)
	}
}

// With the full help open in a demo, Esc closes the help and leaves the
// demo open; the next Esc goes back to the catalog, which shows its own
// short help line, not the demo's full help.
func TestEscClosesTheFullHelpFirst(t *testing.T) {
	b, err := playground.NewBrowserAt("counter")
	if err != nil {
		t.Fatal(err)
	}
	tm := runOnTerminal(t, b)
	tm.waitFor("Counter")
	tm.waitFor("? more")
	tm.typeRaw("?")
	tm.waitFor("close help")
	tm.waitFor("esc back to catalog")
	tm.typeRaw("\x1b")
	tm.waitFor("? more")
	if screen := tm.screen(); !strings.Contains(screen, "─ Counter ─") || strings.Contains(screen, "close help") {
		t.Fatalf("after Esc with the full help open, want the demo with its help line; the screen shows:\n%s", screen)
	}
	tm.typeRaw("\x1b")
	tm.waitFor("Facet playground")
	tm.waitFor("? more")
	if screen := tm.screen(); strings.Contains(screen, "close help") || strings.Contains(screen, "─ Counter ─") {
		t.Fatalf("after the second Esc, want the catalog with its help line; the screen shows:\n%s", screen)
	}
}

// The full help opened on a demo is not carried to the screen the app
// shows next: here an agent takes the session back to the catalog.
func TestTheFullHelpStaysWithItsScreen(t *testing.T) {
	ctx := context.Background()
	b, err := playground.NewBrowserAt("counter")
	if err != nil {
		t.Fatal(err)
	}
	rt, err := tea.Start(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	tm := runOnTerminal(t, nil, terminal.WithRuntime(rt))
	tm.waitFor("? more")
	tm.typeRaw("?")
	tm.waitFor("close help")
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Key{Code: tea.KeyEscape}, Agent: "mcp:claude"}); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("Facet playground")
	tm.waitFor("? more")
	if screen := tm.screen(); strings.Contains(screen, "close help") {
		t.Fatalf("the catalog shows the demo's full help:\n%s", screen)
	}
	// The help is closed, not only hidden: ? opens the catalog's.
	tm.typeRaw("?")
	tm.waitFor("close help")
}
