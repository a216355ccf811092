package terminal_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// mistakes is an app with mistakes in its tree: two buttons share the id
// "save" from the start; "n" adds a focusable button without an id, and any
// other key counts.
type mistakes struct {
	count  int
	noID   bool
	nilOut bool
}

func (mistakes) Init() tea.Cmd { return nil }

func (m mistakes) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case k.Is("n"):
			m.noID = true
		case k.Is("x"):
			m.nilOut = true
		default:
			m.count++
		}
	}
	return m, nil
}

func (m mistakes) View() tea.Node {
	if m.nilOut {
		return nil
	}
	items := []tea.Node{
		tea.Label(fmt.Sprintf("count: %d", m.count)),
		widgets.Button{ID: "save", Label: "Save", OnClick: struct{}{}},
		widgets.Button{ID: "save", Label: "Save as", OnClick: struct{}{}},
	}
	if m.noID {
		items = append(items, widgets.Button{Label: "Anonymous", OnClick: struct{}{}})
	}
	return tea.Vertical(items...)
}

const duplicateSave = `! tree: duplicate id "save" (2 widgets); the second is unreachable`

// The terminal shows a mistake in the app's tree on its status line, until
// the person's next key, once: a later view with the same mistake does not
// show it again; a new mistake is shown when it appears.
func TestTheTerminalWarnsOfEachTreeMistakeOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []terminal.Option
	}{{"drawn by Bubble Tea", nil}, {"drawn line by line, as over SSH", []terminal.Option{terminal.WithLineOutput()}}} {
		t.Run(tc.name, func(t *testing.T) {
			tm := runOnTerminalSized(t, 120, 10, mistakes{}, tc.opts...)
			tm.waitFor(duplicateSave)
			tm.typeRaw("a") // dismisses the warning, and counts
			tm.waitFor("count: 1")
			tm.typeRaw("a")
			tm.waitFor("count: 2")
			if screen := tm.screen(); strings.Contains(screen, "tree:") {
				t.Fatalf("the warning came back for a later view with the same mistake:\n%s", screen)
			}
			tm.typeRaw("n")
			tm.waitFor("! tree: a focusable button has no id: it never takes focus")
			if screen := tm.screen(); strings.Contains(screen, duplicateSave) {
				t.Fatalf("the dismissed warning is shown again beside the new one:\n%s", screen)
			}
		})
	}
}

// Several mistakes at once are shown one at a time, the first with how
// many more wait; each key shows the next.
func TestTheTerminalShowsSeveralTreeMistakesInTurn(t *testing.T) {
	tm := runOnTerminalSized(t, 120, 10, mistakes{noID: true})
	tm.waitFor("! tree: a focusable button has no id: it never takes focus (+1)")
	tm.typeRaw("a")
	tm.waitFor(duplicateSave)
	tm.typeRaw("a")
	tm.waitFor("count: 2")
	if screen := tm.screen(); strings.Contains(screen, "tree:") {
		t.Fatalf("a warning is still shown after every one was dismissed:\n%s", screen)
	}
}

// A view of nil is a blank screen, and the status line says why.
func TestTheTerminalSaysANilViewIsBlank(t *testing.T) {
	tm := runOnTerminalSized(t, 120, 10, mistakes{})
	tm.waitFor(duplicateSave)
	tm.typeRaw("x")
	tm.waitFor("! tree: View returned nil: the screen is blank")
}

// The accessible mode says each mistake once, as a warning line.
func TestAccessibleModeSaysEachTreeMistakeOnce(t *testing.T) {
	r := runAccessible(t, mistakes{})
	r.waitFor(0, `warning: tree: duplicate id "save" (2 widgets); the second is unreachable`)
	m := r.mark()
	r.press("a")
	r.waitFor(m, "count: 1")
	r.press("n")
	r.waitFor(m, "warning: tree: a focusable button has no id: it never takes focus")
	r.quit()
	if n := strings.Count(r.out.String(), "duplicate id"); n != 1 {
		t.Fatalf("the duplicate id was said %d times, want once:\n%s", n, r.out.String())
	}
}
