// Package planted is an app with a bug planted on purpose, for the
// explorer agent to find (see planted_test.go). It is a small splitter:
// "inc" and "dec" move a count, "split" divides a bill into that many
// shares, and a checkbox and a text field are there to be explored too.
//
// THE PLANTED BUG: split reads shares[Count] from a table of three share
// labels, so with the count at 3 or more Update panics (index out of
// range). New returns the app with the bug; Fixed returns it with the bug
// fixed (the count is capped at the table).
package planted

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Model is the splitter's model.
type Model struct {
	Count   int                    `json:"count"`
	Round   bool                   `json:"round"`
	Note    widgets.TextInputState `json:"note"`
	Message string                 `json:"message"`
	// fixed caps the count at the table: the planted bug's fix.
	fixed bool
}

type (
	incMsg   struct{}
	decMsg   struct{}
	splitMsg struct{}
)

// shares names each count's split; it has entries for 0, 1 and 2 only.
var shares = [...]string{"nobody pays", "one pays all", "halves"}

// New returns the app with its planted bug.
func New() *Model { return &Model{Note: widgets.TextInputState{ID: "note"}} }

// Fixed returns the app with the planted bug fixed.
func Fixed() *Model {
	m := New()
	m.fixed = true
	return m
}

// Init implements tea.Model.
func (m *Model) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next := *m
	switch msg := msg.(type) {
	case incMsg:
		next.Count++
	case decMsg:
		if next.Count > 0 {
			next.Count--
		}
	case splitMsg:
		i := next.Count
		if next.fixed && i >= len(shares) {
			i = len(shares) - 1
		}
		next.Message = fmt.Sprintf("split %d ways: %s", next.Count, shares[i]) // the planted bug: i can be past the table
	case widgets.CheckboxToggled:
		next.Round = msg.Checked
	default:
		next.Note.Update(msg)
	}
	return &next, nil
}

// View implements tea.Model.
func (m *Model) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		tea.Text{Content: fmt.Sprintf("Count: %d", m.Count)},
		tea.Row{Items: []tea.Node{
			widgets.Button{ID: "inc", Label: "+", OnClick: incMsg{}},
			widgets.Button{ID: "dec", Label: "-", OnClick: decMsg{}},
			widgets.Button{ID: "split", Label: "Split", OnClick: splitMsg{}},
		}},
		widgets.Checkbox{ID: "round", Label: "Round up", Checked: m.Round},
		m.Note.View(widgets.TextInput{Label: "Note"}),
		tea.Text{Content: m.Message},
	}}
}
