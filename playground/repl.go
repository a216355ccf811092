package playground

import (
	"slices"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// replOverhead is how many lines of the REPL are not history: the field,
// the help line and a gap.
const replOverhead = 3

// ReplDemo evaluates arithmetic typed into a field. Widgets: TextInput
// "expr" (Enter evaluates and empties it) and Viewport "history", which
// keeps every input with its result or error. Up and Down in the field
// bring back earlier inputs, as a shell does, failed ones too (to fix
// them).
type ReplDemo struct {
	expr    widgets.TextInputState
	history widgets.ViewportState
	last    string // the last result or error
	// inputs are the expressions evaluated, oldest first; recall is the
	// one shown in the field while Up and Down browse them (len(inputs)
	// when not browsing), and draft what was typed before browsing.
	inputs []string
	recall int
	draft  string
}

// replKeys are the keys the REPL acts on itself.
var replKeys = struct{ prev, next key.Binding }{
	prev: key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous input")),
	next: key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next input")),
}

// ShortHelp implements bubbles/help's KeyMap: ↑ and ↓ recall inputs.
func (ReplDemo) ShortHelp() []key.Binding { return []key.Binding{replKeys.prev, replKeys.next} }

// FullHelp implements bubbles/help's KeyMap.
func (r ReplDemo) FullHelp() [][]key.Binding { return [][]key.Binding{r.ShortHelp()} }

// NewRepl returns an empty calculator.
func NewRepl() ReplDemo {
	return ReplDemo{
		expr: widgets.TextInputState{ID: "expr"},
		history: widgets.ViewportState{ID: "history", Height: 40 - chromeLines - helpLines - replOverhead,
			Lines: []string{"Numbers, + - * / %, parentheses and unary minus. Try 2*(3+4)."}},
	}
}

// History returns the history's lines.
func (r ReplDemo) History() []string { return r.history.Lines }

// Last returns the last result ("= 14") or error ("error: ...").
func (r ReplDemo) Last() string { return r.last }

// Init implements tea.Model.
func (r ReplDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (r ReplDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r.expr.Update(msg) || r.history.Update(msg) {
		return r, nil
	}
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		r.history.Height = max(m.Height-helpLines-replOverhead, 3)
		r.history.Top = max(len(r.history.Lines)-r.history.Height, 0)
	case widgets.TextSubmitted:
		if m.ID == r.expr.ID {
			return r.eval(m.Value), nil
		}
	case tea.KeyMsg:
		switch {
		case key.Matches(m, replKeys.prev):
			return r.browse(-1), nil
		case key.Matches(m, replKeys.next):
			return r.browse(+1), nil
		}
	}
	return r, nil
}

// browse moves through the inputs by step (-1 older, +1 newer) and puts
// the one reached in the field; past the newest it puts back the draft.
func (r ReplDemo) browse(step int) ReplDemo {
	if r.recall == len(r.inputs) {
		r.draft = r.expr.Value
	}
	r.recall = min(max(r.recall+step, 0), len(r.inputs))
	if r.recall == len(r.inputs) {
		r.expr.SetValue(r.draft)
	} else {
		r.expr.SetValue(r.inputs[r.recall])
	}
	return r
}

// eval evaluates src, appends it and its outcome to the history, scrolls to
// the end and empties the field, whether src failed or not: Up brings it
// back.
func (r ReplDemo) eval(src string) ReplDemo {
	v, err := Eval(src)
	if err != nil {
		r.last = "error: " + err.Error()
	} else {
		r.last = "= " + FormatNumber(v)
	}
	r.expr.SetValue("")
	if src != "" && (len(r.inputs) == 0 || r.inputs[len(r.inputs)-1] != src) {
		r.inputs = append(slices.Clip(r.inputs), src)
	}
	r.recall, r.draft = len(r.inputs), ""
	lines := make([]string, 0, len(r.history.Lines)+2)
	lines = append(append(lines, r.history.Lines...), "> "+src, "  "+r.last)
	r.history.Lines = lines
	h := r.history.Height
	if h <= 0 {
		h = widgets.DefaultViewportHeight
	}
	r.history.Top = max(len(lines)-h, 0)
	return r
}

// View implements tea.Model.
func (r ReplDemo) View() tea.Node {
	field := r.expr.View(widgets.TextInput{})
	field.Label, field.Placeholder = "calc", "2*(3+4)"
	return padRight(tea.Column{Items: []tea.Node{
		field,
		tea.Text{Content: "enter: evaluate · ↑/↓: earlier inputs · tab: focus the history to scroll it", Muted: true},
		tea.Spacer{Lines: 1},
		r.history.View(widgets.Viewport{}),
	}})
}
