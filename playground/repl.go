package playground

import (
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// replOverhead is how many lines of the REPL are not history: the field,
// the help line and a gap.
const replOverhead = 3

// ReplDemo evaluates arithmetic typed into a field. Widgets: TextInput
// "expr" (Enter evaluates) and Viewport "history", which keeps every input
// with its result or error.
type ReplDemo struct {
	expr    widgets.TextInputState
	history widgets.ViewportState
	last    string // the last result or error
}

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
	case widgets.Submitted:
		if m.ID == r.expr.ID {
			return r.eval(m.Value), nil
		}
	}
	return r, nil
}

// eval evaluates src, appends it and its outcome to the history, scrolls to
// the end and clears the field (an error keeps the text for fixing).
func (r ReplDemo) eval(src string) ReplDemo {
	r.expr.Value = src
	v, err := Eval(src)
	if err != nil {
		r.last = "error: " + err.Error()
	} else {
		r.last = "= " + FormatNumber(v)
		r.expr.SetValue("")
	}
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
		tea.Text{Content: "enter: evaluate · tab: focus the history to scroll it", Muted: true},
		tea.Spacer{Lines: 1},
		r.history.View(widgets.Viewport{}),
	}})
}
